package io.hanacdc.config;

import static io.hanacdc.config.Setting.choice;
import static io.hanacdc.config.Setting.number;
import static io.hanacdc.config.Setting.text;

import java.util.List;

/** How changes are captured and moved: polling, batches, the initial load, the watermark. */
public final class StreamSettings implements SettingGroup {
    public static final Setting POLL_INTERVAL = number("hanacdc.poll-interval-ms", 200L, 1,
            "how often an idle table is polled; a full batch is followed by the next at once");
    public static final Setting BUSY_POLL_INTERVAL = number("hanacdc.busy-poll-interval-ms", 25L, 1,
            "how often tables are polled while changes keep coming: from the first change found (at most a poll interval after"
                    + " its commit) until 2 s pass without one, then every `hanacdc.poll-interval-ms` again. The same value as that"
                    + " setting: one pace. With the open-transactions watermark (gap probing keeps one pace)");
    public static final Setting BATCH_SIZE = number("hanacdc.batch-size", 5000L, 1, "most CDC rows applied in one target transaction");
    public static final Setting PARALLEL_TABLES = number("hanacdc.stream.parallel-tables", null, 1,
            "how many tables move batches at the same time; each takes turns of half a second (see [How it works](how-it-works.md))")
            .defaultText("cores, at least 2");
    public static final Setting CHUNK_SIZE = number("hanacdc.snapshot.chunk-size", 10000L, 1,
            "rows per initial-load chunk (one target transaction each)");
    public static final Setting LOCK_TIMEOUT = number("hanacdc.install.lock-timeout-ms", 10000L, 1,
            "how long install (and `alter`) waits for a lock on a busy source table");
    public static final Setting STATUS_INTERVAL = text("hanacdc.status-interval", "5s",
            "how often `routes/status.yaml` logs the per-table status (a Camel timer period)");
    public static final Setting CAPTURE_MODE = choice("hanacdc.capture.mode", List.of("full", "keys-only"),
            "`full`: triggers copy the whole row; `keys-only`: triggers copy only the key and apply re-reads the current row from the"
                    + " source — much cheaper triggers on very wide tables, same target state");
    public static final Setting MAX_PENDING_ROWS = number("hanacdc.capture.max-pending-rows", 1_000_000_000L, 0,
            "circuit breaker, checked at each purge from the catalog's row counts: a CDC table holding more rows has its table's"
                    + " capture suspended (as `bin/hana-cdc suspend`), logged at ERROR, the table stopped with the reason; `resume` turns"
                    + " it on and loads the table anew. Below SAP HANA's cap of about 2 billion rows per unpartitioned column table."
                    + " `0`: never");
    public static final Setting WATERMARK = choice("hanacdc.watermark", List.of("auto", "open-transactions", "gap-probe"),
            "`open-transactions`: the (H, A) watermark, needs to read open transactions (HANA: CATALOG READ); `gap-probe`: the"
                    + " fallback that needs only DML rights on the CDC schema; `auto`: the first when possible, else the second, said"
                    + " at startup");
    public static final Setting PROBE_TIMEOUT = number("hanacdc.watermark.probe-timeout-ms", 1000L, 1,
            "gap probing: how long a probe waits for a transaction holding an id before trying again next poll");
    public static final Setting PROBES_PER_POLL = number("hanacdc.watermark.probes-per-poll", 1000L, 1,
            "gap probing: most ids one poll of a table probes; a longer run of gaps is crossed over several polls, applying the"
                    + " table's changes up to where each got");

    @Override
    public String title() {
        return "Capture and streaming";
    }

    @Override
    public int rank() {
        return 20;
    }

    @Override
    public List<Setting> settings() {
        return List.of(POLL_INTERVAL, BUSY_POLL_INTERVAL, BATCH_SIZE, PARALLEL_TABLES, CHUNK_SIZE, LOCK_TIMEOUT, STATUS_INTERVAL, CAPTURE_MODE,
                MAX_PENDING_ROWS, WATERMARK, PROBE_TIMEOUT, PROBES_PER_POLL);
    }
}
