package io.hanacdc.source.hana;

import io.hanacdc.schema.TableId;
import io.hanacdc.source.CatalogReads;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Which ALTER clauses {@code alter} runs on HANA: only those that roll back whole with the capture change under
 * AUTOCOMMIT DDL OFF — column changes (ADD, ALTER, DROP, RENAME COLUMN) and constraint changes
 * (alter-table-statement-data-definition-20d329a.md, {@code <column_clauses>}, {@code <constraint_clauses>},
 * {@code <primary_key_clauses>}). Refused, with the reason: ROW ORDER and client-side encryption, whose rollback is
 * not supported, and any change of a NO LOGGING table, whose DDL does not roll back
 * (set-transaction-autocommit-ddl-statement-transaction-management-d538d11.md); a row/column conversion, which
 * commits every BATCH rows; ONLINE, which takes its weaker lock only with DDL autocommit on
 * (create-trigger-statement-data-definition-20d5a65.md); partitioning, moves and the table's other settings,
 * which change no column and are run directly.
 */
final class HanaAlterClauses {
    static final String LOGGED = "SELECT IS_LOGGED FROM SYS.TABLES WHERE SCHEMA_NAME = ? AND TABLE_NAME = ?";
    /** Quoted identifiers, string literals and comments, which hold no keyword of the clause. */
    private static final Pattern NOT_KEYWORDS = Pattern.compile("\"(?:[^\"]|\"\")*\"|'(?:[^']|'')*'|--[^\\n]*|/\\*.*?\\*/", Pattern.DOTALL);
    private static final Pattern TOKEN = Pattern.compile("[A-Za-z_][A-Za-z0-9_$#]*|\\(");
    private static final List<String> COLUMNS = List.of("ADD (", "ALTER (", "DROP (", "RENAME COLUMN");
    private static final List<String> CONSTRAINTS = List.of("ADD CONSTRAINT", "ADD UNIQUE", "ADD PRIMARY", "ADD FOREIGN", "ADD CHECK",
            "DROP CONSTRAINT", "DROP PRIMARY", "ALTER CONSTRAINT");

    private HanaAlterClauses() {}

    /** Why alter may not run the clause on the table, or empty. */
    static Optional<String> refusal(Connection c, TableId id, String clause) throws SQLException {
        Optional<String> byClause = refusal(clause);
        if (byClause.isPresent()) {
            return byClause;
        }
        try (PreparedStatement ps = CatalogReads.prepare(c, LOGGED, id.schema(), id.name()); ResultSet rs = ps.executeQuery()) {
            if (rs.next() && "FALSE".equals(rs.getString(1))) {
                return Optional.of(id + " is a NO LOGGING table, whose DDL does not roll back (SAP's AUTOCOMMIT DDL page): alter cannot"
                        + " change it and its capture in one transaction; remove its capture (uninstall --table), change it, and list it again");
            }
        }
        return Optional.empty();
    }

    /** Why alter may not run the clause whatever the table, or empty. */
    static Optional<String> refusal(String clause) {
        List<String> words = new ArrayList<>();
        Matcher m = TOKEN.matcher(NOT_KEYWORDS.matcher(clause).replaceAll(" "));
        while (m.find()) {
            words.add(m.group().toUpperCase(Locale.ROOT));
        }
        String head = String.join(" ", words.subList(0, Math.min(2, words.size())));
        String because = words.contains("ONLINE") ? "ONLINE takes its weaker lock only with DDL autocommit on, and alter runs the clause in a"
                + " transaction under the table's exclusive lock: leave ONLINE out"
                : words.contains("ENCRYPTION") || words.contains("CLIENTSIDE") ? "a change of client-side encryption does not roll back"
                : head.equals("SET ROW") || head.equals("UNSET ROW") ? "a change of ROW ORDER does not roll back"
                : !words.isEmpty() && List.of("ROW", "COLUMN").contains(words.get(0)) ? "a conversion between row and column store commits every BATCH rows as it goes"
                : COLUMNS.contains(head) || CONSTRAINTS.contains(head) ? null
                : "alter runs only column changes (ADD (…), ALTER (…), DROP (…), RENAME COLUMN) and constraint changes, which roll back"
                + " whole with the capture change; '" + head + " …' changes no column: run it directly (if it leaves the capture triggers"
                + " invalid, the schema check re-creates them)";
        return Optional.ofNullable(because);
    }
}
