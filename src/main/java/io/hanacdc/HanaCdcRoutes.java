package io.hanacdc;

import io.hanacdc.admin.AdminRoutes;
import io.hanacdc.admin.HealthChecks;
import io.hanacdc.admin.HttpBinding;
import io.hanacdc.admin.Metrics;
import io.hanacdc.admin.PeerAuth;
import io.hanacdc.admin.StatusReporter;
import io.hanacdc.changes.ChangeRoutes;
import io.hanacdc.changes.ChangeTransforms;
import io.hanacdc.cluster.ClusterServices;
import io.hanacdc.cluster.ClusterSettings;
import io.hanacdc.config.CdcConfig;
import io.hanacdc.config.SettingsCheck;
import io.hanacdc.pipeline.MaintenanceRoutes;
import io.hanacdc.pipeline.TableRoutes;
import java.util.Optional;
import java.util.function.Function;
import org.apache.camel.CamelContext;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.apache.camel.builder.RouteBuilder;
import org.apache.camel.cluster.CamelClusterService;

/**
 * The whole task as one RouteBuilder: reads the hanacdc.* settings from the Camel context it is
 * added to, adds the task as a service the context starts and stops (TaskService: capture, target
 * tables, workers, their health checks in Camel's health-check registry and meters in Camel's
 * metrics registry), and declares its routes — tables, housekeeping, admin API. Application hosts it in camel-main; any other Camel runtime (Camel K,
 * camel-main with camel.main.routes-builder-classes=io.hanacdc.HanaCdcRoutes) loads it by class name.
 * The platform-http routes of the admin API need the runtime's HTTP server; where it binds decides
 * whether the task may start without hanacdc.admin.token (HttpBinding).
 */
public final class HanaCdcRoutes extends RouteBuilder {
    private static final Logger LOG = LoggerFactory.getLogger(HanaCdcRoutes.class);
    private final Runnable onStarted;

    public HanaCdcRoutes() {
        this(() -> { });
    }

    /** @param onStarted run once every route, the tables' included, has started */
    HanaCdcRoutes(Runnable onStarted) {
        this.onStarted = onStarted;
    }

    /**
     * Declares the task's routes (tables' template, housekeeping, admin API) and adds the task itself as
     * a service of the context, which starts it (see TaskService). Settings are checked here, so a bad
     * one stops the context before anything is installed.
     */
    @Override
    public void configure() throws Exception {
        CamelContext camel = getContext();
        SettingsCheck.check(camel.getPropertiesComponent()); // a mistyped key is refused before anything is installed
        Function<String, Optional<String>> settings = key -> camel.getPropertiesComponent().resolveProperty(key).filter(v -> !v.isBlank());
        CdcConfig cfg = CdcConfig.load(settings);
        HttpBinding binding = HttpBinding.of(camel);
        binding.refuseExposureWithoutToken(cfg.admin());
        binding.refuseTakenPort(camel);
        ClusterSettings cluster = ClusterSettings.load(settings);
        PeerAuth peers = null;
        if (cluster.enabled()) {
            cluster.peerAddress(cfg.admin().host(), cfg.admin().port()); // an address the others would refuse stops the task here
            peers = new PeerAuth(cluster.key(), cfg.task(), cluster.replicaTimeout());
        }
        Metrics metrics = Metrics.in(camel);
        Runnable announced = () -> {
            LOG.info(binding.announcement(cfg.admin()));
            onStarted.run();
        };
        TaskService task = new TaskService(camel, cfg, metrics, HealthChecks.of(camel), new ChangeRoutes(),
                cluster, peers, announced);
        Optional<CamelClusterService> clusterService = ClusterServices.create(cluster);
        if (clusterService.isPresent()) {
            camel.addService(clusterService.get());
        }
        camel.addService(task);
        camel.addStartupListener(task);
        camel.getRegistry().bind("hanacdcStatus", new StatusReporter(task::task)); // routes/status.yaml
        camel.getRegistry().bind("hanacdcTransforms", new ChangeTransforms());
        camel.addRoutes(new TableRoutes());
        camel.addRoutes(new MaintenanceRoutes(task::task, cfg));
        camel.addRoutes(new AdminRoutes(task::api, task::view, metrics, cfg.admin(), binding, peers));
    }
}
