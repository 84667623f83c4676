package io.hanacdc.stream;

import java.time.LocalDateTime;

/**
 * One CDC row: bookkeeping plus the row image, values in the table's column order. When the image
 * is partial (keys-only capture, a recorded capture failure) only the key values are set and the
 * row's current state is re-read from the source.
 */
public record ChangeRow(long dataId, int version, long transactionId, LocalDateTime createTime, int operation, Object[] values,
                        boolean fullImage) {}
