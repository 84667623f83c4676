package io.hanacdc.source.postgres;

import static io.hanacdc.source.CdcColumns.OP_DELETE;
import static io.hanacdc.source.CdcColumns.OP_INSERT;
import static io.hanacdc.source.CdcColumns.OP_MOVED_FROM;
import static io.hanacdc.source.CdcColumns.OP_UPDATE_AFTER;
import static io.hanacdc.source.CdcColumns.OP_UPDATE_AFTER_NEW_KEY;
import static io.hanacdc.source.CdcColumns.OP_UPDATE_BEFORE;

import io.hanacdc.schema.SourceColumn;
import io.hanacdc.schema.SourceTable;
import io.hanacdc.sql.Identifiers;
import java.util.List;
import java.util.stream.Collectors;

/**
 * The trigger function of row-level capture (hanacdc.capture.trigger-level=row): one CDC insert
 * from NEW or OLD per changed row, writing the same rows as the statement-level function, except that
 * every moved row's new image is marked as its old key's pair (the statement-level function knows the
 * pair only in a statement of one row); an old key another row holds again is written as such (8), for the pair only. An update
 * records its old key (operation 3) only when no row holds that key once the statement is done, as
 * the statement-level function decides from the transition tables: a statement that swaps keys
 * between rows removes no key, so it must not delete one. AFTER ROW triggers fire when every row of
 * the statement has changed, so the table already shows that final state.
 */
final class PostgresRowFunction {
    private PostgresRowFunction() {}

    /**
     * head: the CDC insert up to and including "VALUES (" and the bookkeeping values before the operation;
     * truncated: the CDC insert of a TRUNCATE, whose trigger calls this function at statement level.
     */
    static String body(SourceTable t, List<SourceColumn> captured, String sourceTable, String head, String truncated) {
        String keyKept = t.primaryKey().stream().map(Identifiers::ansi).map(k -> "NEW." + k + " = OLD." + k)
                .collect(Collectors.joining(" AND "));
        String oldKeyHeld = t.primaryKey().stream().map(Identifiers::ansi).map(k -> "s." + k + " = OLD." + k)
                .collect(Collectors.joining(" AND "));
        return "BEGIN\n"
                + "  IF TG_OP = 'INSERT' THEN\n"
                + "    " + head + OP_INSERT + ", " + values("NEW", captured) + ");\n"
                + "  ELSIF TG_OP = 'DELETE' THEN\n"
                + "    " + head + OP_DELETE + ", " + values("OLD", captured) + ");\n"
                + "  ELSIF TG_OP = 'TRUNCATE' THEN\n"
                + "    " + truncated + ";\n"
                + "  ELSE\n"
                // the key comparison first: the lookup runs only for the rare update that changes a key
                + "    IF NOT (" + keyKept + ") THEN\n"
                // the row moved: its old key — gone (3), or held by another row of the statement (8) — then its new image
                // marked as the pair of the row before it
                + "      IF NOT EXISTS (SELECT 1 FROM " + sourceTable + " s WHERE " + oldKeyHeld + ") THEN\n"
                + "        " + head + OP_UPDATE_BEFORE + ", " + values("OLD", captured) + ");\n"
                + "      ELSE\n"
                + "        " + head + OP_MOVED_FROM + ", " + values("OLD", captured) + ");\n"
                + "      END IF;\n"
                + "      " + head + OP_UPDATE_AFTER_NEW_KEY + ", " + values("NEW", captured) + ");\n"
                + "      RETURN NULL;\n"
                + "    END IF;\n"
                + "    " + head + OP_UPDATE_AFTER + ", " + values("NEW", captured) + ");\n"
                + "  END IF;\n"
                + "  RETURN NULL;\n"
                + "END";
    }

    private static String values(String record, List<SourceColumn> captured) {
        return captured.stream().map(c -> record + "." + Identifiers.ansi(c.name())).collect(Collectors.joining(", "));
    }
}
