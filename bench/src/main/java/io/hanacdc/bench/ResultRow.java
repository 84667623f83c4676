package io.hanacdc.bench;

/**
 * One line of the results table. {@code ratio} is against the baseline measured in the same run
 * (NaN where none applies); {@code verdict} compares with the target, informational only.
 */
public record ResultRow(String section, String measurement, double value, String unit, double ratio, String target,
                        Verdict verdict, String note) {

    public enum Verdict {
        PASS, FAIL, NONE, NOT_AVAILABLE;

        static Verdict of(boolean ok) {
            return ok ? PASS : FAIL;
        }

        String label() {
            return switch (this) {
                case PASS -> "pass";
                case FAIL -> "FAIL";
                case NONE -> "";
                case NOT_AVAILABLE -> "n/a";
            };
        }
    }

    public static ResultRow info(String section, String measurement, double value, String unit, String note) {
        return new ResultRow(section, measurement, value, unit, Double.NaN, "", Verdict.NONE, note);
    }

    public String formattedValue() {
        if (Double.isNaN(value)) {
            return "—";
        }
        return switch (unit) {
            case "rows/s", "rows" -> String.format("%,.0f", value);
            case "ms", "MB", "threads", "tables" -> String.format("%,.0f", value);
            case "×" -> String.format("%.2f", value);
            default -> String.format("%,.1f", value);
        };
    }

    public String formattedRatio() {
        return Double.isNaN(ratio) ? "" : String.format("%.2f×", ratio);
    }
}
