package io.hanacdc.source.hana;

import io.hanacdc.common.CdcException;
import io.hanacdc.schema.ColumnType.Kind;
import io.hanacdc.schema.ColumnType;

/**
 * HANA column types (SYS.TABLE_COLUMNS.DATA_TYPE_NAME, LENGTH, SCALE) to the normalised types, and
 * the DDL spelling of the same type for the CDC table. docs/hana.md "Type mapping" documents it.
 */
final class HanaTypes {
    private HanaTypes() {}

    /** @param scale null (-1) for a floating DECIMAL declared without precision */
    static ColumnType map(String where, String type, int length, int scale) {
        return switch (type) {
            case "BOOLEAN" -> ColumnType.of(Kind.BOOLEAN);
            case "TINYINT" -> ColumnType.of(Kind.UNSIGNED_TINYINT); // HANA's TINYINT is 0..255
            case "SMALLINT" -> ColumnType.of(Kind.SMALLINT);
            case "INTEGER" -> ColumnType.of(Kind.INTEGER);
            case "BIGINT" -> ColumnType.of(Kind.BIGINT);
            case "DECIMAL" -> scale < 0 ? ColumnType.of(Kind.FLOATING_DECIMAL) : ColumnType.decimal(length, scale);
            case "SMALLDECIMAL" -> ColumnType.of(Kind.FLOATING_DECIMAL);
            case "REAL" -> ColumnType.of(Kind.REAL);
            case "DOUBLE", "FLOAT" -> ColumnType.of(Kind.DOUBLE);
            case "CHAR", "NCHAR" -> ColumnType.sized(Kind.CHAR, length);
            case "VARCHAR", "NVARCHAR", "ALPHANUM", "SHORTTEXT" -> ColumnType.sized(Kind.VARCHAR, length);
            case "CLOB", "NCLOB", "TEXT", "BINTEXT" -> ColumnType.of(Kind.TEXT);
            case "BINARY" -> ColumnType.sized(Kind.BINARY, length);
            case "VARBINARY" -> ColumnType.sized(Kind.VARBINARY, length);
            case "BLOB" -> ColumnType.of(Kind.BLOB);
            case "DATE" -> ColumnType.of(Kind.DATE);
            case "TIME" -> ColumnType.fractional(Kind.TIME, 0);
            case "SECONDDATE" -> ColumnType.fractional(Kind.TIMESTAMP, 0);
            case "TIMESTAMP" -> ColumnType.fractional(Kind.TIMESTAMP, 7); // 100 ns; the target keeps 6 digits
            case "ST_GEOMETRY", "ST_POINT" -> ColumnType.of(Kind.BLOB); // read as WKB
            case "REAL_VECTOR" -> ColumnType.of(Kind.TEXT); // read as its text form
            default -> throw new CdcException("column " + where + " has type " + type
                    + ", which hana-cdc cannot replicate yet: leave the table out of hanacdc.tables");
        };
    }

    /**
     * The type as written in the CDC table's DDL.
     * @param srid a spatial column's SRID (SYS.ST_GEOMETRY_COLUMNS.SRS_ID), -1 when the catalog shows none
     */
    static String ddl(String where, String type, int length, int scale, int srid) {
        if (isSpatial(type) && srid < 0) {
            throw new CdcException("column " + where + " is " + type + " but SYS.ST_GEOMETRY_COLUMNS shows no SRID for it, so its CDC"
                    + " column could not take its values: check that the source user may read the table");
        }
        return switch (type) {
            case "DECIMAL" -> scale < 0 ? "DECIMAL" : "DECIMAL(" + length + "," + scale + ")";
            case "CHAR", "NCHAR", "VARCHAR", "NVARCHAR", "BINARY", "VARBINARY" -> type + "(" + length + ")";
            case "ALPHANUM", "SHORTTEXT" -> "NVARCHAR(" + length + ")"; // the CDC copy needs the characters, not the special semantics
            case "ST_GEOMETRY", "ST_POINT" -> type + "(" + srid + ")"; // without it the column is SRID 0 and rejects other SRIDs
            case "REAL_VECTOR" -> "REAL_VECTOR"; // without a dimension it holds a vector of any dimension
            case "TEXT", "BINTEXT" -> "NCLOB"; // text-search types hold their text in an NCLOB
            default -> type;
        };
    }

    static boolean isSpatial(String sourceType) {
        return sourceType.startsWith("ST_");
    }

    static boolean isVector(String sourceType) {
        return sourceType.startsWith("REAL_VECTOR");
    }
}
