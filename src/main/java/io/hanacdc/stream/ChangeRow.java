package io.hanacdc.stream;

import java.time.LocalDateTime;

/** One CDC row: bookkeeping plus the row image, values in the table's column order. */
public record ChangeRow(long dataId, int version, long transactionId, LocalDateTime createTime, int operation, Object[] values) {}
