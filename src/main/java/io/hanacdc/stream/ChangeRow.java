package io.hanacdc.stream;

import java.time.LocalDateTime;
import java.time.ZoneOffset;

/**
 * One CDC row: bookkeeping plus the row image, values in the table's column order. When the image
 * is partial (keys-only capture, a recorded capture failure) only the key values are set and the
 * row's current state is re-read from the source. The capture time is kept as microseconds since
 * the epoch: rows wait in memory in their thousands, and only a batch's last one's time is read.
 */
public record ChangeRow(long dataId, int captureVersion, long transactionId, long createMicros, int operation, Object[] values,
                        boolean fullImage) {
    private static final long NO_TIME = Long.MIN_VALUE;

    public ChangeRow(long dataId, int captureVersion, long transactionId, LocalDateTime createTime, int operation, Object[] values, boolean fullImage) {
        this(dataId, captureVersion, transactionId, createTime == null ? NO_TIME : createTime.toEpochSecond(ZoneOffset.UTC) * 1_000_000 + createTime.getNano() / 1000,
                operation, values, fullImage);
    }

    /** When the change was captured (UTC), or null when the CDC row has no time. */
    public LocalDateTime createTime() {
        return createMicros == NO_TIME ? null
                : LocalDateTime.ofEpochSecond(Math.floorDiv(createMicros, 1_000_000), (int) Math.floorMod(createMicros, 1_000_000) * 1000, ZoneOffset.UTC);
    }
}
