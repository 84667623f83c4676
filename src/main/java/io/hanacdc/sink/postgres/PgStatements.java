package io.hanacdc.sink.postgres;

import io.hanacdc.sql.Identifiers;
import java.util.Collections;
import java.util.List;
import java.util.stream.Collectors;

/** The statements of one target table's writes, built once per table shape. */
final class PgStatements {
    private PgStatements() {}

    /** ON CONFLICT (key) DO UPDATE of every other column (DO NOTHING when every column is a key column). */
    static String onConflict(PgTable table) {
        List<String> keys = table.source().primaryKey();
        List<String> others = table.source().columnNames().stream().filter(c -> !keys.contains(c)).toList();
        String target = " ON CONFLICT (" + keys.stream().map(Identifiers::ansi).collect(Collectors.joining(", ")) + ")";
        return others.isEmpty() ? target + " DO NOTHING" : target + " DO UPDATE SET " + others.stream().map(Identifiers::ansi)
                .map(c -> c + " = EXCLUDED." + c).collect(Collectors.joining(", "));
    }

    static String upsert(PgTable table, int rows) {
        List<String> cols = table.source().columnNames();
        return "INSERT INTO " + table.qualifiedName() + " (" + cols.stream().map(Identifiers::ansi).collect(Collectors.joining(", "))
                + ") VALUES " + groups(cols.size(), rows) + onConflict(table);
    }

    static String delete(PgTable table, int rows) {
        List<String> keys = table.source().primaryKey();
        return "DELETE FROM " + table.qualifiedName() + " WHERE (" + keys.stream().map(Identifiers::ansi).collect(Collectors.joining(", "))
                + ") IN (" + groups(keys.size(), rows) + ")";
    }

    /** UPDATE of a row's key to another: what a key change is, so rows referring to it on the target follow it. */
    static String moveKey(PgTable table) {
        List<String> keys = table.source().primaryKey();
        return "UPDATE " + table.qualifiedName() + " SET " + keys.stream().map(k -> Identifiers.ansi(k) + " = ?").collect(Collectors.joining(", "))
                + " WHERE " + keyIs(keys);
    }

    static String deleteKey(PgTable table) {
        return "DELETE FROM " + table.qualifiedName() + " WHERE " + keyIs(table.source().primaryKey());
    }

    /** Empties the table in the caller's transaction as DELETE does on MySQL/MariaDB, so foreign keys and delete triggers act alike. */
    static String deleteAll(PgTable table) {
        return "DELETE FROM " + table.qualifiedName();
    }

    private static String keyIs(List<String> keys) {
        return keys.stream().map(k -> Identifiers.ansi(k) + " = ?").collect(Collectors.joining(" AND "));
    }

    private static String groups(int columns, int rows) {
        String group = "(" + String.join(", ", Collections.nCopies(columns, "?")) + ")";
        return String.join(", ", Collections.nCopies(rows, group));
    }
}
