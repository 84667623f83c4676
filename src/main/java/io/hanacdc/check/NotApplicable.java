package io.hanacdc.check;

/** A probe of an assumption another source makes: listed on this source as SKIP with the reason, so every source prints the same probes. */
public record NotApplicable(String name, String checks, String reason) implements Probe {
    @Override
    public ProbeResult run(CheckContext context) {
        return ProbeResult.skip(this, checks, reason);
    }
}
