package io.hanacdc.stream;

import static io.hanacdc.source.CdcColumns.OP_RESYNC;

import io.hanacdc.capture.CaptureVersion;
import io.hanacdc.capture.CaptureVersions;
import io.hanacdc.schema.SourceColumn;
import io.hanacdc.schema.SourceTable;
import io.hanacdc.source.CaptureNames;
import io.hanacdc.source.SourceDialect;
import io.hanacdc.watermark.StreamRange;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Reads the watermark and the safe rows of one table from the source: from its CDC table and, where
 * triggers record capture failures, from its capture-error table, merged in data-id order. Each row is
 * decoded with the columns of the capture version that wrote it (DESIGN §5); the query selects every
 * CDC column any known version uses, and is rebuilt when a row of a version not known yet turns up.
 */
public final class BatchReader {
    /** Rows of one read, and whether they were all the window had left. */
    public record Batch(List<ChangeRow> rows, boolean drained) {}

    /** One capture table's query over the given CDC columns; error tables hold keys under the first version's names. */
    private record Part(BatchQuery query, List<String> cdcColumns, boolean keysOnly) {}

    private final SourceDialect dialect;
    private final CaptureVersions versions;
    private final List<String> tables;
    private List<Part> parts;
    private int partsFor;

    public BatchReader(SourceDialect dialect, CaptureNames names, CaptureVersions versions) {
        this.dialect = dialect;
        this.versions = versions;
        this.tables = names.captureTables(dialect, versions.table());
    }

    private List<Part> parts() {
        List<CaptureVersion> known = versions.all();
        if (parts == null || partsFor != known.size()) {
            Map<String, SourceColumn> cdc = new LinkedHashMap<>();
            for (CaptureVersion v : known) {
                List<SourceColumn> captured = v.layout().captured();
                List<String> names = v.layout().capturedCdcColumns();
                for (int i = 0; i < names.size(); i++) {
                    cdc.putIfAbsent(names.get(i), captured.get(i).renamed(names.get(i)));
                }
            }
            List<Part> out = new ArrayList<>();
            out.add(new Part(new BatchQuery(dialect, tables.get(0), List.copyOf(cdc.values())), List.copyOf(cdc.keySet()), false));
            if (tables.size() > 1) {
                List<SourceColumn> keys = known.get(0).layout().table().keyColumns();
                out.add(new Part(new BatchQuery(dialect, tables.get(1), keys), keys.stream().map(SourceColumn::name).toList(), true));
            }
            parts = out;
            partsFor = known.size();
        }
        return parts;
    }

    public Batch read(Connection c, StreamRange range, int limit) throws SQLException {
        try {
            return readOnce(c, range, limit);
        } catch (NotSelected e) { // a version with new CDC columns turned up: the versions are reloaded, the query grows
            return readOnce(c, range, limit);
        }
    }

    /** A row's version uses CDC columns the query did not select. */
    private static final class NotSelected extends RuntimeException {
        NotSelected() {
            super(null, null, false, false);
        }
    }

    private Batch readOnce(Connection c, StreamRange range, int limit) throws SQLException {
        List<ChangeRow> rows = new ArrayList<>();
        boolean drained = true;
        List<Part> current = parts();
        Set<Long> recorded = new HashSet<>(); // the capture-error table's keys: re-reads, never half of a moved row's pair
        for (Part part : current) {
            int before = rows.size();
            read(c, part, range, limit, rows);
            drained &= rows.size() - before < limit;
            if (part.keysOnly()) {
                rows.subList(before, rows.size()).forEach(r -> recorded.add(r.dataId()));
            }
        }
        if (current.size() > 1) {
            rows.sort(Comparator.comparingLong(ChangeRow::dataId));
        }
        if (rows.size() > limit) {
            return new Batch(keepingPairs(new ArrayList<>(rows.subList(0, limit)), recorded), false);
        }
        return drained && rows.size() < limit ? new Batch(rows, true) : new Batch(keepingPairs(rows, recorded), false);
    }

    /**
     * A batch cut by its limit ends before the first old key of a moved row whose new image may be past the cut (no later
     * row of its transaction in the batch): the next batch then has both, so the target can move the row by its key
     * ({@link io.hanacdc.source.CdcColumns#OP_UPDATE_AFTER_NEW_KEY}). A batch that would be left empty is kept whole.
     */
    static List<ChangeRow> keepingPairs(List<ChangeRow> rows, Set<Long> recordedFailures) {
        Map<Long, Integer> lastOfTransaction = null;
        for (int i = 1; i < rows.size(); i++) {
            if (!KeyMoves.oldKey(rows.get(i).operation()) || recordedFailures.contains(rows.get(i).dataId())) {
                continue;
            }
            if (lastOfTransaction == null) { // built only for a batch holding an old key: rare
                lastOfTransaction = new HashMap<>();
                for (int j = 0; j < rows.size(); j++) {
                    lastOfTransaction.put(rows.get(j).transactionId(), j);
                }
            }
            if (lastOfTransaction.get(rows.get(i).transactionId()) == i) {
                return new ArrayList<>(rows.subList(0, i));
            }
        }
        return rows;
    }

    private void read(Connection c, Part part, StreamRange range, int limit, List<ChangeRow> into) throws SQLException {
        Map<Integer, Decoder> decoders = new LinkedHashMap<>();
        Decoder d = null;
        try (PreparedStatement s = dialect.bulkQuery(c, part.query().sql(range, limit))) {
            s.setFetchSize(Math.min(limit, 1000));
            try (ResultSet rs = s.executeQuery()) {
                while (rs.next()) {
                    int captureVersion = rs.getInt(2);
                    if (d == null || d.captureVersion != captureVersion) { // rows of one version come in long runs
                        d = decoders.get(captureVersion);
                        if (d == null) {
                            d = new Decoder(versions.get(c, captureVersion), part);
                            decoders.put(captureVersion, d);
                        }
                    }
                    int op = rs.getInt(5);
                    into.add(new ChangeRow(rs.getLong(1), captureVersion, rs.getLong(3), rs.getObject(4, LocalDateTime.class), op,
                            d.values(rs), d.fullImage && op != OP_RESYNC));
                }
            }
        }
    }

    /** Places the selected CDC columns into a row of one version's shape; an error table's keys keep their place in the key. */
    private final class Decoder {
        private final int captureVersion;
        private final List<SourceColumn> columns;
        private final int[] selectIndex;
        private final boolean fullImage;

        Decoder(CaptureVersion v, Part part) {
            this.captureVersion = v.number();
            SourceTable t = v.layout().table();
            this.columns = t.columns();
            this.selectIndex = new int[columns.size()];
            for (int i = 0; i < columns.size(); i++) {
                String cdc = part.keysOnly()
                        ? (t.primaryKey().contains(columns.get(i).name()) ? part.cdcColumns().get(t.primaryKey().indexOf(columns.get(i).name())) : null)
                        : v.layout().cdcColumns().get(i);
                int at = cdc == null ? -1 : part.cdcColumns().indexOf(cdc);
                if (cdc != null && at < 0) {
                    throw new NotSelected();
                }
                selectIndex[i] = at < 0 ? -1 : 6 + at;
            }
            this.fullImage = !part.keysOnly() && v.layout().fullImage();
        }

        Object[] values(ResultSet rs) throws SQLException {
            Object[] values = new Object[columns.size()];
            for (int i = 0; i < values.length; i++) {
                if (selectIndex[i] > 0) {
                    values[i] = dialect.readValue(rs, selectIndex[i], columns.get(i).type());
                }
            }
            return values;
        }
    }
}
