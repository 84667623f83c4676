package io.hanacdc.watermark;

import static io.hanacdc.source.CdcColumns.CREATE_TIME;
import static io.hanacdc.source.CdcColumns.DATA_ID;
import static io.hanacdc.source.CdcColumns.OPERATION;
import static io.hanacdc.source.CdcColumns.TRANSACTION_ID;
import static io.hanacdc.source.CdcColumns.TRIGGER_ID;

import io.hanacdc.source.SourceDialect;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * The fallback watermark of DESIGN §3 for a source user who cannot read the open transactions (HANA
 * without CATALOG READ): it needs only DML rights on the CDC schema. A data id up to the highest
 * id seen by the previous poll that no capture table holds as a real row is a gap: its transaction is
 * still open, or it was rolled back or never used. For each gap, in order, a placeholder row
 * (operation 0) with that id is inserted into this table's capture tables. The unique key on the
 * data id decides: if this table's open transaction holds the id, the insert waits for it and then
 * fails (committed: the row is now visible) or succeeds (rolled back: the id is filled); otherwise it
 * succeeds at once. A probe that still waits after the probe timeout ends the window just below that
 * id, so one long transaction delays only its own table, and retries on the next poll.
 * <p>
 * Probing only up to the previous poll's highest id gives a transaction between taking an id and
 * writing its row a full poll interval before its id is probed. A poll probes at most a set number of
 * ids and ends its window below the next one, so a stretch of gaps is crossed over several polls
 * while the table's changes up to it are applied.
 */
public final class GapProbeWatermark implements WatermarkReader {
    private final SourceDialect dialect;
    private final CaptureIdReads reads;
    private final List<String> ownCaptureTables;
    private final SettledIds settled;
    private final Duration probeTimeout;
    private final int probesPerPoll;
    private long previousHighest = -1;

    /** Every capture table that takes ids from the shared sequence, qualified, as the registry lists them now. */
    public interface CaptureTables {
        List<String> all(Connection c) throws SQLException;
    }

    /** The highest data id up to which every id is already settled for this table's capture tables (0: none known). */
    public interface SettledIds {
        long upTo(Connection c) throws SQLException;
    }

    /**
     * @param reads            reads of every capture table, shared by the task's tables
     * @param ownCaptureTables this table's capture tables, where placeholders go
     * @param settled          what other readers of this table have settled, so a new start does not probe it again
     */
    public GapProbeWatermark(SourceDialect dialect, CaptureIdReads reads, List<String> ownCaptureTables, SettledIds settled,
                             Duration probeTimeout, int probesPerPoll) {
        this.dialect = dialect;
        this.reads = reads;
        this.ownCaptureTables = ownCaptureTables;
        this.settled = settled;
        this.probeTimeout = probeTimeout;
        this.probesPerPoll = probesPerPoll;
    }

    @Override
    public Watermark next(Connection source, StreamRange range) throws SQLException {
        long done = range.base().high();
        long highest = reads.highest(source);
        long probeTo = previousHighest < 0 ? done : Math.max(done, previousHighest);
        previousHighest = highest;
        if (probeTo <= done) {
            return new Watermark(done, new long[0]);
        }
        Set<Long> real = reads.realIds(source, done, probeTo);
        int probes = 0;
        for (long id = done + 1; id <= probeTo; id++) {
            if (real.contains(id)) {
                continue;
            }
            if (probes++ == probesPerPoll || !fill(source, id)) {
                return new Watermark(id - 1, new long[0]); // still held, or not probed yet: everything below it is settled
            }
        }
        return new Watermark(probeTo, new long[0]);
    }

    /**
     * Above the floor and above what others settled, none of the table's ids can be open, so ids below
     * are never probed: on a busy source those are mostly ids whose rows were purged long ago, one
     * probe each. The first window then probes up to the highest id seen now.
     */
    @Override
    public Watermark start(Connection source, long floor) throws SQLException {
        previousHighest = reads.highest(source);
        return new Watermark(Math.max(floor, settled.upTo(source)), new long[0]);
    }

    /** The highest id any capture table holds: rows of transactions still open below it are skipped by a reset to it. */
    @Override
    public Watermark now(Connection source) throws SQLException {
        return new Watermark(reads.highest(source), new long[0]);
    }

    private String idColumn() {
        return dialect.quote(DATA_ID);
    }

    /** True when the id is settled (placeholder inserted, or a committed row holds it); false while a transaction still holds it. */
    private boolean fill(Connection c, long id) throws SQLException {
        List<String> inserts = new ArrayList<>();
        for (String table : ownCaptureTables) {
            inserts.add("INSERT INTO " + table + " (" + idColumn() + ", " + dialect.quote(TRIGGER_ID) + ", " + dialect.quote(TRANSACTION_ID)
                    + ", " + dialect.quote(CREATE_TIME) + ", " + dialect.quote(OPERATION) + ") VALUES (" + id + ", 0, 0, " + dialect.utcNow() + ", 0)");
        }
        try {
            dialect.executeAtomically(c, inserts, probeTimeout);
            return true;
        } catch (SQLException e) {
            String state = e.getSQLState() == null ? "" : e.getSQLState();
            if (state.startsWith("23")) {
                return true; // a committed row holds the id: it is visible now
            }
            if (dialect.isLockTimeout(e)) {
                return false;
            }
            throw e;
        }
    }
}
