package io.hanacdc.sink.mysql;

import io.hanacdc.schema.ColumnDefault;
import io.hanacdc.schema.ColumnType;
import io.hanacdc.schema.ColumnType.Kind;
import io.hanacdc.schema.SchemaDiff;
import io.hanacdc.schema.SourceColumn;
import io.hanacdc.sql.Identifiers;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * The one ALTER TABLE that takes a target table from one source shape to the next. Written against
 * the target's columns as they are, so running it again after a crash between the ALTER and the
 * position does nothing twice; one statement, so it takes effect whole or not at all.
 */
public final class TargetAlter {
    /** Types MySQL gives no literal default (LONGTEXT, LONGBLOB), and arrays, whose default is not written as the JSON the target holds. */
    private static final Set<Kind> NO_LITERAL_DEFAULT = Set.of(Kind.TEXT, Kind.BLOB, Kind.JSON, Kind.ARRAY);

    private TargetAlter() {}

    /**
     * @param existing     the target's columns now (any case)
     * @param keepDropped  keep dropped columns (made nullable) instead of dropping them
     * @return the statement, or empty when the target already has the new shape
     */
    public static List<String> statements(MySqlTable from, MySqlTable to, SchemaDiff diff, Set<String> existing, boolean keepDropped,
                                          MySqlTypes types) {
        Set<String> have = new HashSet<>();
        existing.forEach(c -> have.add(c.toLowerCase(Locale.ROOT)));
        List<String> clauses = new ArrayList<>();
        for (SchemaDiff.Change ch : diff.changed()) {
            if (have.contains(lower(ch.before().name())) && ch.renamed() && !have.contains(lower(ch.after().name()))) {
                clauses.add("CHANGE COLUMN " + Identifiers.backtick(ch.before().name()) + " " + definition(to, ch.after(), types));
            } else if (ch.retyped() && have.contains(lower(ch.after().name()))) {
                clauses.add("MODIFY COLUMN " + definition(to, ch.after(), types));
            }
        }
        for (SourceColumn c : diff.added()) {
            if (!have.contains(lower(c.name()))) {
                clauses.add("ADD COLUMN " + definition(to, c, types) + defaultClause(c));
            }
        }
        for (SourceColumn c : diff.dropped()) {
            if (have.contains(lower(c.name()))) {
                clauses.add(keepDropped ? "MODIFY COLUMN " + definition(from, c, types).replaceAll(" NOT NULL$", " NULL")
                        : "DROP COLUMN " + Identifiers.backtick(c.name()));
            }
        }
        return clauses.isEmpty() ? List.of() : List.of("ALTER TABLE " + to.qualifiedName() + " " + String.join(", ", clauses));
    }

    /** Whether rows existing when the column was added hold values the target cannot know from the ALTER alone. */
    public static boolean needsBackfill(SourceColumn added) {
        return added.defaultValue().kind() == ColumnDefault.Kind.EXPRESSION
                || added.defaultValue().kind() == ColumnDefault.Kind.CONSTANT && !literalDefault(added.type());
    }

    private static boolean literalDefault(ColumnType t) {
        return !NO_LITERAL_DEFAULT.contains(t.kind()) && !(t.kind() == Kind.SOURCE_TEXT && t.length() == 0);
    }

    private static String definition(MySqlTable table, SourceColumn c, MySqlTypes types) {
        List<SourceColumn> columns = table.source().columns();
        SourceColumn own = columns.stream().filter(x -> x.name().equals(c.name())).findFirst().orElse(c);
        String type = types.columnTypes(List.of(own), new HashSet<>(table.source().primaryKey())).get(0);
        return Identifiers.backtick(c.name()) + " " + type + (c.nullable() ? " NULL" : " NOT NULL");
    }

    private static String defaultClause(SourceColumn c) {
        ColumnDefault d = c.defaultValue();
        if (d.kind() != ColumnDefault.Kind.CONSTANT || !literalDefault(c.type())) {
            return "";
        }
        return " DEFAULT " + (d.numeric() ? d.value() : "'" + d.value().replace("\\", "\\\\").replace("'", "''") + "'");
    }

    private static String lower(String s) {
        return s.toLowerCase(Locale.ROOT);
    }
}
