package io.hanacdc.sink.mysql;

import io.hanacdc.sql.Identifiers;
import io.hanacdc.stream.KeyMove;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.List;
import java.util.stream.Collectors;

/**
 * Moves target rows to the keys the source moved them to, by an UPDATE of the key, before the batch's deletes and
 * upserts: a foreign key someone added on the target (ON UPDATE CASCADE) takes the referring rows along, where deleting
 * the old key would delete them (ON DELETE CASCADE) or be refused. A row the target does not hold under the old key, or
 * a new key the target already holds (a row the initial load copied at its new key), is left to the deletes and upserts,
 * which settle every key of the batch either way. Any other refusal (a foreign key ON UPDATE RESTRICT with rows referring
 * to the old key) stops the table, as the delete would have.
 */
final class KeyMover {
    private static final int ER_DUP_ENTRY = 1062;
    private final String table;
    private final List<String> keys;
    private final String update;
    private final String delete;
    private final ValueBinder binder;

    KeyMover(MySqlTable target, ValueBinder binder) {
        this.table = target.source().id().toString();
        this.keys = target.source().primaryKey();
        String where = keys.stream().map(k -> Identifiers.backtick(k) + " = ?").collect(Collectors.joining(" AND "));
        this.update = "UPDATE " + target.qualifiedName() + " SET " + keys.stream().map(k -> Identifiers.backtick(k) + " = ?")
                .collect(Collectors.joining(", ")) + " WHERE " + where;
        this.delete = "DELETE FROM " + target.qualifiedName() + " WHERE " + where;
        this.binder = binder;
    }

    /** @param from and {@code to}: each move's keys, fitted to the target's key columns, in the moves' order */
    void move(Connection c, List<KeyMove> moves, List<Object[]> from, List<Object[]> to) throws SQLException {
        try (PreparedStatement up = c.prepareStatement(update); PreparedStatement del = c.prepareStatement(delete)) {
            for (int i = 0; i < moves.size(); i++) {
                if (moves.get(i).clearFirst()) { // removed at the source before the row moved there: removed here first too
                    bind(del, 1, to.get(i));
                    del.executeUpdate();
                }
                bind(up, 1, to.get(i));
                bind(up, 1 + keys.size(), from.get(i));
                try {
                    up.executeUpdate();
                } catch (SQLException e) {
                    if (e.getErrorCode() != ER_DUP_ENTRY) { // the statement alone is rolled back: the batch goes on
                        throw TargetWarnings.explained(e, table, to, i, keys);
                    }
                }
            }
        }
    }

    private void bind(PreparedStatement ps, int first, Object[] key) throws SQLException {
        for (int k = 0; k < key.length; k++) {
            binder.bind(ps, first + k, key[k]);
        }
    }
}
