package io.hanacdc.watermark;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.hanacdc.capture.CaptureVersion;
import io.hanacdc.capture.CaptureVersions;
import io.hanacdc.schema.ColumnType;
import io.hanacdc.schema.SourceColumn;
import io.hanacdc.schema.SourceTable;
import io.hanacdc.schema.TableId;
import io.hanacdc.source.CaptureLayout;
import io.hanacdc.source.CaptureNames;
import io.hanacdc.source.SourceDialect;
import io.hanacdc.stream.BatchReader;
import io.hanacdc.stream.ChangeRow;
import io.hanacdc.testing.Pipeline;
import io.hanacdc.testing.TestDatabases;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.Timestamp;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.function.BiFunction;
import java.util.stream.LongStream;

/**
 * The batch SQL a dialect runs selects exactly what the model predicate {@link StreamRange#selects}
 * selects, in data-id order: random windows and held-back transactions over a CDC table with gaps in
 * its ids. Run by the source behaviour suite on every source it knows (HANA's SQL on a live HANA).
 */
public final class BatchQueryEquivalence {
    private BatchQueryEquivalence() {}

    /**
     * @param url         the source, as a user who may create a table in {@code schema}
     * @param createTable CREATE TABLE in the source's dialect, from a table name and portable column definitions
     */
    public static void check(String url, SourceDialect dialect, String schema, BiFunction<String, String, String> createTable) throws Exception {
        CaptureNames names = new CaptureNames(schema, dialect);
        SourceTable table = new SourceTable(new TableId("s", "t"),
                List.of(new SourceColumn("id", "INTEGER", ColumnType.of(ColumnType.Kind.INTEGER), false)), List.of("id"));
        String cdcTable = names.cdcTable(table.id());
        Pipeline.exec(url, createTable.apply(cdcTable, "\"__$DATA_ID\" BIGINT NOT NULL, \"__$TRIGGER_ID\" INTEGER, \"__$TRANSACTION_ID\" BIGINT,"
                + " \"__$CREATE_TIME\" TIMESTAMP, \"__$OPERATION\" SMALLINT, \"id\" INTEGER, PRIMARY KEY (\"__$DATA_ID\")"));
        Random rnd = new Random(7);
        long[][] rows = new long[400][];
        try (Connection c = TestDatabases.connect(url);
             PreparedStatement ps = c.prepareStatement("INSERT INTO " + dialect.qualified(schema, cdcTable) + " VALUES (?, 1, ?, ?, 2, 1)")) {
            for (int i = 0; i < rows.length; i++) {
                rows[i] = new long[] {i * 2 + 1, 1 + rnd.nextInt(20)}; // ids with gaps, 20 transactions
                ps.setLong(1, rows[i][0]);
                ps.setLong(2, rows[i][1]);
                ps.setTimestamp(3, new Timestamp(System.currentTimeMillis()));
                ps.addBatch();
            }
            ps.executeBatch();
        }
        BatchReader reader = new BatchReader(dialect, names, CaptureVersions.of(new CaptureVersion(CaptureLayout.initial(table, false), Map.of(), 0, 0)));
        try (Connection c = TestDatabases.connect(url)) {
            for (int trial = 0; trial < 300; trial++) {
                long baseFrom = rnd.nextBoolean() ? Watermark.NO_BOUND : 10 + rnd.nextInt(12);
                long windowFrom = baseFrom == Watermark.NO_BOUND || rnd.nextBoolean() ? Watermark.NO_BOUND : baseFrom + rnd.nextInt(8);
                Watermark base = new Watermark(rnd.nextInt(800), randomTransactions(rnd), baseFrom);
                Watermark window = new Watermark(base.high() + rnd.nextInt(400), randomTransactions(rnd), windowFrom);
                StreamRange range = new StreamRange(base, window, rnd.nextBoolean() ? 0 : rnd.nextInt(800));
                int limit = 1 + rnd.nextInt(60);
                List<Long> expected = new ArrayList<>();
                for (long[] r : rows) {
                    if (range.selects(r[0], r[1]) && expected.size() < limit) {
                        expected.add(r[0]);
                    }
                }
                List<Long> actual = reader.read(c, range, limit).rows().stream().map(ChangeRow::dataId).toList();
                assertEquals(expected, actual, "range " + range + " limit " + limit);
            }
        }
    }

    private static long[] randomTransactions(Random rnd) {
        return LongStream.range(0, rnd.nextInt(6)).map(i -> 1 + rnd.nextInt(22)).toArray();
    }
}
