package io.hanacdc.source.hana;

import io.hanacdc.check.CheckContext;
import io.hanacdc.check.ScratchCapture;
import io.hanacdc.source.CatalogReads;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import java.util.Locale;

/**
 * The kinds of table a HANA probe runs on: a column table, as ERP tables are, and a row table as well when a
 * subscribed table is one (tables-system-view-2101973.md, TABLE_TYPE), since triggers and transactions of the two
 * stores are not documented to behave alike.
 */
final class HanaStorages {
    static final String ROW_TABLES = "SELECT COUNT(*) FROM SYS.TABLES WHERE TABLE_TYPE = 'ROW' AND (%s)";

    private HanaStorages() {}

    static List<ScratchCapture.Spec> of(CheckContext ctx, Connection c, ScratchCapture.Spec column) throws SQLException {
        String subscribed = CatalogReads.anyOf("SCHEMA_NAME", "TABLE_NAME", ctx.tables().stream().map(t -> t.id()).toList());
        return CatalogReads.number(c, String.format(ROW_TABLES, subscribed)) > 0 ? List.of(column, column.stored("ROW ")) : List.of(column);
    }

    /** What a spec's table is, for a probe's line. */
    static String describe(ScratchCapture.Spec spec) {
        return spec.storage().isBlank() ? "table" : spec.storage().strip().toLowerCase(Locale.ROOT) + " table";
    }
}
