package io.hanacdc.watermark;

import static io.hanacdc.testing.Pipeline.exec;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.hanacdc.schema.ColumnType;
import io.hanacdc.schema.SourceColumn;
import io.hanacdc.schema.SourceTable;
import io.hanacdc.schema.TableId;
import io.hanacdc.source.CaptureNames;
import io.hanacdc.source.CaptureOptions;
import io.hanacdc.source.postgres.PostgresDialect;
import io.hanacdc.stream.BatchReader;
import io.hanacdc.stream.ChangeRow;
import io.hanacdc.testing.IntegrationTest;
import io.hanacdc.testing.Pipeline;
import io.hanacdc.testing.TestDatabases;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;

/** The batch SQL selects exactly what the model predicate {@link StreamRange#selects} selects, in data-id order. */
@IntegrationTest
class BatchQueryTest {
    @Test
    void sqlAgreesWithTheModelPredicateOnRandomRangesAndRows() throws Exception {
        try (Pipeline p = new Pipeline("batchsql")) {
            exec(p.sourceUrl, "CREATE SCHEMA hanacdc", "CREATE TABLE hanacdc.\"s$t\" (\"__$DATA_ID\" bigint PRIMARY KEY, \"__$TRIGGER_ID\" int,"
                    + " \"__$TRANSACTION_ID\" bigint, \"__$CREATE_TIME\" timestamp, \"__$OPERATION\" smallint, id int)");
            Random rnd = new Random(7);
            long[][] rows = new long[400][];
            try (Connection c = TestDatabases.connect(p.sourceUrl);
                 PreparedStatement ps = c.prepareStatement("INSERT INTO hanacdc.\"s$t\" VALUES (?, 1, ?, now(), 2, 1)")) {
                for (int i = 0; i < rows.length; i++) {
                    rows[i] = new long[] {i * 2 + 1, 1 + rnd.nextInt(20)}; // ids with gaps, 20 transactions
                    ps.setLong(1, rows[i][0]);
                    ps.setLong(2, rows[i][1]);
                    ps.addBatch();
                }
                ps.executeBatch();
            }
            SourceTable table = new SourceTable(new TableId("s", "t"),
                    List.of(new SourceColumn("id", "int", ColumnType.of(ColumnType.Kind.INTEGER), false)), List.of("id"));
            BatchReader reader = new BatchReader(new PostgresDialect(CaptureOptions.DEFAULT), new CaptureNames("hanacdc", 63),
                    io.hanacdc.capture.CaptureVersions.of(new io.hanacdc.capture.CaptureVersion(
                            io.hanacdc.source.CaptureLayout.initial(table, false), java.util.Map.of(), 0, 0)));
            try (Connection c = TestDatabases.connect(p.sourceUrl)) {
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
    }

    private static long[] randomTransactions(Random rnd) {
        return LongStream.range(0, rnd.nextInt(6)).map(i -> 1 + rnd.nextInt(22)).toArray();
    }
}
