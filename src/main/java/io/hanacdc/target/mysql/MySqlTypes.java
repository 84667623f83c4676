package io.hanacdc.target.mysql;

import io.hanacdc.schema.ColumnType;
import io.hanacdc.schema.SourceColumn;
import io.hanacdc.sql.Identifiers;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Set;

/**
 * Column types of a created target table (README "Type mapping"). VARCHAR/VARBINARY columns share
 * MySQL's 65,535-byte row limit (utf8mb4: 4 bytes a character), so when a wide table would exceed
 * it the widest variable columns become TEXT/BLOB types, which count only a few bytes.
 */
public final class MySqlTypes {
    private static final int ROW_LIMIT = 65_000; // leave room for row overhead
    private static final int MAX_VARCHAR_CHARS = 16_383;

    private MySqlTypes() {}

    /** Key columns of unbounded text/binary type become VARCHAR(255)/VARBINARY(255): MySQL cannot index a TEXT/BLOB whole. */
    static List<String> columnTypes(List<SourceColumn> columns, Set<String> keyColumns, MySqlFlavor flavor) {
        List<String> types = new ArrayList<>();
        for (SourceColumn c : columns) {
            String type = of(c.type(), flavor);
            if (keyColumns.contains(c.name()) && (type.endsWith("TEXT") || type.endsWith("BLOB"))) {
                type = type.endsWith("TEXT") ? "VARCHAR(255)" : "VARBINARY(255)";
            }
            types.add(type);
        }
        List<Integer> variable = new ArrayList<>();
        for (int i = 0; i < columns.size(); i++) {
            if (types.get(i).startsWith("VARCHAR") || types.get(i).startsWith("VARBINARY")) {
                variable.add(i);
            }
        }
        variable.sort(Comparator.comparingInt((Integer i) -> rowBytes(columns.get(i).type())).reversed());
        int total = columns.stream().mapToInt(c -> rowBytes(c.type())).sum();
        for (int i : variable) {
            if (total <= ROW_LIMIT) {
                break;
            }
            total -= rowBytes(columns.get(i).type()) - 12;
            types.set(i, types.get(i).startsWith("VARCHAR") ? "MEDIUMTEXT" : "MEDIUMBLOB");
        }
        return types;
    }

    /**
     * Column definitions of a stage table for these columns: types that take every value of the source
     * column as LOAD DATA writes it — text and binary unbounded and unpadded — so that only the
     * target's own columns convert, pad, or refuse a value.
     */
    static String stageColumns(List<SourceColumn> columns, MySqlFlavor flavor) {
        List<String> defs = new ArrayList<>();
        for (SourceColumn c : columns) {
            String type = switch (c.type().kind()) {
                case CHAR, VARCHAR, TEXT, JSON, UUID, SOURCE_TEXT, ARRAY -> "LONGTEXT";
                case BINARY, VARBINARY, BLOB -> "LONGBLOB";
                default -> of(c.type(), flavor);
            };
            defs.add(Identifiers.backtick(c.name()) + " " + type + " NULL");
        }
        return String.join(", ", defs);
    }

    static String of(ColumnType t, MySqlFlavor flavor) {
        return switch (t.kind()) {
            case BOOLEAN -> "TINYINT(1)";
            case UNSIGNED_TINYINT -> "TINYINT UNSIGNED";
            case SMALLINT -> "SMALLINT";
            case INTEGER -> "INT";
            case BIGINT -> "BIGINT";
            case DECIMAL -> t.precision() <= 65 && t.scale() <= 30
                    ? "DECIMAL(" + t.precision() + "," + t.scale() + ")" : "DECIMAL(65," + decimalScale(t) + ")";
            case FLOATING_DECIMAL -> "DECIMAL(65," + decimalScale(t) + ")";
            case REAL -> "FLOAT";
            case DOUBLE -> "DOUBLE";
            case CHAR -> t.length() <= 255 ? "CHAR(" + t.length() + ")" : varchar(t.length());
            case VARCHAR -> varchar(t.length());
            case TEXT, JSON -> "LONGTEXT";
            case SOURCE_TEXT -> t.length() == 0 ? "LONGTEXT" : varchar(t.length());
            case ARRAY -> flavor.jsonText;
            case BINARY -> t.length() <= 255 ? "BINARY(" + t.length() + ")" : "VARBINARY(" + t.length() + ")";
            case VARBINARY -> t.length() <= 65_000 ? "VARBINARY(" + t.length() + ")" : "LONGBLOB";
            case BLOB -> "LONGBLOB";
            case DATE -> "DATE";
            case TIME -> "TIME(" + Math.min(t.precision(), 6) + ")";
            case TIMESTAMP, TIMESTAMP_TZ -> "DATETIME(" + Math.min(t.precision(), 6) + ")";
            case UUID -> "CHAR(36)";
        };
    }

    /** Decimal places of the target DECIMAL for a DECIMAL or floating decimal column. */
    public static int decimalScale(ColumnType t) {
        return t.kind() == ColumnType.Kind.FLOATING_DECIMAL ? 30 : Math.min(t.scale(), 30);
    }

    private static String varchar(int chars) {
        return chars <= MAX_VARCHAR_CHARS ? "VARCHAR(" + chars + ")" : "LONGTEXT";
    }

    /** Bytes a column takes in MySQL's row-size accounting (approximate, for VARCHAR/VARBINARY). */
    private static int rowBytes(ColumnType t) {
        return switch (t.kind()) {
            case VARCHAR -> t.length() <= MAX_VARCHAR_CHARS ? t.length() * 4 + 2 : 12;
            case CHAR -> t.length() <= 255 ? t.length() * 4 : t.length() * 4 + 2;
            case VARBINARY, BINARY -> t.length() <= 65_000 ? t.length() + 2 : 12;
            default -> 16;
        };
    }
}
