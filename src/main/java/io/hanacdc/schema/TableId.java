package io.hanacdc.schema;

/** A source table by schema and name, both exactly as the catalog spells them. */
public record TableId(String schema, String name) implements Comparable<TableId> {
    /** Human form for logs, positions and the CLI: schema.table. */
    @Override
    public String toString() {
        return schema + "." + name;
    }

    @Override
    public int compareTo(TableId o) {
        return toString().compareTo(o.toString());
    }
}
