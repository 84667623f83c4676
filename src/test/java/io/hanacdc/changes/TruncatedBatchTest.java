package io.hanacdc.changes;

import static io.hanacdc.source.CdcColumns.OP_DELETE;
import static io.hanacdc.source.CdcColumns.OP_INSERT;
import static io.hanacdc.source.CdcColumns.OP_TRUNCATE;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hanacdc.schema.ColumnType;
import io.hanacdc.schema.SourceColumn;
import io.hanacdc.schema.SourceTable;
import io.hanacdc.schema.TableId;
import io.hanacdc.stream.ChangeHook;
import io.hanacdc.stream.ChangeRow;
import io.hanacdc.stream.ChangeSet;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A truncate splits a batch's coalescing (only rows after the last one count) and survives a change route's round trip. */
class TruncatedBatchTest {
    private static final int[] KEY = {0};

    private static ChangeRow row(long id, int op, Integer key, boolean fullImage) {
        return new ChangeRow(id, 1, 7, (java.time.LocalDateTime) null, op, new Object[] {key, key == null ? null : "v" + id}, fullImage);
    }

    @Test
    void rowsBeforeTheLastTruncateAreDroppedAndNotReRead() {
        ChangeSet set = ChangeSet.of(List.of(row(1, OP_INSERT, 1, false), row(2, OP_DELETE, 2, true), row(3, OP_TRUNCATE, null, false),
                row(4, OP_INSERT, 3, false), row(5, OP_TRUNCATE, null, false), row(6, OP_INSERT, 4, true), row(7, OP_INSERT, 5, false),
                row(8, OP_DELETE, 1, true)), KEY);
        assertTrue(set.truncated());
        assertEquals(List.of("[4, v6]"), set.upserts().stream().map(Arrays::toString).toList());
        assertEquals(List.of("[1]"), set.deletes().stream().map(Arrays::toString).toList());
        assertEquals(List.of("[5]"), set.refetch().stream().map(Arrays::toString).toList(), "only keys written after the truncate are re-read");
        assertFalse(ChangeSet.of(List.of(row(1, OP_INSERT, 1, true)), KEY).truncated());
    }

    @Test
    void aChangeRouteSeesAndKeepsTheTruncate() {
        SourceTable table = new SourceTable(new TableId("s", "t"), List.of(new SourceColumn("id", "integer", ColumnType.of(ColumnType.Kind.INTEGER), false),
                new SourceColumn("v", "text", ColumnType.of(ColumnType.Kind.TEXT), true)), List.of("id"));
        ChangeSet set = ChangeSet.of(List.of(row(1, OP_TRUNCATE, null, true), row(2, OP_INSERT, 9, true)), KEY);
        ChangeBatch batch = ChangeBatch.of(table, ChangeHook.Origin.STREAM, set);
        assertTrue(batch.isTruncated());
        assertTrue(batch.toString().contains("\"truncated\":true"), batch.toString());
        ChangeSet back = batch.toChangeSet(table, KEY);
        assertTrue(back.truncated());
        assertEquals(1, back.upserts().size());
    }
}
