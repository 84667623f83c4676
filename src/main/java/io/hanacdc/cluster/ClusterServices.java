package io.hanacdc.cluster;

import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.apache.camel.cluster.CamelClusterService;
import org.apache.camel.component.file.cluster.FileLockClusterService;
import org.apache.camel.component.kubernetes.cluster.KubernetesClusterService;
import org.apache.camel.component.kubernetes.cluster.LeaseResourceType;

/** Camel's own cluster service for the configured mode: leader election is Camel's, not hana-cdc's. */
public final class ClusterServices {
    private ClusterServices() {}

    /** The service to add to the Camel context; empty when the task runs alone. */
    public static Optional<CamelClusterService> create(ClusterSettings settings) {
        return switch (settings.mode()) {
            case "file" -> Optional.of(fileLock(settings.file()));
            case "kubernetes" -> Optional.of(kubernetes(settings.kubernetes()));
            default -> Optional.empty();
        };
    }

    private static CamelClusterService fileLock(ClusterSettings.FileLock file) {
        FileLockClusterService service = new FileLockClusterService();
        service.setId("hanacdc-file-cluster");
        service.setRoot(file.root());
        service.setAcquireLockDelay(file.interval().toMillis(), TimeUnit.MILLISECONDS);
        service.setAcquireLockInterval(file.interval().toMillis(), TimeUnit.MILLISECONDS);
        // A follower treats a leader as gone after this many missed heartbeats (the OS also drops a dead process's lock).
        service.setHeartbeatTimeoutMultiplier(file.staleAfterIntervals());
        return service;
    }

    private static CamelClusterService kubernetes(ClusterSettings.KubernetesLease lease) {
        KubernetesClusterService service = new KubernetesClusterService();
        service.setId("hanacdc-kubernetes-cluster");
        service.setLeaseResourceType(LeaseResourceType.Lease);
        service.setKubernetesResourceName(lease.leasePrefix());
        if (!lease.namespace().isEmpty()) {
            service.setKubernetesResourcesNamespace(lease.namespace());
        }
        service.setLeaseDurationMillis(lease.leaseDuration().toMillis());
        service.setRenewDeadlineMillis(lease.renewDeadline().toMillis());
        service.setRetryPeriodMillis(lease.retryPeriod().toMillis());
        return service;
    }
}
