package io.hanacdc.source;

/**
 * A column of a type whose values a row trigger must copy into the CDC table (a LOB, a spatial value), with a value
 * to write, in the source's SQL; {@code optional}: a server of another release or edition may not know the type.
 */
public record CapturedType(String column, String definition, String value, boolean optional) {}
