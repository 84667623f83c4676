package io.hanacdc.pipeline;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A table's states and the moves between them, as docs/design.md draws them. */
class TableStateTest {
    @Test
    void usersSeeTheSameWords() {
        assertEquals(List.of("starting", "snapshot", "streaming", "resnapshot", "paused", "reloading", "retrying", "stopped", "standby"),
                Arrays.stream(TableState.values()).map(TableState::label).toList());
    }

    @Test
    void aStoppedOrAnotherReplicasTableLeavesOnlyThroughStarting() {
        for (TableState held : List.of(TableState.STOPPED, TableState.STANDBY)) {
            for (TableState working : List.of(TableState.SNAPSHOT, TableState.STREAMING, TableState.RESNAPSHOT, TableState.PAUSED,
                    TableState.RELOADING, TableState.RETRYING)) {
                IllegalStateException e = assertThrows(IllegalStateException.class, () -> held.to(working));
                assertTrue(e.getMessage().contains(held.label()) && e.getMessage().contains(working.label()), e.getMessage());
            }
            assertEquals(TableState.STARTING, held.to(TableState.STARTING));
        }
        assertThrows(IllegalStateException.class, () -> TableState.STREAMING.to(TableState.STARTING));
        assertEquals(TableState.STANDBY, TableState.STOPPED.to(TableState.STANDBY));
        assertEquals(TableState.STOPPED, TableState.STANDBY.to(TableState.STOPPED));
    }

    @Test
    void aTurnMovesAWorkingTableButNotAHeldOne() {
        WorkerState s = WorkerState.START.working(TableState.SNAPSHOT).working(TableState.STREAMING);
        assertEquals(TableState.STREAMING, s.state());
        WorkerState stopped = s.stopFor("alter the capture");
        assertEquals(TableState.STOPPED, stopped.state());
        assertEquals(TableState.STOPPED, stopped.working(TableState.STREAMING).state(), "a turn under way when it stopped");
        assertEquals("alter the capture", stopped.shownError());
        assertEquals(TableState.STARTING, stopped.stopFor(null).state());
        assertNull(stopped.stopFor(null).troubleSince());
    }

    @Test
    void aFailureBacksOffAndASuccessEndsIt() {
        WorkerState s = WorkerState.START.working(TableState.STREAMING);
        WorkerState failed = s.failed("connection lost", 1_000).failed("connection lost", 2_000);
        assertEquals(TableState.RETRYING, failed.state());
        assertEquals(2, failed.failures());
        assertEquals(2_000 + 2_000L * 1_000_000, failed.retryAtNanos());
        assertTrue(failed.backingOff(3_000) && !failed.retryNow().backingOff(3_000));
        assertNotNull(failed.troubleSince());
        WorkerState ok = failed.working(TableState.STREAMING).succeeded();
        assertEquals(0, ok.failures());
        assertNull(ok.lastError());
        assertNull(ok.troubleSince());
    }

    @Test
    void ownershipHoldsTheTableAndAGainedOneRereadsItsPosition() {
        WorkerState standby = WorkerState.START.working(TableState.STREAMING).owner(false);
        assertEquals(TableState.STANDBY, standby.state());
        assertEquals(TableState.STANDBY, standby.failed("late batch", 1).state(), "a turn under way when the table was given up");
        assertEquals(TableState.STANDBY, standby.stopFor("alter").state());
        WorkerState gained = standby.owner(true);
        assertEquals(TableState.STARTING, gained.state());
        assertTrue(gained.reload());
        assertEquals(TableState.STOPPED, standby.stopFor("alter").owner(true).state(), "a stop reason outlasts the hand-over");
        assertTrue(!gained.reloaded().reload());
    }

}
