package io.hanacdc.pipeline;

import io.hanacdc.cluster.ReplicaMembership;
import io.hanacdc.schema.TableId;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The task's tables as replica membership drives them: each worker's owner flag, and whether the tick has it in a turn. */
public final class OwnedTables implements ReplicaMembership.Tables {
    private final Map<TableId, TableWorker> workers = new LinkedHashMap<>();
    private final TickScheduler scheduler;

    public OwnedTables(List<TableWorker> workers, TickScheduler scheduler) {
        workers.forEach(w -> this.workers.put(w.table().id(), w));
        this.scheduler = scheduler;
    }

    @Override
    public List<TableId> ids() {
        return List.copyOf(workers.keySet());
    }

    @Override
    public boolean owned(TableId table) {
        return !workers.get(table).standby();
    }

    @Override
    public void ownerChanged(TableId table, boolean owner) {
        workers.get(table).ownerChanged(owner);
    }

    @Override
    public boolean busy(TableId table) {
        return scheduler.busy(workers.get(table));
    }
}
