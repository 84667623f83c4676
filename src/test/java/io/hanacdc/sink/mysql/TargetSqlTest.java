package io.hanacdc.sink.mysql;

import io.hanacdc.sink.ValueRules;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hanacdc.schema.ColumnType;
import io.hanacdc.schema.ColumnType.Kind;
import io.hanacdc.schema.SourceColumn;
import io.hanacdc.schema.SourceTable;
import io.hanacdc.schema.TableId;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Golden SQL for the target side: both upsert dialects and the row-size rule of the type mapping. */
class TargetSqlTest {
    @Test
    void upsertClauseOfEachFlavor() {
        assertEquals(" ON DUPLICATE KEY UPDATE `a` = VALUES(`a`), `b``c` = VALUES(`b``c`)",
                MySqlFlavor.MARIADB.onDuplicateKeyUpdate(List.of("`a`", "`b``c`")));
        assertEquals(" AS hanacdc_new ON DUPLICATE KEY UPDATE `a` = hanacdc_new.`a`",
                MySqlFlavor.MYSQL.onDuplicateKeyUpdate(List.of("`a`")));
    }

    @Test
    void urlsGoToEachFlavorsOwnDriver() {
        assertEquals("jdbc:mariadb://h:3306/db?user=u", MySqlFlavor.MARIADB.jdbcUrl("jdbc:mysql://h:3306/db?user=u"));
        assertTrue(MySqlFlavor.MYSQL.jdbcUrl("jdbc:mariadb://h/db").startsWith("jdbc:mysql://h/db?rewriteBatchedStatements=true"));
    }

    @Test
    void wideTablesStayUnderTheRowSizeLimitByTurningTheWidestVarcharsIntoText() {
        List<SourceColumn> cols = new ArrayList<>();
        cols.add(new SourceColumn("id", "int", ColumnType.of(Kind.INTEGER), false));
        for (int i = 0; i < 40; i++) {
            cols.add(new SourceColumn("c" + i, "varchar(1000)", ColumnType.sized(Kind.VARCHAR, 1000), true));
        }
        List<String> types = new MySqlTypes(MySqlFlavor.MARIADB, ValueRules.DEFAULT).columnTypes(cols, Set.of("id"));
        long varchars = types.stream().filter(t -> t.startsWith("VARCHAR")).count();
        assertTrue(varchars > 0 && varchars < 40 && types.contains("MEDIUMTEXT"), types.toString());
    }

    /** Arrays arrive as JSON text, which MySQL's JSON type would rewrite (numbers as doubles); text of unbounded length keyed as VARCHAR(255). */
    @Test
    void arraysAndSourceTextGetTheirTypes() {
        List<SourceColumn> cols = List.of(new SourceColumn("k", "tsvector", ColumnType.of(Kind.SOURCE_TEXT), false),
                new SourceColumn("a", "integer[]", ColumnType.of(Kind.ARRAY), true),
                new SourceColumn("ip", "inet", ColumnType.sized(Kind.SOURCE_TEXT, 43), true),
                new SourceColumn("x", "xml", ColumnType.of(Kind.SOURCE_TEXT), true));
        assertEquals(List.of("VARCHAR(255)", "JSON COLLATE utf8mb4_nopad_bin", "VARCHAR(43)", "LONGTEXT"), new MySqlTypes(MySqlFlavor.MARIADB, ValueRules.DEFAULT).columnTypes(cols, Set.of("k")));
        assertEquals(List.of("VARCHAR(255)", "LONGTEXT", "VARCHAR(43)", "LONGTEXT"), new MySqlTypes(MySqlFlavor.MYSQL, ValueRules.DEFAULT).columnTypes(cols, Set.of("k")));
    }

    @Test
    void createTableQuotesEverythingAndUsesAnExactCollation() {
        SourceTable t = new SourceTable(new TableId("s", "Odd `Name`"), List.of(
                new SourceColumn("k", "text", ColumnType.of(Kind.TEXT), false),
                new SourceColumn("n", "numeric", ColumnType.of(Kind.FLOATING_DECIMAL), true)), List.of("k"));
        assertEquals("CREATE TABLE `db`.`Odd ``Name``` (\n  `k` VARCHAR(255) NOT NULL,\n  `n` DECIMAL(65,30) NULL,\n  PRIMARY KEY (`k`)\n)"
                + " ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_nopad_bin", new MySqlTable("db", t.id().name(), t, new MySqlTypes(MySqlFlavor.MARIADB, ValueRules.DEFAULT)).createSql());
    }
}
