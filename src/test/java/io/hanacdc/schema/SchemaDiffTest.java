package io.hanacdc.schema;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** How two shapes of a table are told apart: renames by stable id where the source keeps it, widening versus other type changes, key changes. */
class SchemaDiffTest {
    private static SourceColumn col(String name, String type, ColumnType t, boolean nullable) {
        return new SourceColumn(name, type, t, nullable);
    }

    private static final SourceColumn ID = col("id", "integer", ColumnType.of(ColumnType.Kind.INTEGER), false);
    private static final SourceColumn NAME = col("name", "varchar(20)", ColumnType.sized(ColumnType.Kind.VARCHAR, 20), true);

    private static SourceTable table(SourceColumn... columns) {
        return new SourceTable(new TableId("s", "t"), List.of(columns), List.of("id"));
    }

    @Test
    void aRenameIsOneColumnWhereIdsSurviveRenamesAndADropAndAnAddElsewhere() {
        SourceTable before = table(ID, NAME);
        SourceTable after = table(ID, NAME.renamed("label"));
        Map<String, Long> idsBefore = Map.of("id", 1L, "name", 2L);
        Map<String, Long> idsAfter = Map.of("id", 1L, "label", 2L);
        SchemaDiff tracked = SchemaDiff.of(before, idsBefore, after, idsAfter, true);
        assertEquals(List.of(), tracked.added());
        assertEquals(List.of(), tracked.dropped());
        assertTrue(tracked.changed().get(0).renamed() && !tracked.changed().get(0).retyped());
        SchemaDiff untracked = SchemaDiff.of(before, idsBefore, after, idsAfter, false);
        assertEquals(List.of("label"), untracked.added().stream().map(SourceColumn::name).toList());
        assertEquals(List.of("name"), untracked.dropped().stream().map(SourceColumn::name).toList());
    }

    @Test
    void aColumnDroppedAndAddedAgainUnderItsNameIsNotTheSameColumn() {
        SchemaDiff d = SchemaDiff.of(table(ID, NAME), Map.of("id", 1L, "name", 2L), table(ID, NAME), Map.of("id", 1L, "name", 3L), true);
        assertEquals(List.of("name"), d.added().stream().map(SourceColumn::name).toList());
        assertEquals(List.of("name"), d.dropped().stream().map(SourceColumn::name).toList());
    }

    @Test
    void wideningKeepsEveryValueAndNarrowingDoesNot() {
        assertTrue(change(NAME, col("name", "varchar(50)", ColumnType.sized(ColumnType.Kind.VARCHAR, 50), true)).widening());
        assertTrue(change(NAME, col("name", "text", ColumnType.of(ColumnType.Kind.TEXT), true)).widening());
        assertFalse(change(NAME, col("name", "varchar(5)", ColumnType.sized(ColumnType.Kind.VARCHAR, 5), true)).widening());
        assertFalse(change(NAME, col("name", "varchar(20)", ColumnType.sized(ColumnType.Kind.VARCHAR, 20), false)).widening(), "NULL to NOT NULL");
        SourceColumn dec = col("d", "numeric(8,2)", ColumnType.decimal(8, 2), true);
        assertTrue(change(dec, col("d", "numeric(12,3)", ColumnType.decimal(12, 3), true)).widening());
        assertFalse(change(dec, col("d", "numeric(8,3)", ColumnType.decimal(8, 3), true)).widening(), "fewer integer digits");
        assertTrue(change(ID, col("id", "bigint", ColumnType.of(ColumnType.Kind.BIGINT), false)).widening());
        assertFalse(change(ID, col("id", "smallint", ColumnType.of(ColumnType.Kind.SMALLINT), false)).widening());
    }

    @Test
    void aNewPrimaryKeyIsAKeyChangeButARenamedKeyColumnIsNot() {
        SourceTable before = table(ID, NAME);
        SourceTable renamedKey = new SourceTable(before.id(), List.of(ID.renamed("key"), NAME), List.of("key"));
        assertFalse(SchemaDiff.of(before, Map.of("id", 1L, "name", 2L), renamedKey, Map.of("key", 1L, "name", 2L), true).keyChanged());
        SourceTable otherKey = new SourceTable(before.id(), List.of(ID, NAME), List.of("id", "name"));
        assertTrue(SchemaDiff.of(before, Map.of(), otherKey, Map.of(), true).keyChanged());
    }

    private static SchemaDiff.Change change(SourceColumn before, SourceColumn after) {
        return new SchemaDiff.Change(before, after);
    }
}
