package io.hanacdc;

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
import java.util.Optional;
import java.util.function.Function;
import org.apache.camel.CamelContext;
import org.apache.camel.cluster.CamelClusterService;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The task put together in a Camel context, once: the hanacdc.* settings read from the context's properties and
 * checked, the task added as a service the context starts and stops (TaskService), the cluster service when replicas
 * share the task, and the beans routes call by name — the task (hanacdcTask), its status (hanacdcStatus, for
 * routes/status.yaml and user routes) and the change transforms (hanacdcTransforms). A bad setting stops the context
 * here, before anything is installed. The routes themselves are declared by HanaCdcRoutes.
 *
 * @param task the task, as a service and the bean its routes call
 * @param cfg the task's settings
 * @param metrics the task's meters, in Camel's metrics registry
 * @param binding where the runtime's HTTP server binds, which decides whether the admin API needs a token
 * @param peers how this replica signs and checks requests between replicas; null when the task runs alone
 */
record TaskAssembly(TaskService task, CdcConfig cfg, Metrics metrics, HttpBinding binding, PeerAuth peers) {
    private static final Logger LOG = LoggerFactory.getLogger(TaskAssembly.class);
    /** The registry name of the assembly, so a second builder in the same context finds it instead of adding the task again. */
    private static final String BEAN = "hanacdcAssembly";

    /** The context's assembly: put together the first time it is asked for, found afterwards. */
    static TaskAssembly in(CamelContext camel, Runnable onStarted) throws Exception {
        TaskAssembly done = camel.getRegistry().lookupByNameAndType(BEAN, TaskAssembly.class);
        if (done != null) {
            return done;
        }
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
        TaskService task = new TaskService(camel, cfg, metrics, HealthChecks.of(camel), new ChangeRoutes(), cluster, peers, announced);
        Optional<CamelClusterService> clusterService = ClusterServices.create(cluster);
        if (clusterService.isPresent()) {
            camel.addService(clusterService.get());
        }
        task.beginAssembly();
        camel.addService(task);
        camel.addStartupListener(task);
        camel.getRegistry().bind(TaskService.BEAN, new TaskCalls(task));
        camel.getRegistry().bind("hanacdcStatus", new StatusReporter(task::task)); // routes/status.yaml
        camel.getRegistry().bind("hanacdcTransforms", new ChangeTransforms());
        TaskAssembly assembly = new TaskAssembly(task, cfg, metrics, binding, peers);
        camel.getRegistry().bind(BEAN, assembly);
        return assembly;
    }
}
