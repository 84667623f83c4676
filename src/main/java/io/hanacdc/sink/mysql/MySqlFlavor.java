package io.hanacdc.sink.mysql;

import java.io.InputStream;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.stream.Collectors;

/**
 * What differs between MySQL 8 and MariaDB for us: the driver, the upsert clause and the exact-match
 * collation. Each server is spoken to through its own driver: MySQL's driver reads MariaDB 10's
 * "5.5.5-" version prefix as MySQL 5.5 and then drops fractional seconds.
 */
public enum MySqlFlavor {
    /** MariaDB keeps VALUES(col) in ON DUPLICATE KEY UPDATE and has no row alias. */
    MARIADB("utf8mb4_nopad_bin", "JSON COLLATE utf8mb4_nopad_bin", "jdbc:mariadb:", "") {
        @Override
        String onDuplicateKeyUpdate(List<String> quotedColumns) {
            return " ON DUPLICATE KEY UPDATE " + quotedColumns.stream().map(c -> c + " = VALUES(" + c + ")").collect(Collectors.joining(", "));
        }

        @Override
        boolean loadsLocalFiles() {
            return true;
        }

        @Override
        void feedLocalFile(Statement s, InputStream rows) throws SQLException {
            s.unwrap(org.mariadb.jdbc.Statement.class).setLocalInfileInputStream(rows);
        }
    },
    /** MySQL 8.0.19+ deprecates VALUES(col) in favour of a row alias. */
    MYSQL("utf8mb4_0900_bin", "LONGTEXT", "jdbc:mysql:", "rewriteBatchedStatements=true&cachePrepStmts=true&prepStmtCacheSize=500"
            + "&prepStmtCacheSqlLimit=1000000&useServerPrepStmts=false&tcpKeepAlive=true") {
        @Override
        String onDuplicateKeyUpdate(List<String> quotedColumns) {
            return " AS hanacdc_new ON DUPLICATE KEY UPDATE " + quotedColumns.stream().map(c -> c + " = hanacdc_new." + c).collect(Collectors.joining(", "));
        }

        /** MySQL 8 ships with local_infile off and no MySQL server is at hand to prove the path: statements only. */
        @Override
        boolean loadsLocalFiles() {
            return false;
        }

        @Override
        void feedLocalFile(Statement s, InputStream rows) {
            throw new UnsupportedOperationException("LOAD DATA LOCAL INFILE is not used with MySQL");
        }
    };

    /** Binary, no-pad: keys that differ in case, accents or trailing spaces on the source stay different rows. */
    final String collation;
    /**
     * The column type of JSON text that must stay as written: MariaDB's JSON is LONGTEXT checked by
     * JSON_VALID (in the table's collation: its own, utf8mb4_bin, cannot be mixed with the others in
     * one expression); MySQL's JSON type would store numbers as doubles, so there it is plain LONGTEXT.
     */
    final String jsonText;
    private final String scheme;
    private final String settings;

    MySqlFlavor(String collation, String jsonText, String scheme, String settings) {
        this.collation = collation;
        this.jsonText = jsonText;
        this.scheme = scheme;
        this.settings = settings;
    }

    /** The user's URL (either scheme) for this flavor's driver, with the settings batched writes need. */
    String jdbcUrl(String url) {
        String rest = url.substring(url.indexOf(':', "jdbc:".length()) + 1);
        String u = scheme + rest;
        return settings.isEmpty() ? u : u + (u.contains("?") ? "&" : "?") + settings;
    }

    /** The clause appended after INSERT ... VALUES (...), (...). */
    abstract String onDuplicateKeyUpdate(List<String> quotedColumns);

    /** Whether batches are upserted with LOAD DATA LOCAL INFILE (see {@link LoadDataUpsert}). */
    abstract boolean loadsLocalFiles();

    /** Gives the driver the rows the next LOAD DATA LOCAL INFILE on this statement sends. */
    abstract void feedLocalFile(Statement s, InputStream rows) throws SQLException;

    public static MySqlFlavor detect(Connection c) throws SQLException {
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT VERSION()")) {
            rs.next();
            return rs.getString(1).toLowerCase().contains("mariadb") ? MARIADB : MYSQL;
        }
    }
}
