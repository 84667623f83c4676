package io.hanacdc;

import io.hanacdc.admin.AdminRoutes;
import io.hanacdc.admin.HealthChecks;
import io.hanacdc.admin.HeldBack;
import io.hanacdc.admin.HttpBinding;
import io.hanacdc.admin.Metrics;
import io.hanacdc.admin.PendingRows;
import io.hanacdc.admin.StatusReporter;
import io.hanacdc.admin.TableApi;
import io.hanacdc.changes.ChangeRoutes;
import io.hanacdc.changes.ChangeTransforms;
import io.hanacdc.cluster.ClusterServices;
import io.hanacdc.cluster.ClusterSettings;
import io.hanacdc.cluster.TableOwnership;
import io.hanacdc.config.CdcConfig;
import io.hanacdc.config.SettingsCheck;
import io.hanacdc.pipeline.CdcTask;
import io.hanacdc.pipeline.MaintenanceRoutes;
import io.hanacdc.pipeline.TableRoutes;
import io.hanacdc.pipeline.TableWorker;
import java.util.Optional;
import java.util.function.Function;
import org.apache.camel.CamelContext;
import org.apache.camel.builder.RouteBuilder;
import org.apache.camel.spi.CamelEvent;
import org.apache.camel.support.SimpleEventNotifierSupport;
import org.apache.camel.support.service.ServiceHelper;
import org.apache.camel.support.service.ServiceSupport;

/**
 * The whole task as one RouteBuilder: reads the hanacdc.* settings from the Camel context it is
 * added to, starts the task (capture, target tables, workers), puts its health checks in Camel's
 * health-check registry and its meters in Camel's metrics registry, and adds its routes — tables,
 * housekeeping, admin API. Application hosts it in camel-main; any other Camel runtime (Camel K,
 * camel-main with camel.main.routes-builder-classes=io.hanacdc.HanaCdcRoutes) loads it by class name.
 * The platform-http routes of the admin API need the runtime's HTTP server; where it binds decides
 * whether the task may start without hanacdc.admin.token (HttpBinding).
 */
public final class HanaCdcRoutes extends RouteBuilder {
    private final Runnable onStarted;

    public HanaCdcRoutes() {
        this(() -> { });
    }

    /** @param onStarted run once every route, the tables' included, has started */
    HanaCdcRoutes(Runnable onStarted) {
        this.onStarted = onStarted;
    }

    @Override
    public void configure() throws Exception {
        CamelContext camel = getContext();
        SettingsCheck.check(camel.getPropertiesComponent()); // a mistyped key is refused before anything is installed
        Function<String, Optional<String>> settings = key -> camel.getPropertiesComponent().resolveProperty(key).filter(v -> !v.isBlank());
        CdcConfig cfg = CdcConfig.load(settings);
        HttpBinding binding = HttpBinding.of(camel);
        binding.refuseExposureWithoutToken(cfg.admin());
        HealthChecks health = HealthChecks.of(camel);
        ClusterSettings cluster = ClusterSettings.load(settings);
        Metrics metrics = Metrics.in(camel);
        ChangeRoutes changeRoutes = new ChangeRoutes();
        CdcTask task = CdcTask.start(cfg, metrics, changeRoutes, camel.getExecutorServiceManager().newCachedThreadPool(this, "hanacdc-prefetch"));
        camel.addService(new ServiceSupport() { // the task's pools close with the context
            @Override
            protected void doStop() {
                task.close();
            }
        });
        HeldBack heldBack = new HeldBack(task.source(), task::heldBackQuery);
        PendingRows pending = new PendingRows(task.source(), task::pendingRowsQuery);
        metrics.bind(task.workers(), task.stopped(), heldBack, pending, task.unread());
        health.register(task, cfg.admin(), TableRoutes::routeId);
        camel.getRegistry().bind("hanacdcStatus", new StatusReporter(task.workers(), task.stopped(), task.unread()));
        camel.getRegistry().bind("hanacdcTransforms", new ChangeTransforms());
        Optional<org.apache.camel.cluster.CamelClusterService> service = ClusterServices.create(cluster);
        if (service.isPresent()) {
            camel.addService(service.get());
        }
        TableRoutes tableRoutes = new TableRoutes(task, cfg.pollInterval().toMillis(), new TableOwnership(cfg.task(), cluster));
        camel.addRoutes(tableRoutes);
        camel.addRoutes(new MaintenanceRoutes(task, cfg));
        camel.addRoutes(new AdminRoutes(new TableApi(task.workers(), task.stopped(), heldBack, task.unread(), pending), metrics,
                cfg.admin(), binding));
        SimpleEventNotifierSupport whenStarted = new SimpleEventNotifierSupport() {
            @Override
            public void notify(CamelEvent event) throws Exception {
                if (event instanceof CamelEvent.CamelContextStartedEvent) {
                    // Tables start last: every change route of a user is running before a table's first batch.
                    changeRoutes.bind(camel, task.workers().stream().map(TableWorker::table).toList());
                    tableRoutes.startAll();
                    onStarted.run();
                }
            }
        };
        ServiceHelper.startService(whenStarted); // added while the context starts: nobody else starts it
        camel.getManagementStrategy().addEventNotifier(whenStarted);
    }
}
