package io.hanacdc;

import io.hanacdc.admin.HealthChecks;
import io.hanacdc.admin.HeldBack;
import io.hanacdc.admin.Metrics;
import io.hanacdc.admin.PeerAuth;
import io.hanacdc.admin.PendingRows;
import io.hanacdc.admin.ReplicaView;
import io.hanacdc.admin.TableApi;
import io.hanacdc.changes.ChangeRoutes;
import io.hanacdc.cluster.ClusterRoutes;
import io.hanacdc.cluster.ClusterSettings;
import io.hanacdc.cluster.ReplicaMembership;
import io.hanacdc.common.StartupTimeline;
import io.hanacdc.config.CdcConfig;
import io.hanacdc.pipeline.CdcTask;
import io.hanacdc.pipeline.TaskAssembler;
import io.hanacdc.pipeline.OwnedTables;
import io.hanacdc.pipeline.TableRoutes;
import io.hanacdc.pipeline.TickScheduler;
import io.hanacdc.pipeline.TableWorker;
import java.sql.SQLException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutorService;
import org.apache.camel.CamelContext;
import org.apache.camel.StartupListener;
import org.apache.camel.support.service.ServiceSupport;

/**
 * The running task as a service of the Camel context and the bean its routes call (hanacdcTask): the context starts
 * it before its routes (pools, capture, target tables, workers, their metrics and health checks) and stops it after
 * them (pools closed). The tables' tick starts last, once every route of the context runs (Camel's startup
 * listener), so a user route a table's changes pass through runs before the table's first batch.
 */
public final class TaskService extends ServiceSupport implements StartupListener {
    /** The name routes call the task by (TaskCalls). */
    static final String BEAN = "hanacdcTask";
    private final CamelContext camel;
    private final CdcConfig cfg;
    private final Metrics metrics;
    private final HealthChecks health;
    private final ChangeRoutes changeRoutes;
    private final ClusterSettings cluster;
    /** How this replica signs and checks requests between replicas; null when the task runs alone. */
    private final PeerAuth peers;
    private final Runnable onStarted;
    private volatile CdcTask task;
    private volatile TableApi api;
    /** This replica's membership of the task's replicas; null when the task runs alone, or before the tables start. */
    private volatile ReplicaMembership membership;
    private volatile ReplicaView view;
    private volatile TickScheduler scheduler;
    /** The task being put together while Camel starts (see {@link #beginAssembly}); null before. */
    private volatile CompletableFuture<CdcTask> assembling;

    TaskService(CamelContext camel, CdcConfig cfg, Metrics metrics, HealthChecks health, ChangeRoutes changeRoutes, ClusterSettings cluster,
                PeerAuth peers, Runnable onStarted) {
        this.camel = camel;
        this.cfg = cfg;
        this.metrics = metrics;
        this.health = health;
        this.changeRoutes = changeRoutes;
        this.cluster = cluster;
        this.peers = peers;
        this.onStarted = onStarted;
    }

    /**
     * Puts the task together (pools, capture, target tables, workers) on a thread of its own, from the moment the
     * context has its routes' builder, so it overlaps the half second or more Camel takes to start before its services
     * do; {@link #doStart} waits for it. The preflight gate has passed by then (Application runs it first).
     */
    void beginAssembly() {
        ExecutorService readers = camel.getExecutorServiceManager().newCachedThreadPool(this, "hanacdc-prefetch");
        ExecutorService starter = camel.getExecutorServiceManager().newSingleThreadExecutor(this, "hanacdc-start");
        assembling = CompletableFuture.supplyAsync(() -> {
            long t = System.nanoTime();
            CdcTask started = TaskAssembler.start(cfg, metrics, changeRoutes, readers);
            StartupTimeline.took("task started: pools, capture, target tables, workers", t);
            return started;
        }, starter);
        assembling.whenComplete((task, failure) -> starter.shutdown());
    }

    @Override
    protected void doStart() throws Exception {
        if (assembling == null) {
            beginAssembly();
        }
        try {
            task = assembling.join();
        } catch (CompletionException e) {
            throw e.getCause() instanceof Exception cause ? cause : e;
        }
        HeldBack heldBack = new HeldBack(task.source(), task.workers(), task.heldBackQuery()); // a failure from here on: doStop closes the task
        PendingRows pending = new PendingRows(task.source(), task.workers(), task::pendingRowsQuery);
        metrics.bind(task.workers(), task.stopped(), heldBack, pending, task.unread(), cluster.enabled() ? cluster.replica() : null);
        health.register(task, cfg.admin(), TableRoutes.TICK_ROUTE);
        api = new TableApi(task.workers(), task.stopped(), heldBack, task.unread(), pending);
    }

    @Override
    public void onCamelContextStarted(CamelContext context, boolean alreadyStarted) {
        // not every route runs yet: the tables wait for onCamelContextFullyStarted
    }

    @Override
    public void onCamelContextFullyStarted(CamelContext context, boolean alreadyStarted) throws Exception {
        StartupTimeline.mark("every route runs: the tables' routes start");
        changeRoutes.bind(camel, task.workers().stream().map(TableWorker::table).toList());
        if (cluster.enabled()) {
            task.workers().forEach(TableWorker::awaitOwner); // until the leader gives this replica tables
        }
        scheduler = TableRoutes.scheduler(camel, task, cfg.pollInterval(), cfg.busyPollInterval(), cfg.parallelTables(), () -> {
            if (membership != null) {
                membership.leave();
            }
        });
        camel.getRouteController().startRoute(TableRoutes.TICK_ROUTE);
        if (cluster.enabled()) {
            membership = ClusterRoutes.start(camel, cfg.task(), cluster, cfg.admin().host(), cfg.admin().port(), task.source(), task.ownerStore(cfg.task()),
                    task.workers().stream().map(w -> w.table().id()).toList(), new OwnedTables(task.workers(), scheduler));
            view = new ReplicaView(membership, peers);
        }
        onStarted.run();
    }

    @Override
    protected void doStop() {
        if (task != null) {
            task.close();
        }
    }

    /** A context that stops before this service started (another service failed): the task put together meanwhile is closed. */
    @Override
    protected void doShutdown() {
        CompletableFuture<CdcTask> a = assembling;
        if (task == null && a != null) {
            a.thenAccept(CdcTask::close);
        }
    }

    /** One tick of the tables (TableRoutes' route, started once the scheduler is there). */
    void tick() {
        scheduler.tick();
    }

    /** Writes the heartbeat row (MaintenanceRoutes). */
    void beat() throws SQLException {
        task.beat();
    }

    /** The schema check (MaintenanceRoutes). */
    void checkSchemas() throws SQLException {
        task.checkSchemas();
    }

    /** Purges the applied CDC rows, suspending the capture of a table whose CDC table grew too large; rows deleted (MaintenanceRoutes). */
    long purge() throws SQLException {
        return task.purge(cfg);
    }

    /** The task, once the service has started (the routes that call it start after it). */
    CdcTask task() {
        return task;
    }

    TableApi api() {
        return api;
    }

    /** The view over the task's replicas; null when the task runs alone, or before the tables start. */
    ReplicaView view() {
        return view;
    }
}
