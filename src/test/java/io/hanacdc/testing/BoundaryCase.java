package io.hanacdc.testing;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * One source column type of the type conformance suite with the values at its boundaries: those that must arrive
 * exactly, and those the MySQL/MariaDB target cannot hold, which must stop their table with an error naming the
 * table, the column and the value ({@code shownAs} is how that error names it). Values are the source's text
 * literals, cast to the type on insert; {@code sourceText} and {@code targetText} read a column back as text in
 * each database, and {@link Compare} says how two such texts are the same value.
 */
public record BoundaryCase(String name, String type, List<String> setup, boolean keyable, List<String> values, List<Refusal> refused,
                           Compare compare, String sourceText, String targetText, String insert) {

    /** A copy with other values and refusals (the same type, reads and insert). */
    public BoundaryCase with(boolean asKey, List<String> literals, List<Refusal> refusals, Compare how) {
        return new BoundaryCase(name, type, setup, asKey, literals, refusals, how, sourceText, targetText, insert);
    }

    /** The expression that makes a value of the type from its literal bound as text. */
    public String parameter() {
        return insert.formatted(type);
    }

    /**
     * A value the MySQL/MariaDB target cannot hold, a fragment of how the refusal names it, and whether a PostgreSQL
     * target cannot hold it either (its numeric, dates and floats hold what MariaDB's refuse: docs/postgresql-target.md).
     */
    public record Refusal(String literal, String shownAs, boolean byPostgres) {}

    /**
     * This case into a PostgreSQL target: read back there by {@code targetText}, and every value that target holds
     * among the values to arrive exactly.
     */
    public BoundaryCase intoPostgres(String postgresText) {
        List<String> literals = new ArrayList<>(values);
        refused.stream().filter(r -> !r.byPostgres()).map(Refusal::literal).forEach(literals::add);
        return new BoundaryCase(name, type, setup, keyable, List.copyOf(literals), refused.stream().filter(Refusal::byPostgres).toList(), compare,
                sourceText, postgresText, insert);
    }

    /** How the texts two databases print for one value are compared. */
    public enum Compare {
        /** Exactly as printed. */
        TEXT,
        /** CHAR(n): without the padding spaces (the type mapping in docs/: CHAR keeps no trailing blanks). */
        CHAR,
        /** By numeric value: 1.50 is 1.5; a target that keeps the text (wide numbers as text) compares as printed. */
        NUMBER,
        /** Doubles: the same IEEE value, 0.0 and -0.0 being equal as both databases compare them (the type mapping in docs/). */
        FLOAT8,
        /** Floats: as FLOAT8, at single precision. */
        FLOAT4,
        BOOLEAN,
        /** Dates, times and timestamps: trailing zeros of the fraction carry nothing. */
        TEMPORAL;

        public String normalize(String text) {
            if (text == null) {
                return "NULL";
            }
            return switch (this) {
                case TEXT -> text;
                case CHAR -> text.replaceAll(" +$", "");
                case NUMBER -> {
                    try {
                        BigDecimal d = new BigDecimal(text);
                        yield d.signum() == 0 ? "0" : d.stripTrailingZeros().toPlainString();
                    } catch (NumberFormatException e) {
                        yield text;
                    }
                }
                case FLOAT8 -> {
                    double d = Double.parseDouble(text);
                    yield d == 0 ? "0.0" : Double.toString(d);
                }
                case FLOAT4 -> {
                    float f = (float) Double.parseDouble(text);
                    yield f == 0 ? "0.0" : Float.toString(f);
                }
                case BOOLEAN -> switch (text.toLowerCase(Locale.ROOT)) {
                    case "t", "true", "1" -> "true";
                    case "f", "false", "0" -> "false";
                    default -> text;
                };
                case TEMPORAL -> {
                    String t = text.replace('T', ' ');
                    int dot = t.lastIndexOf('.');
                    int colon = t.lastIndexOf(':');
                    if (dot > colon && colon > 0) {
                        int end = dot + 1;
                        while (end < t.length() && Character.isDigit(t.charAt(end))) {
                            end++;
                        }
                        String digits = t.substring(dot + 1, end).replaceAll("0+$", "");
                        t = t.substring(0, dot) + (digits.isEmpty() ? "" : "." + digits) + t.substring(end);
                    }
                    yield t;
                }
            };
        }
    }

    /** A case builder: the type, then its values. */
    public static Builder of(String name, String type) {
        return new Builder(name, type);
    }

    public static final class Builder {
        private final String name;
        private final String type;
        private final List<String> setup = new ArrayList<>();
        private final List<String> values = new ArrayList<>();
        private final List<Refusal> refused = new ArrayList<>();
        private boolean keyable;
        private Compare compare = Compare.TEXT;
        private String sourceText = "%s::text";
        private String targetText = "%s";
        private String insert = "CAST(? AS %s)";

        private Builder(String name, String type) {
            this.name = name;
            this.type = type;
        }

        public Builder setup(String... sql) {
            setup.addAll(List.of(sql));
            return this;
        }

        public Builder key() {
            keyable = true;
            return this;
        }

        public Builder values(String... literals) {
            values.addAll(List.of(literals));
            return this;
        }

        public Builder values(List<String> literals) {
            values.addAll(literals);
            return this;
        }

        /** A value MySQL/MariaDB cannot hold and PostgreSQL can. */
        public Builder refused(String literal, String shownAs) {
            refused.add(new Refusal(literal, shownAs, false));
            return this;
        }

        /** A value no target can hold. */
        public Builder refusedByEvery(String literal, String shownAs) {
            refused.add(new Refusal(literal, shownAs, true));
            return this;
        }

        public Builder compare(Compare how) {
            compare = how;
            return this;
        }

        /** Read back as text: a format with one %s for the column, in the source's SQL and in the target's. */
        public Builder read(String source, String target) {
            sourceText = source;
            targetText = target;
            return this;
        }

        /** How a literal bound as text becomes a value of the type: a format whose %s is the type (default CAST(? AS %s)). */
        public Builder insert(String format) {
            insert = format;
            return this;
        }

        public BoundaryCase build() {
            return new BoundaryCase(name, type, List.copyOf(setup), keyable, List.copyOf(values), List.copyOf(refused), compare, sourceText, targetText,
                    insert);
        }
    }
}
