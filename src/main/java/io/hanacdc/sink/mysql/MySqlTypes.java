package io.hanacdc.sink.mysql;

import io.hanacdc.sink.ValueRules;
import io.hanacdc.schema.ColumnType;
import io.hanacdc.schema.SourceColumn;
import io.hanacdc.schema.ValuesKept;
import io.hanacdc.sql.Identifiers;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Set;

/**
 * Column types of a created target table (docs/postgresql.md and docs/hana.md "Type mapping"), for one server flavor under the task's
 * {@link ValueRules}. VARCHAR/VARBINARY columns share MySQL's 65,535-byte row limit (utf8mb4: 4 bytes a
 * character), so when a wide table would exceed it the widest variable columns become TEXT/BLOB types,
 * which count only a few bytes.
 */
public final class MySqlTypes implements ValuesKept {
    private static final int ROW_LIMIT = 65_000; // leave room for row overhead
    private static final int MAX_VARCHAR_CHARS = 16_383;
    /** MySQL's DECIMAL holds at most 65 digits, 30 of them after the point. */
    static final int MAX_PRECISION = 65;
    static final int MAX_SCALE = 30;
    /** The decimal places verify compares an unbounded decimal kept as text at: far beyond any realistic value. */
    private static final int TEXT_SCALE = 1000;

    private final MySqlFlavor flavor;
    private final ValueRules rules;

    public MySqlTypes(MySqlFlavor flavor, ValueRules rules) {
        this.flavor = flavor;
        this.rules = rules;
    }

    MySqlFlavor flavor() {
        return flavor;
    }

    ValueRules rules() {
        return rules;
    }

    /** Key columns of unbounded text/binary type become VARCHAR(255)/VARBINARY(255): MySQL cannot index a TEXT/BLOB whole. */
    List<String> columnTypes(List<SourceColumn> columns, Set<String> keyColumns) {
        List<String> types = new ArrayList<>();
        for (SourceColumn c : columns) {
            // a key keeps DECIMAL even where wide numbers go to text: 1.5 and 1.50 are one key to the source, two texts
            String type = keyColumns.contains(c.name()) && asText(c.type()) ? decimal(c.type()) : of(c.type());
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
    String stageColumns(List<SourceColumn> columns) {
        List<String> defs = new ArrayList<>();
        for (SourceColumn c : columns) {
            String type = switch (c.type().kind()) {
                case CHAR, VARCHAR, TEXT, JSON, UUID, SOURCE_TEXT, ARRAY -> "LONGTEXT";
                case BINARY, VARBINARY, BLOB -> "LONGBLOB";
                default -> asText(c.type()) ? "LONGTEXT" : of(c.type());
            };
            defs.add(Identifiers.backtick(c.name()) + " " + type + " NULL");
        }
        return String.join(", ", defs);
    }

    String of(ColumnType t) {
        if (asText(t)) { // the decimal text, exactly: sign, digits, point (and a zero before it)
            return t.kind() == ColumnType.Kind.FLOATING_DECIMAL ? "LONGTEXT" : varchar(t.precision() + 3);
        }
        return switch (t.kind()) {
            case BOOLEAN -> "TINYINT(1)";
            case UNSIGNED_TINYINT -> "TINYINT UNSIGNED";
            case SMALLINT -> "SMALLINT";
            case INTEGER -> "INT";
            case BIGINT -> "BIGINT";
            case DECIMAL, FLOATING_DECIMAL -> decimal(t);
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

    private static String decimal(ColumnType t) {
        return t.kind() == ColumnType.Kind.DECIMAL && fits(t) ? "DECIMAL(" + t.precision() + "," + t.scale() + ")"
                : "DECIMAL(" + MAX_PRECISION + "," + (t.kind() == ColumnType.Kind.FLOATING_DECIMAL ? MAX_SCALE : Math.min(t.scale(), MAX_SCALE)) + ")";
    }

    /** Decimal places the target keeps for a DECIMAL or floating decimal column (a wide one kept as text: all of them). */
    @Override
    public int decimalScale(ColumnType t) {
        if (asText(t)) {
            return t.kind() == ColumnType.Kind.FLOATING_DECIMAL ? TEXT_SCALE : t.scale();
        }
        return t.kind() == ColumnType.Kind.FLOATING_DECIMAL ? MAX_SCALE : Math.min(t.scale(), MAX_SCALE);
    }

    /** MariaDB 10.11.19 stores -0 as 0 on every path, 10.11.5 on some (MySQL 8 untested here): one zero for the target. */
    @Override
    public boolean signedZero() {
        return false;
    }

    /** Whether a number column goes to text: wider than DECIMAL(65,30), with hanacdc.target.wide-numbers=text. */
    boolean asText(ColumnType t) {
        return rules.wideNumbersAsText() && (t.kind() == ColumnType.Kind.FLOATING_DECIMAL || t.kind() == ColumnType.Kind.DECIMAL && !fits(t));
    }

    private static boolean fits(ColumnType t) {
        return t.precision() <= MAX_PRECISION && t.scale() <= MAX_SCALE;
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
