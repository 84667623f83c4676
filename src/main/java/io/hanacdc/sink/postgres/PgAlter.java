package io.hanacdc.sink.postgres;

import io.hanacdc.schema.ColumnDefault;
import io.hanacdc.schema.ColumnType.Kind;
import io.hanacdc.schema.SchemaDiff;
import io.hanacdc.schema.SourceColumn;
import io.hanacdc.sql.Identifiers;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * The ALTER TABLE statements that take a target table from one source shape to the next, written against the target's
 * columns as they are, so running them again after a crash does nothing twice. They run in one transaction with the
 * positions that fence them (PostgreSQL's DDL is transactional), so they take effect whole or not at all.
 */
final class PgAlter {
    /** Types whose source default is written as the target holds it: numbers, text, booleans, dates and times. */
    private static final Set<Kind> LITERAL_DEFAULT = Set.of(Kind.BOOLEAN, Kind.UNSIGNED_TINYINT, Kind.SMALLINT, Kind.INTEGER, Kind.BIGINT,
            Kind.DECIMAL, Kind.FLOATING_DECIMAL, Kind.REAL, Kind.DOUBLE, Kind.CHAR, Kind.VARCHAR, Kind.TEXT, Kind.DATE, Kind.TIME,
            Kind.TIMESTAMP);

    private PgAlter() {}

    /** @param existing the target's columns now; empty when the target already has the new shape */
    static List<String> statements(PgTable to, SchemaDiff diff, List<String> existing, boolean keepDropped) {
        String table = "ALTER TABLE " + to.qualifiedName() + " ";
        List<String> out = new ArrayList<>();
        for (SchemaDiff.Change ch : diff.changed()) {
            String name = Identifiers.ansi(ch.after().name());
            if (existing.contains(ch.before().name()) && ch.renamed() && !existing.contains(ch.after().name())) {
                out.add(table + "RENAME COLUMN " + Identifiers.ansi(ch.before().name()) + " TO " + name);
            }
            if (ch.retyped() && (existing.contains(ch.after().name()) || ch.renamed() && existing.contains(ch.before().name()))) {
                String type = PgTypes.of(ch.after());
                out.add(table + "ALTER COLUMN " + name + " TYPE " + type + " USING " + name + "::" + type + ", ALTER COLUMN " + name
                        + (ch.after().nullable() ? " DROP NOT NULL" : " SET NOT NULL"));
            }
        }
        List<String> clauses = new ArrayList<>();
        for (SourceColumn c : diff.added()) {
            if (!existing.contains(c.name())) {
                // NOT NULL only with a default the existing rows take; without one they are copied again and the column stays nullable
                boolean literal = !needsBackfill(c) && c.defaultValue().kind() == ColumnDefault.Kind.CONSTANT;
                clauses.add("ADD COLUMN " + Identifiers.ansi(c.name()) + " " + PgTypes.of(c) + (literal ? " DEFAULT "
                        + (c.defaultValue().numeric() ? c.defaultValue().value() : Identifiers.literal(c.defaultValue().value()))
                        + (c.nullable() ? "" : " NOT NULL") : ""));
            }
        }
        for (SourceColumn c : diff.dropped()) {
            if (existing.contains(c.name())) {
                clauses.add(keepDropped ? "ALTER COLUMN " + Identifiers.ansi(c.name()) + " DROP NOT NULL" : "DROP COLUMN " + Identifiers.ansi(c.name()));
            }
        }
        if (!clauses.isEmpty()) {
            out.add(table + String.join(", ", clauses));
        }
        return out;
    }

    /** Whether rows existing when the column was added hold values the target cannot know from the ALTER alone. */
    static boolean needsBackfill(SourceColumn added) {
        return added.defaultValue().kind() == ColumnDefault.Kind.EXPRESSION
                || added.defaultValue().kind() == ColumnDefault.Kind.CONSTANT && !LITERAL_DEFAULT.contains(added.type().kind());
    }
}
