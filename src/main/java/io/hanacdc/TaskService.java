package io.hanacdc;

import io.hanacdc.admin.HealthChecks;
import io.hanacdc.admin.HeldBack;
import io.hanacdc.admin.Metrics;
import io.hanacdc.admin.PendingRows;
import io.hanacdc.admin.TableApi;
import io.hanacdc.changes.ChangeRoutes;
import io.hanacdc.cluster.TableOwnership;
import io.hanacdc.config.CdcConfig;
import io.hanacdc.pipeline.CdcTask;
import io.hanacdc.pipeline.TableRoutes;
import io.hanacdc.pipeline.TableWorker;
import org.apache.camel.CamelContext;
import org.apache.camel.StartupListener;
import org.apache.camel.support.service.ServiceSupport;

/**
 * The running task as a service of the Camel context: the context starts it before its routes
 * (pools, capture, target tables, workers, their metrics and health checks) and stops it after them
 * (pools closed). The tables' routes start last, once every route of the context runs (Camel's
 * startup listener), so a user route a table's changes pass through runs before the table's first batch.
 */
final class TaskService extends ServiceSupport implements StartupListener {
    private final CamelContext camel;
    private final CdcConfig cfg;
    private final Metrics metrics;
    private final HealthChecks health;
    private final ChangeRoutes changeRoutes;
    private final TableOwnership ownership;
    private final Runnable onStarted;
    private volatile CdcTask task;
    private volatile TableApi api;

    TaskService(CamelContext camel, CdcConfig cfg, Metrics metrics, HealthChecks health, ChangeRoutes changeRoutes, TableOwnership ownership,
                Runnable onStarted) {
        this.camel = camel;
        this.cfg = cfg;
        this.metrics = metrics;
        this.health = health;
        this.changeRoutes = changeRoutes;
        this.ownership = ownership;
        this.onStarted = onStarted;
    }

    @Override
    protected void doStart() {
        task = CdcTask.start(cfg, metrics, changeRoutes, camel.getExecutorServiceManager().newCachedThreadPool(this, "hanacdc-prefetch"));
        HeldBack heldBack = new HeldBack(task.source(), task::heldBackQuery); // a failure from here on: doStop closes the task
        PendingRows pending = new PendingRows(task.source(), task::pendingRowsQuery);
        metrics.bind(task.workers(), task.stopped(), heldBack, pending, task.unread());
        health.register(task, cfg.admin(), w -> TableRoutes.routeId(w, ownership));
        api = new TableApi(task.workers(), task.stopped(), heldBack, task.unread(), pending);
    }

    @Override
    public void onCamelContextStarted(CamelContext context, boolean alreadyStarted) {
        // not every route runs yet: the tables wait for onCamelContextFullyStarted
    }

    @Override
    public void onCamelContextFullyStarted(CamelContext context, boolean alreadyStarted) throws Exception {
        changeRoutes.bind(camel, task.workers().stream().map(TableWorker::table).toList());
        TableRoutes.startAll(camel, task, cfg.pollInterval().toMillis(), cfg.parallelTables(), ownership);
        onStarted.run();
    }

    @Override
    protected void doStop() {
        if (task != null) {
            task.close();
        }
    }

    /** The task, once the service has started (the routes that call it start after it). */
    CdcTask task() {
        return task;
    }

    TableApi api() {
        return api;
    }
}
