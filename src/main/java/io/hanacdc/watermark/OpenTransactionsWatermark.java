package io.hanacdc.watermark;

import io.hanacdc.source.CaptureNames;
import io.hanacdc.source.SourceDialect;
import java.sql.Connection;
import java.sql.SQLException;

/** DESIGN §3's watermark: H, then A (the open write transactions), as separate statements in that order. */
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

    @Override
    public Watermark next(Connection source, StreamRange range) throws SQLException {
        long high = dialect.readHighWaterMark(source, names);
        return new Watermark(high, dialect.readOpenTransactions(source));
    }
}
