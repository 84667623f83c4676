package io.hanacdc.pipeline;

import java.util.EnumSet;
import java.util.Locale;
import java.util.Set;

/**
 * What a table of the task is doing, as the status page, the admin API, the status log and health report it
 * (docs/design.md, "A table's states"). A turn moves a table between the working states; a stop reason
 * (STOPPED) and another replica's ownership (STANDBY) hold it whatever a turn under way would say, and a
 * table leaves them only through STARTING, the next turn deciding from its position.
 */
public enum TableState {
    /** Its position not read yet: at start, when given (back) to this replica, or when a stop ends. */
    STARTING,
    /** In its initial load. */
    SNAPSHOT,
    /** Applying captured changes. */
    STREAMING,
    /** Copying again chunk by chunk while it streams. */
    RESNAPSHOT,
    /** Paused by an operator. */
    PAUSED,
    /** Another process moved its position on: read anew at the next turn. */
    RELOADING,
    /** The last turn failed: tried again after the back-off. */
    RETRYING,
    /** Waits for a DBA to change its capture, as the reason says. */
    STOPPED,
    /** Another replica owns the table. */
    STANDBY;

    private static final Set<TableState> WORKING = EnumSet.of(SNAPSHOT, STREAMING, RESNAPSHOT, PAUSED, RELOADING, RETRYING);

    /** The word users see (status page, /api/tables, the status log). */
    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** Whether a turn decides this state (not held by a stop reason or another owner). */
    boolean working() {
        return this == STARTING || WORKING.contains(this);
    }

    /** The states this one may move to; staying is always allowed. */
    Set<TableState> next() {
        return switch (this) {
            case STARTING, SNAPSHOT, STREAMING, RESNAPSHOT, PAUSED, RELOADING, RETRYING -> {
                Set<TableState> s = EnumSet.copyOf(WORKING);
                s.add(STOPPED);
                s.add(STANDBY);
                yield s;
            }
            case STOPPED -> EnumSet.of(STARTING, STANDBY);
            case STANDBY -> EnumSet.of(STARTING, STOPPED);
        };
    }

    /** This state moved to {@code to}; an illegal move throws. */
    TableState to(TableState to) {
        if (to != this && !next().contains(to)) {
            throw new IllegalStateException("a table cannot go from " + label() + " to " + to.label());
        }
        return to;
    }

    @Override
    public String toString() {
        return label();
    }
}
