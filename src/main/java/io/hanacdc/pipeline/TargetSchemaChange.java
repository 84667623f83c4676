package io.hanacdc.pipeline;

import io.hanacdc.checkpoint.Position;
import io.hanacdc.common.CdcException;
import io.hanacdc.config.SchemaChangePolicy.Action;
import io.hanacdc.config.SchemaChangePolicy.Kind;
import io.hanacdc.config.SchemaChangePolicy;
import io.hanacdc.schema.SchemaDiff;
import io.hanacdc.schema.SourceColumn;
import io.hanacdc.schema.TableId;
import io.hanacdc.sink.Target;
import io.hanacdc.sink.TargetSession;
import java.sql.SQLException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Changes the target table from one capture version's shape to a later one's, as the policy allows,
 * and stores the position at the new version. Rows existing when a column was added whose values the
 * ALTER cannot give them (an expression default; or a column that may be a renamed one, where the source
 * cannot tell renames) are copied again by a re-snapshot that runs alongside the stream; a new key makes the
 * target table anew and copies it again.
 */
final class TargetSchemaChange {
    private static final Logger LOG = LoggerFactory.getLogger(TargetSchemaChange.class);
    private final SchemaChangePolicy policy;
    private final Target target;
    private final boolean idsSurviveRenames;

    TargetSchemaChange(SchemaChangePolicy policy, Target target, boolean idsSurviveRenames) {
        this.policy = policy;
        this.target = target;
        this.idsSurviveRenames = idsSurviveRenames;
    }

    /**
     * Whether the move changes the table's key on a target that keeps one row per key: it is then made anew and copied
     * again. Rows changed between the ALTER and the move were captured by their old key only, and a target re-keyed in
     * place would keep rows deleted meanwhile; a copy from empty is exact.
     */
    boolean copiesAnew(TableShape from, TableShape to) {
        return !target.keepsEveryChange() && SchemaDiff.of(from.table(), from.captureVersion().columnIds(), to.table(),
                to.captureVersion().columnIds(), idsSurviveRenames).keyChanged();
    }

    /** The DDL runs only while this process holds the table's current position (see Target#fenced). */
    Position apply(TargetSession session, StreamStep.SchemaStep step, Position next) throws SQLException {
        TableId id = next.table();
        Position before = next.withCaptureVersion(step.from().captureVersion().number());
        if (step.restart() != null) {
            boolean recreated = step.from().captureVersion().tableOid() != step.to().captureVersion().tableOid();
            boolean rekeyed = !recreated && copiesAnew(step.from(), step.to());
            if (recreated) {
                check(id, Kind.RECREATE_TABLE, "was dropped and created again");
            } else if (rekeyed) {
                check(id, Kind.CHANGE_KEY, "changed its primary key");
            }
            Position stored = target.fenced(session, "DROP TABLE and CREATE TABLE " + step.to().target().qualifiedName(), before,
                    t -> target.recreate(t, step.to().target()), next.restartSnapshot(step.restart(), next.captureVersion()));
            LOG.info("table {} {}: target table made anew, copying it again", id, recreated ? "was re-created at the source"
                    : rekeyed ? "changed its key at the source" : "changed shape during its initial load");
            return stored;
        }
        SchemaDiff diff = SchemaDiff.of(step.from().table(), step.from().captureVersion().columnIds(), step.to().table(),
                step.to().captureVersion().columnIds(), idsSurviveRenames);
        boolean keepDropped = decide(id, diff);
        boolean backfill = diff.added().stream().anyMatch(target::needsBackfill)
                || !idsSurviveRenames && !diff.added().isEmpty() && !diff.dropped().isEmpty()
                || diff.keyChanged() && target.keepsEveryChange(); // events keyed anew: the target forgets the old keys first (alter)
        Position stored = target.fenced(session, "ALTER TABLE " + step.to().target().qualifiedName() + " (" + diff + ")", before,
                t -> alter(t, step, diff, keepDropped), backfill ? next.resnapshot() : next);
        LOG.info("table {}: target table now has the shape of capture version {} ({}){}", id, next.captureVersion(),
                diff.isEmpty() ? "no column change" : diff, backfill ? "; its rows are copied again to fill the new column(s)" : "");
        return stored;
    }

    private void alter(TargetSession session, StreamStep.SchemaStep step, SchemaDiff diff, boolean keepDropped) throws SQLException {
        try {
            target.alter(session, step.from().target(), step.to().target(), diff, keepDropped);
        } catch (SQLException e) {
            throw new CdcException("table " + step.to().table().id() + ": the target table could not follow the source change (" + diff + "): "
                    + e.getMessage() + ". Change the target table by hand, or set the policy to stop and re-create it", e);
        }
    }

    /** Checks every change against the policy; returns whether dropped columns are kept on the target. */
    private boolean decide(TableId id, SchemaDiff diff) {
        for (SourceColumn c : diff.added()) {
            check(id, Kind.ADD_COLUMN, "gained column " + c.name());
        }
        for (SchemaDiff.Change ch : diff.changed()) {
            if (ch.renamed()) {
                check(id, Kind.RENAME_COLUMN, "renamed column " + ch.before().name() + " to " + ch.after().name());
            }
            if (ch.retyped()) {
                check(id, ch.widening() ? Kind.WIDEN_COLUMN : Kind.CHANGE_TYPE, "changed column " + ch.after().name() + " from "
                        + ch.before().sourceType() + (ch.before().nullable() ? "" : " NOT NULL") + " to " + ch.after().sourceType()
                        + (ch.after().nullable() ? "" : " NOT NULL"));
            }
        }
        if (diff.keyChanged()) {
            check(id, Kind.CHANGE_KEY, "changed its primary key");
        }
        boolean keep = false;
        for (SourceColumn c : diff.dropped()) {
            keep |= check(id, Kind.DROP_COLUMN, "dropped column " + c.name()) == Action.IGNORE;
        }
        return keep;
    }

    private Action check(TableId id, Kind kind, String what) {
        Action action = policy.action(kind, id);
        if (action == Action.STOP) {
            throw new CdcException("table " + id + " " + what + " at the source, and hanacdc.schema-changes." + kind.key()
                    + " is 'stop': the table waits. Change the target table to match and set the policy to apply"
                    + " (hanacdc.schema-changes." + kind.key() + "." + id + "=apply), then restart");
        }
        return action;
    }
}
