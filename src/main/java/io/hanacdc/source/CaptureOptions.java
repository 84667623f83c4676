package io.hanacdc.source;

import io.hanacdc.CdcException;

/**
 * How capture is installed.
 *
 * @param keysOnly triggers store only the key columns; apply re-reads the current row by key
 * @param recordErrors when a capture insert fails, record the key in the table's capture-error table
 *                     (re-read and applied by the stream) instead of failing the business write
 */
public record CaptureOptions(boolean keysOnly, boolean recordErrors) {
    public static final CaptureOptions DEFAULT = new CaptureOptions(false, true);

    public static CaptureOptions parse(String mode, String onError) {
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
        return new CaptureOptions(keysOnly, record);
    }
}
