package io.hanacdc.bench;

import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.time.LocalDateTime;
import java.util.HexFormat;

/**
 * The "typical" table of the throughput scenarios: 8 columns of the common kinds (bigint key, int,
 * short varchar, decimal, timestamp, medium varchar, boolean), about 110 bytes a row. PostgreSQL
 * fills it with generate_series; the raw baseline builds the same values in Java, so both sides
 * write the same bytes into the same MariaDB column types.
 */
public final class OrdersShape {
    public static final String COLUMNS = "id, customer_id, status, amount, created_at, note, active, qty";
    public static final int COLUMN_COUNT = 8;
    private static final String[] STATUS = {"new", "paid", "shipped", "closed"};
    private static final LocalDateTime EPOCH = LocalDateTime.of(2024, 1, 1, 0, 0);

    private OrdersShape() {}

    public static String pgCreate(String table) {
        return "CREATE TABLE " + table + " (id bigint PRIMARY KEY, customer_id integer NOT NULL, status varchar(16) NOT NULL,"
                + " amount numeric(12,2) NOT NULL, created_at timestamp(6) NOT NULL, note varchar(100),"
                + " active boolean NOT NULL, qty integer NOT NULL)";
    }

    /** The table hana-cdc creates for {@link #pgCreate} (its documented type mapping and collation). */
    public static String mysqlCreate(String table) {
        return "CREATE TABLE " + table + " (`id` BIGINT NOT NULL, `customer_id` INT NOT NULL, `status` VARCHAR(16) NOT NULL,"
                + " `amount` DECIMAL(12,2) NOT NULL, `created_at` DATETIME(6) NOT NULL, `note` VARCHAR(100) NULL,"
                + " `active` TINYINT(1) NOT NULL, `qty` INT NOT NULL, PRIMARY KEY (`id`))"
                + " ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_nopad_bin";
    }

    /** Rows with ids from..to (inclusive), generated on the server; values match {@link #row}. */
    public static String pgFill(String table, long from, long to) {
        return "INSERT INTO " + table + " (" + COLUMNS + ") SELECT g, (g % 10000)::int, (ARRAY['new','paid','shipped','closed'])[1 + (g % 4)::int],"
                + " ((g % 100000) / 100.0)::numeric(12,2), timestamp '2024-01-01' + g * interval '1 second', 'note ' || md5(g::text),"
                + " g % 2 = 0, (g % 50)::int FROM generate_series(" + from + ", " + to + ") g";
    }

    /** Fills ids 1..rows in chunks, one transaction per chunk, so a big fill never holds one huge transaction. */
    public static void pgFillChunked(Connection c, String table, long firstId, long rows, long chunk) throws SQLException {
        boolean auto = c.getAutoCommit();
        c.setAutoCommit(true);
        for (long from = firstId; from < firstId + rows; from += chunk) {
            long to = Math.min(firstId + rows - 1, from + chunk - 1);
            Databases.exec(c, pgFill(table, from, to));
        }
        c.setAutoCommit(auto);
    }

    /** The Java values hana-cdc binds for row g (the types its JDBC reader produces). */
    public static Object[] row(long g, MessageDigest md5) {
        String note = "note " + HexFormat.of().formatHex(md5.digest(Long.toString(g).getBytes(StandardCharsets.US_ASCII)));
        return new Object[] {g, (int) (g % 10000), STATUS[(int) (g % 4)], BigDecimal.valueOf(g % 100000, 2),
                EPOCH.plusSeconds(g), note, g % 2 == 0, (int) (g % 50)};
    }

    public static MessageDigest md5() {
        try {
            return MessageDigest.getInstance("MD5");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Typed setters where the type allows, as careful plain JDBC code would: setObject makes the driver look up a codec per value. */
    public static void bind(PreparedStatement ps, int firstParam, Object[] row) throws SQLException {
        for (int i = 0; i < row.length; i++) {
            int p = firstParam + i;
            Object v = row[i];
            if (v instanceof String s) {
                ps.setString(p, s);
            } else if (v instanceof Long l) {
                ps.setLong(p, l);
            } else if (v instanceof Integer n) {
                ps.setInt(p, n);
            } else if (v instanceof java.math.BigDecimal d) {
                ps.setBigDecimal(p, d);
            } else if (v == null) {
                ps.setNull(p, java.sql.Types.NULL);
            } else {
                ps.setObject(p, v);
            }
        }
    }
}
