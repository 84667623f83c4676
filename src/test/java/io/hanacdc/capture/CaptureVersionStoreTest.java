package io.hanacdc.capture;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.hanacdc.schema.ColumnDefault;
import io.hanacdc.schema.ColumnType;
import io.hanacdc.schema.SourceColumn;
import io.hanacdc.schema.SourceTable;
import io.hanacdc.schema.TableId;
import io.hanacdc.source.CaptureLayout;
import java.util.Arrays;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A capture version read back from the schema-history table equals the one recorded: rows are decoded with exactly the recorded columns. */
class CaptureVersionStoreTest {
    @Test
    void versionsSurviveTheRoundTrip() {
        SourceTable t = new SourceTable(new TableId("Sales Dept", "Order \"Lines\""), java.util.List.of(
                new SourceColumn("id", "integer", ColumnType.of(ColumnType.Kind.INTEGER), false),
                new SourceColumn("näme", "character varying(20)", ColumnType.sized(ColumnType.Kind.VARCHAR, 20), true, ColumnDefault.string("it's")),
                new SourceColumn("amount", "numeric(8,2)", ColumnType.decimal(8, 2), true, ColumnDefault.number("-1.5")),
                new SourceColumn("at", "timestamp(3)", ColumnType.fractional(ColumnType.Kind.TIMESTAMP, 3), true, ColumnDefault.EXPRESSION)),
                java.util.List.of("id"));
        CaptureVersion v = new CaptureVersion(new CaptureLayout(t, 3, Arrays.asList("id", null, "amount$v3", "at")),
                Map.of("id", 1L, "näme", 2L, "amount", 5L, "at", 4L), 16384, 77);
        CaptureVersion back = CaptureVersionStore.decode(t.id(), 3, CaptureVersionStore.encode(v), 16384, 77);
        assertEquals(v, back);
    }
}
