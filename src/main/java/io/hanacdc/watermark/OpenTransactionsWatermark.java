package io.hanacdc.watermark;

import io.hanacdc.source.CaptureNames;
import io.hanacdc.source.HighAndOpen;
import io.hanacdc.source.SourceDialect;
import java.sql.Connection;
import java.sql.SQLException;

/** DESIGN §3's watermark: H, then A (the open write transactions), in that order; or both in one statement where the dialect reads a snapshot. */
public final class OpenTransactionsWatermark implements WatermarkReader {
    private final SourceDialect dialect;
    private final CaptureNames names;

    public OpenTransactionsWatermark(SourceDialect dialect, CaptureNames names) {
        this.dialect = dialect;
        this.names = names;
    }

    @Override
    public Watermark now(Connection source) throws SQLException {
        return next(source, null);
    }

    /** Every transaction that wrote below H and is not finished is in A: the floor is not needed. */
    @Override
    public Watermark start(Connection source, long floor) throws SQLException {
        return now(source);
    }

    /**
     * H, then A; or H and the last A, unread, when the last watermark ({@code range}'s latest) held no transaction open
     * (none listed, no open-ended part: never a PostgreSQL snapshot) and no id was taken since but the ones reading H
     * takes. Every row at or below H was then written before that watermark by a transaction finished at it, so no
     * transaction can be in A for H: the invariant holds. It spares SAP HANA the read of its transactions at every idle tick.
     */
    @Override
    public Watermark next(Connection source, StreamRange range) throws SQLException {
        Watermark last = range == null ? null : range.window() != null ? range.window() : range.base();
        if (last != null && last.open().length == 0 && last.openFrom() == Watermark.NO_BOUND) {
            long high = dialect.readHighWaterMark(source, names);
            if (high >= last.high() && high - last.high() <= dialect.idsTakenReadingHigh()) {
                return new Watermark(high, last.open());
            }
            return new Watermark(high, dialect.readOpenTransactions(source));
        }
        HighAndOpen read = dialect.readWatermark(source, names);
        return new Watermark(read.high(), read.open());
    }
}
