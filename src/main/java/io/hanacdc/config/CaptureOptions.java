package io.hanacdc.config;

import io.hanacdc.common.CdcException;

/**
 * How capture is installed.
 *
 * @param keysOnly triggers store only the key columns; apply re-reads the current row by key
 * @param recordErrors when a capture insert fails, record the key in the table's capture-error table
 *                     (re-read and applied by the stream) instead of failing the business write
 * @param rowTriggers PostgreSQL: one trigger call per changed row instead of one per statement
 *                    (cheaper for one-row statements, far dearer for multi-row ones); SAP HANA
 *                    triggers are always per row
 * @param cdcPartitions SAP HANA: CDC tables made from now on are hash-partitioned on the data id into this many
 *                      partitions (1: not partitioned), for tables whose changes between two purges may near the
 *                      2 billion rows an unpartitioned column table holds
 */
public record CaptureOptions(boolean keysOnly, boolean recordErrors, boolean rowTriggers, int cdcPartitions) {
    public static final CaptureOptions DEFAULT = new CaptureOptions(false, true, false);

    public CaptureOptions(boolean keysOnly, boolean recordErrors) {
        this(keysOnly, recordErrors, false);
    }

    public CaptureOptions(boolean keysOnly, boolean recordErrors, boolean rowTriggers) {
        this(keysOnly, recordErrors, rowTriggers, 1);
    }

    public CaptureOptions withCdcPartitions(int partitions) {
        return new CaptureOptions(keysOnly, recordErrors, rowTriggers, partitions);
    }

    public static CaptureOptions parse(String mode, String onError, String triggerLevel) {
        boolean keysOnly = switch (mode) {
            case "full" -> false;
            case "keys-only" -> true;
            default -> throw new CdcException("hanacdc.capture.mode=" + mode + " is not one of: full, keys-only");
        };
        boolean record = switch (onError) {
            case "record-and-resync" -> true;
            case "fail" -> false;
            default -> throw new CdcException("hanacdc.capture.on-error=" + onError + " is not one of: record-and-resync, fail");
        };
        boolean row = switch (triggerLevel) {
            case "statement" -> false;
            case "row" -> true;
            default -> throw new CdcException("hanacdc.capture.trigger-level=" + triggerLevel + " is not one of: statement, row");
        };
        return new CaptureOptions(keysOnly, record, row);
    }
}
