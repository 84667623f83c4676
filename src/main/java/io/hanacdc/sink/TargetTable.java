package io.hanacdc.sink;

import io.hanacdc.schema.SourceTable;
import io.hanacdc.stream.ChangeSet;
import java.sql.SQLException;
import java.util.List;

/** Where the rows of one source table, in one capture version's shape, are written; named by the target's naming settings. */
public interface TargetTable {
    /** The table as status, logs and messages show it (e.g. {@code `db`.`table`}). */
    String qualifiedName();

    SourceTable source();

    /** Creates the table when missing (true) or checks the one found; a table lacking a source column is refused. */
    boolean ensure(TargetSession s) throws SQLException;

    /** Writes the changes, in the caller's transaction (see {@link Target#commit}). */
    void apply(TargetSession s, ChangeSet changes) throws SQLException;

    /** The keys the table holds, in key order (check's scratch tables). */
    List<Object[]> keys(TargetSession s) throws SQLException;
}
