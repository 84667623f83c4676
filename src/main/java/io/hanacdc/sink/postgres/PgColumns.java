package io.hanacdc.sink.postgres;

import io.hanacdc.common.CdcException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The target table's columns as the server defines them now, in source column order: what {@link PgExactValues}
 * checks each value against. Read again now and then, since someone may alter a column of the live table.
 */
final class PgColumns {
    /** One target column: its type as information_schema spells it, and the limits PostgreSQL would round or cut a value to. */
    record Column(String name, String dataType, int length, int precision, int scale, int fraction, boolean key) {
        String type() {
            return switch (dataType) {
                case "numeric" -> precision > 0 ? "numeric(" + precision + "," + scale + ")" : dataType;
                case "character varying", "character" -> length > 0 ? dataType + "(" + length + ")" : dataType;
                default -> dataType;
            };
        }
    }

    private PgColumns() {}

    static List<Column> read(Connection c, PgTable table) throws SQLException {
        Map<String, Column> found = new HashMap<>();
        try (PreparedStatement ps = c.prepareStatement("SELECT column_name, data_type, character_maximum_length, numeric_precision,"
                + " numeric_scale, datetime_precision FROM information_schema.columns WHERE table_schema = ? AND table_name = ?")) {
            ps.setString(1, table.schema());
            ps.setString(2, table.name());
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    String name = rs.getString(1);
                    found.put(name, new Column(name, rs.getString(2), rs.getInt(3), rs.getInt(4), rs.getInt(5), rs.getInt(6),
                            table.source().primaryKey().contains(name)));
                }
            }
        }
        List<Column> out = new ArrayList<>();
        for (String name : table.source().columnNames()) {
            Column col = found.get(name);
            if (col == null) {
                throw new CdcException("target table " + table.qualifiedName() + " lacks column " + name + " of source table "
                        + table.source().id() + ": add it, or drop the target table so hana-cdc creates it");
            }
            out.add(col);
        }
        return out;
    }
}
