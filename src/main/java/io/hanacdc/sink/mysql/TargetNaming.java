package io.hanacdc.sink.mysql;

import io.hanacdc.common.CdcException;
import io.hanacdc.config.TargetNames;
import io.hanacdc.schema.SourceTable;
import io.hanacdc.schema.TableId;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * The one place a source table's target table is named (hanacdc.target.table-name and
 * hanacdc.target.database-map), within MySQL's limits; apply, schema changes, verify and status all
 * take their target table from here.
 */
final class TargetNaming {
    /** MySQL and MariaDB allow table names of up to 64 characters. */
    private static final int MAX_NAME = 64;
    private final TargetNames names;
    private final String defaultDatabase;
    private final MySqlTypes types;

    /** @param defaultDatabase the database of hanacdc.target.url, for schemas the map does not name */
    TargetNaming(TargetNames names, String defaultDatabase, MySqlTypes types) {
        this.names = names;
        this.defaultDatabase = defaultDatabase;
        this.types = types;
    }

    /** The target table of a source table (in the shape of that source table). */
    MySqlTable table(SourceTable source) {
        TableId id = source.id();
        String name = names.tableName(id);
        int length = name.codePointCount(0, name.length());
        if (length > MAX_NAME || name.isBlank() || name.endsWith(" ")) {
            throw new CdcException("table " + id + " would be written to target table " + name + ", which "
                    + (length > MAX_NAME ? "is " + length + " characters long, longer than the " + MAX_NAME + " MySQL/MariaDB allow"
                            : "MySQL/MariaDB do not allow (blank, or ending in a space)")
                    + ": change " + TargetNames.TEMPLATE_KEY + " (now " + names.template() + ") or replicate this table with another task");
        }
        return new MySqlTable(names.database(id).orElse(defaultDatabase), name, source, types);
    }

    /** database.table, for status and messages. */
    String describe(TableId id) {
        return names.database(id).orElse(defaultDatabase) + "." + names.tableName(id);
    }

    /**
     * The target tables of the given source tables. Two source tables whose target names differ only in
     * case are refused too: with lower_case_table_names they are one table, and that setting differs by server.
     */
    List<MySqlTable> tables(List<SourceTable> sources) {
        Map<String, MySqlTable> byName = new HashMap<>();
        List<MySqlTable> out = new ArrayList<>();
        for (SourceTable source : sources) {
            MySqlTable t = table(source);
            MySqlTable clash = byName.putIfAbsent((t.database() + "." + t.name()).toLowerCase(Locale.ROOT), t);
            if (clash != null) {
                throw new CdcException("tables " + clash.source().id() + " and " + source.id() + " would both be written to target table "
                        + clash.database() + "." + clash.name() + (clash.name().equals(t.name()) ? "" : " (as " + t.database() + "." + t.name()
                        + ", one table where names ignore case)") + ": give them distinct names with " + TargetNames.TEMPLATE_KEY
                        + " (e.g. ${schema}_${table}) or " + TargetNames.MAP_KEY + ", or replicate them with separate tasks");
            }
            out.add(t);
        }
        return out;
    }

    /** Refuses target tables in a database the server does not have: the map names it, the task does not create it. */
    static void checkDatabasesExist(Connection c, List<MySqlTable> tables) throws SQLException {
        Set<String> existing = new HashSet<>(); // compared here, exactly: information_schema may compare ignoring case
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT SCHEMA_NAME FROM information_schema.SCHEMATA")) {
            while (rs.next()) {
                existing.add(rs.getString(1));
            }
        }
        for (MySqlTable t : tables) {
            if (!existing.contains(t.database())) {
                throw new CdcException("table " + t.source().id() + " would be written to target database " + t.database()
                        + " (" + TargetNames.MAP_KEY + "), which does not exist on the target: create it, or change the map");
            }
        }
    }
}
