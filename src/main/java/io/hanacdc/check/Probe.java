package io.hanacdc.check;

/**
 * One preflight check ({@code hana-cdc check}): proves one assumption the task relies on, on the
 * user's own databases, as the configured users. A probe never touches a subscribed table's data or
 * triggers; what it writes lives in scratch objects it removes again.
 */
public interface Probe {
    /** Short stable name, e.g. "source privileges": the JSON key and the start of the printed line. */
    String name();

    /**
     * Whether a failure would lose data and the check is quick: such probes also run before
     * {@code install} and {@code run}, which refuse to continue when one fails.
     */
    default boolean guardsData() {
        return false;
    }

    /** Runs the probe; an exception is reported as a failure of the probe. */
    ProbeResult run(CheckContext context) throws Exception;
}
