package io.hanacdc;

import java.sql.SQLException;

/**
 * What the task's routes call by name (hanacdcTask): the tick and the housekeeping jobs of the running task. Not a
 * Camel Service, on purpose: the bean component stops a Service bean when the first route calling it stops, which
 * would close the task's pools under the batches still under way; the context stops TaskService after the tables'
 * scheduler instead, once those batches have committed.
 */
public final class TaskCalls {
    private final TaskService task;

    TaskCalls(TaskService task) {
        this.task = task;
    }

    /** One tick of the tables (TableRoutes). */
    public void tick() {
        task.tick();
    }

    /** Writes the heartbeat row (MaintenanceRoutes). */
    public void beat() throws SQLException {
        task.beat();
    }

    /** The schema check (MaintenanceRoutes). */
    public void checkSchemas() throws SQLException {
        task.checkSchemas();
    }

    /** Purges the applied CDC rows; rows deleted (MaintenanceRoutes). */
    public long purge() throws SQLException {
        return task.purge();
    }
}
