package io.hanacdc.schema;

import io.hanacdc.common.CdcException;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;

/** One entry of hanacdc.tables: {@code schema.table} or {@code schema.*} (a {@code *} anywhere in the table part is a wildcard). */
public record TablePattern(String schema, String table) {

    public static List<TablePattern> parseList(String spec) {
        if (spec == null || spec.isBlank()) {
            throw new CdcException("hanacdc.tables is empty: list the tables to replicate, e.g. hanacdc.tables=SALES.ORDERS,SALES.*");
        }
        Set<TablePattern> seen = new LinkedHashSet<>();
        List<TablePattern> out = new ArrayList<>();
        for (String raw : spec.split(",")) {
            String entry = raw.strip();
            if (entry.isEmpty()) {
                continue;
            }
            TablePattern p = parse(entry, "hanacdc.tables entry");
            if (!seen.add(p)) {
                throw new CdcException("hanacdc.tables lists " + entry + " twice: remove the duplicate");
            }
            out.add(p);
        }
        return out;
    }

    /** One table named exactly, in the same syntax (uninstall --table): no wildcard. */
    public static TableId table(String entry) {
        TablePattern p = parse(entry.strip(), "--table");
        if (p.isWildcard()) {
            throw new CdcException("--table " + entry + " is a pattern: name one table, schema.table");
        }
        return new TableId(p.schema(), p.table());
    }

    /** The table as hanacdc.tables and --table spell it: a part holding a dot or a double quote is quoted. */
    public static String spell(TableId id) {
        return spellPart(id.schema()) + "." + spellPart(id.name());
    }

    private static String spellPart(String part) {
        return part.contains(".") || part.contains("\"") ? "\"" + part.replace("\"", "\"\"") + "\"" : part;
    }

    /** Splits at the first dot; a schema or table containing a dot is written in double quotes: "my.schema"."t". */
    static TablePattern parse(String entry, String what) {
        List<String> parts = new ArrayList<>();
        StringBuilder cur = new StringBuilder();
        boolean quoted = false;
        for (int i = 0; i < entry.length(); i++) {
            char ch = entry.charAt(i);
            if (ch == '"') {
                if (quoted && i + 1 < entry.length() && entry.charAt(i + 1) == '"') {
                    cur.append('"');
                    i++;
                } else {
                    quoted = !quoted;
                }
            } else if (ch == '.' && !quoted) {
                parts.add(cur.toString());
                cur.setLength(0);
            } else {
                cur.append(ch);
            }
        }
        parts.add(cur.toString());
        if (quoted || parts.size() != 2 || parts.get(0).isEmpty() || parts.get(1).isEmpty()) {
            throw new CdcException(what + " '" + entry + "' is not schema.table or schema.* "
                    + "(quote names containing dots: \"my.schema\".\"table\")");
        }
        return new TablePattern(parts.get(0), parts.get(1));
    }

    public boolean isWildcard() {
        return table.contains("*");
    }

    public boolean matches(TableId id) {
        if (!id.schema().equals(schema)) {
            return false;
        }
        String regex = Pattern.quote(table).replace("*", "\\E.*\\Q");
        return id.name().matches(regex);
    }

    @Override
    public String toString() {
        return schema + "." + table;
    }
}
