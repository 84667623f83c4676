package io.hanacdc.stream;

/**
 * A row the source moved from one key to another, which a target that holds rows applies as an update of the key before
 * the batch's deletes and upserts, so what refers to the row on the target follows it; the deletes and upserts then leave
 * each key as the batch does, whatever became of the move. {@code clearFirst}: the new key was deleted at the source
 * earlier in the batch, so that other row may still be on the target and goes first, as it went first at the source.
 */
public record KeyMove(Object[] from, Object[] to, boolean clearFirst) {}
