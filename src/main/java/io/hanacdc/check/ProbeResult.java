package io.hanacdc.check;

/**
 * What a probe found: its status, what it checked and, for a failure, what it means and what to do
 * (the GRANT to run, the setting to change); for a skip, why it does not apply.
 */
public record ProbeResult(String probe, Status status, String checked, String detail) {
    public enum Status { PASS, FAIL, SKIP }

    public static ProbeResult pass(Probe p, String checked) {
        return new ProbeResult(p.name(), Status.PASS, checked, "");
    }

    public static ProbeResult fail(Probe p, String checked, String meaningAndRemedy) {
        return new ProbeResult(p.name(), Status.FAIL, checked, meaningAndRemedy);
    }

    public static ProbeResult skip(Probe p, String checked, String reason) {
        return new ProbeResult(p.name(), Status.SKIP, checked, reason);
    }

    public boolean failed() {
        return status == Status.FAIL;
    }

    /** The printed line: status, probe, what was checked and, if any, the detail. */
    public String line() {
        return String.format("%-4s %-28s %s%s", status, probe, checked, detail.isEmpty() ? "" : " -- " + detail);
    }
}
