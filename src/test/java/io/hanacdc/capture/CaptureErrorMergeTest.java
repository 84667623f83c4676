package io.hanacdc.capture;

import static io.hanacdc.testing.Pipeline.exec;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hanacdc.config.CaptureOptions;
import io.hanacdc.schema.ColumnType;
import io.hanacdc.schema.SourceColumn;
import io.hanacdc.schema.SourceTable;
import io.hanacdc.schema.TableId;
import io.hanacdc.source.CaptureNames;
import io.hanacdc.source.SourceDialect;
import io.hanacdc.source.postgres.PostgresDialect;
import io.hanacdc.stream.BatchReader;
import io.hanacdc.stream.ChangeRow;
import io.hanacdc.stream.ChangeSet;
import io.hanacdc.stream.KeyRefetcher;
import io.hanacdc.testing.IntegrationTest;
import io.hanacdc.testing.Pipeline;
import io.hanacdc.testing.TestDatabases;
import io.hanacdc.watermark.StreamRange;
import io.hanacdc.watermark.Watermark;
import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Keys to re-read, on real PostgreSQL: recorded capture failures (HANA's record-and-resync) — rows of
 * the capture-error table merged with CDC rows in data-id order under one batch limit — and the old
 * keys of a HANA update that changed keys become re-reads of the key's current row (upsert when
 * present, delete when gone).
 */
@IntegrationTest
class CaptureErrorMergeTest {
    private static final String BOOKKEEPING = "\"__$DATA_ID\" bigint PRIMARY KEY, \"__$TRIGGER_ID\" int, \"__$TRANSACTION_ID\" bigint,"
            + " \"__$CREATE_TIME\" timestamp, \"__$OPERATION\" smallint";
    private static final SourceTable TABLE = new SourceTable(new TableId("public", "t"), List.of(
            new SourceColumn("id", "int", ColumnType.of(ColumnType.Kind.INTEGER), false),
            new SourceColumn("v", "text", ColumnType.of(ColumnType.Kind.TEXT), true)), List.of("id"));

    /** PostgreSQL, as a dialect whose triggers record capture failures. */
    private static SourceDialect recordingErrors() {
        PostgresDialect pg = new PostgresDialect(CaptureOptions.DEFAULT);
        return (SourceDialect) Proxy.newProxyInstance(SourceDialect.class.getClassLoader(), new Class<?>[] {SourceDialect.class},
                (proxy, method, args) -> method.getName().equals("recordsCaptureErrors") ? true : method.invoke(pg, args));
    }

    @Test
    void errorRowsMergeInDataIdOrderAndBecomeReReadsOfTheKey() throws Exception {
        try (Pipeline p = new Pipeline("errmerge")) {
            exec(p.sourceUrl, "CREATE TABLE public.t (id int PRIMARY KEY, v text)", "INSERT INTO public.t VALUES (2, 'current two')",
                    "CREATE SCHEMA hanacdc",
                    "CREATE TABLE hanacdc.\"public$t\" (" + BOOKKEEPING + ", id int, v text)",
                    "CREATE TABLE hanacdc.\"public$t$err\" (" + BOOKKEEPING + ", \"__$ERROR_CODE\" int, \"__$ERROR_MESSAGE\" text, id int)",
                    "INSERT INTO hanacdc.\"public$t\" VALUES (1, 1, 10, now(), 2, 1, 'one'), (4, 1, 11, now(), 4, 1, 'one again'),"
                            + " (5, 1, 12, now(), 2, 5, 'five')",
                    // capture of key 2 failed (it exists), capture of key 3 failed (it was deleted since)
                    "INSERT INTO hanacdc.\"public$t$err\" VALUES (2, 1, 10, now(), 5, 301, 'unique constraint violated', 2),"
                            + " (3, 1, 10, now(), 5, 301, 'unique constraint violated', 3)");
            SourceDialect dialect = recordingErrors();
            BatchReader reader = reader(dialect);
            StreamRange range = StreamRange.at(new Watermark(0, new long[0])).open(new Watermark(10, new long[0]));
            try (Connection c = TestDatabases.connect(p.sourceUrl)) {
                BatchReader.Batch first = reader.read(c, range, 3);
                assertEquals(List.of(1L, 2L, 3L), first.rows().stream().map(ChangeRow::dataId).toList());
                assertFalse(first.drained());
                assertEquals(List.of(true, false, false), first.rows().stream().map(ChangeRow::fullImage).toList());

                BatchReader.Batch all = reader.read(c, range, 10);
                assertTrue(all.drained());
                ChangeSet changes = ChangeSet.of(all.rows(), new int[] {0});
                changes.resolveRefetched(new KeyRefetcher(dialect, TABLE).fetch(c, changes.refetch()));
                assertEquals(List.of("[1, one again]", "[5, five]", "[2, current two]"),
                        changes.upserts().stream().map(java.util.Arrays::toString).toList());
                assertEquals(List.of("[3]"), changes.deletes().stream().map(java.util.Arrays::toString).toList());
            }
        }
    }

    /**
     * HANA's row triggers write, for UPDATE t SET id = id + 1 over keys 1 and 2, each row's old key to
     * re-read (5) and its new image (4), in whichever order HANA visits the rows. Deleting the old keys
     * instead would delete key 2 after the shifted row 1 wrote it.
     */
    @Test
    void oldKeysOfAKeyShiftAreReReadInEitherOrder() throws Exception {
        String[] orders = {"(1, 1, 10, now(), 5, 1, 'one'), (2, 1, 10, now(), 4, 2, 'one'), (3, 1, 10, now(), 5, 2, 'two'), (4, 1, 10, now(), 4, 3, 'two')",
            "(1, 1, 10, now(), 5, 2, 'two'), (2, 1, 10, now(), 4, 3, 'two'), (3, 1, 10, now(), 5, 1, 'one'), (4, 1, 10, now(), 4, 2, 'one')"};
        for (String rows : orders) {
            try (Pipeline p = new Pipeline("keyshift")) {
                exec(p.sourceUrl, "CREATE TABLE public.t (id int PRIMARY KEY, v text)", "INSERT INTO public.t VALUES (2, 'one'), (3, 'two')",
                        "CREATE SCHEMA hanacdc", "CREATE TABLE hanacdc.\"public$t\" (" + BOOKKEEPING + ", id int, v text)",
                        "INSERT INTO hanacdc.\"public$t\" VALUES " + rows);
                SourceDialect dialect = new PostgresDialect(CaptureOptions.DEFAULT);
                try (Connection c = TestDatabases.connect(p.sourceUrl)) {
                    BatchReader.Batch all = reader(dialect).read(c, StreamRange.at(new Watermark(0, new long[0])).open(new Watermark(10, new long[0])), 10);
                    ChangeSet changes = ChangeSet.of(all.rows(), new int[] {0});
                    changes.resolveRefetched(new KeyRefetcher(dialect, TABLE).fetch(c, changes.refetch()));
                    assertEquals(java.util.Set.of("[2, one]", "[3, two]"),
                            changes.upserts().stream().map(java.util.Arrays::toString).collect(java.util.stream.Collectors.toSet()), rows);
                    assertEquals(List.of("[1]"), changes.deletes().stream().map(java.util.Arrays::toString).toList(), rows);
                }
            }
        }
    }

    private static BatchReader reader(SourceDialect dialect) {
        return new BatchReader(dialect, new CaptureNames("hanacdc", 63), io.hanacdc.capture.CaptureVersions.of(
                new io.hanacdc.capture.CaptureVersion(io.hanacdc.source.CaptureLayout.initial(TABLE, false), java.util.Map.of(), 0, 0)));
    }
}
