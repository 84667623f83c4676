package io.hanacdc.watermark;

/**
 * Where a table's stream stands. Rows safe at {@code base} are applied. {@code window} (null when
 * caught up) is a later watermark whose rows are being applied in data-id order; {@code cursor} is
 * the last data id applied from it. A window is drained completely before a new one is read, so a
 * batch-size limit never lets a position skip rows or apply them twice.
 */
public record StreamRange(Watermark base, Watermark window, long cursor) {

    public static StreamRange at(Watermark base) {
        return new StreamRange(base, null, 0);
    }

    public StreamRange open(Watermark next) {
        return new StreamRange(base, next, 0);
    }

    /** After applying a batch from the window: either the window is done (fewer rows than asked) or the cursor moves. */
    public StreamRange advance(long lastDataId, boolean windowDrained) {
        return windowDrained ? at(window) : new StreamRange(base, window, lastDataId);
    }

    /**
     * Whether a CDC row belongs to the window: the batch predicate of DESIGN §3, plus the cursor.
     * The SQL form is {@link BatchPredicate}; this form is what the model tests check it against.
     */
    public boolean selects(long dataId, long transactionId) {
        return dataId > cursor && dataId <= window.high() && !window.isOpen(transactionId)
                && (dataId > base.high() || base.isOpen(transactionId));
    }
}
