package io.hanacdc.bench;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.Arrays;
import java.util.Collections;
import java.util.function.UnaryOperator;

/**
 * The database a raw baseline writes into, and how plain JDBC code upserts there: MariaDB's
 * {@code ON DUPLICATE KEY UPDATE} (what hana-cdc's statement path sends) or PostgreSQL's
 * {@code ON CONFLICT (id) DO UPDATE} (the baseline issue 32 defines for the PostgreSQL target).
 */
public enum RawTarget {
    MARIADB("MariaDB", s -> "`" + s + "`") {
        @Override
        String fresh(Databases dbs, String name) throws SQLException {
            return dbs.freshMysql(name);
        }

        @Override
        void drop(Databases dbs, String db) throws SQLException {
            dbs.dropMysql(db);
        }

        @Override
        Connection connect(Databases dbs, String db) throws SQLException {
            Connection c = dbs.mysql(db);
            Databases.exec(c, Databases.TARGET_SESSION);
            return c;
        }

        @Override
        String create(String table) {
            return OrdersShape.mysqlCreate(table);
        }

        @Override
        String onConflict(String[] cols) {
            return " ON DUPLICATE KEY UPDATE " + String.join(", ", Arrays.stream(cols).map(x -> quote(x) + " = VALUES(" + quote(x) + ")").toList());
        }
    },
    POSTGRESQL("PostgreSQL", s -> "\"" + s + "\"") {
        @Override
        String fresh(Databases dbs, String name) throws SQLException {
            return dbs.freshPg(name);
        }

        @Override
        void drop(Databases dbs, String db) throws SQLException {
            dbs.dropPg(db);
        }

        @Override
        Connection connect(Databases dbs, String db) throws SQLException {
            return dbs.pg(db);
        }

        @Override
        String create(String table) {
            return OrdersShape.pgCreate(table);
        }

        @Override
        String onConflict(String[] cols) {
            return " ON CONFLICT (" + quote(cols[0]) + ") DO UPDATE SET "
                    + String.join(", ", Arrays.stream(cols).skip(1).map(x -> quote(x) + " = EXCLUDED." + quote(x)).toList());
        }
    };

    private final String label;
    private final UnaryOperator<String> quoting;

    RawTarget(String label, UnaryOperator<String> quoting) {
        this.label = label;
        this.quoting = quoting;
    }

    public String label() {
        return label;
    }

    abstract String fresh(Databases dbs, String name) throws SQLException;

    abstract void drop(Databases dbs, String db) throws SQLException;

    /** A connection with the product's own session settings on this database. */
    abstract Connection connect(Databases dbs, String db) throws SQLException;

    /** The table hana-cdc creates for the source's orders table. */
    abstract String create(String table);

    /** The upsert tail after the VALUES rows; the key is the first column. */
    abstract String onConflict(String[] cols);

    String quote(String name) {
        return quoting.apply(name);
    }

    /** A multi-row upsert of n rows of {@link OrdersShape}, as hana-cdc's statement path builds it. */
    String upsertSql(String table, int n) {
        String[] cols = OrdersShape.COLUMNS.split(", ");
        String row = "(" + String.join(", ", Collections.nCopies(cols.length, "?")) + ")";
        return "INSERT INTO " + table + " (" + String.join(", ", Arrays.stream(cols).map(this::quote).toList()) + ") VALUES "
                + String.join(", ", Collections.nCopies(n, row)) + onConflict(cols);
    }
}
