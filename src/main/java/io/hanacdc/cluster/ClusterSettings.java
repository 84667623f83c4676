package io.hanacdc.cluster;

import io.hanacdc.CdcException;
import io.hanacdc.config.CdcConfig;
import java.time.Duration;
import java.util.Optional;
import java.util.function.Function;

/**
 * How replicas of one task share its tables (hanacdc.cluster.*): {@code none} (one process runs
 * every table), {@code file} (Camel's file-lock cluster service: replicas on one host or sharing a
 * directory) or {@code kubernetes} (Camel's Kubernetes cluster service: one Lease per table).
 *
 * @param joinSpread a replica joins the race for each table after a random delay up to this long, so
 *                   replicas that start together share the tables instead of the first taking all
 */
public record ClusterSettings(String mode, Duration joinSpread, FileLock file, KubernetesLease kubernetes) {
    /** The file-lock service: the directory holding one lock file per table, how often locks are tried and renewed. */
    public record FileLock(String root, Duration interval, int staleAfterIntervals) {}

    /** The Kubernetes Lease service: the namespace of the Lease objects (empty: the pod's own), their name prefix, the timing. */
    public record KubernetesLease(String namespace, String leasePrefix, Duration leaseDuration, Duration renewDeadline, Duration retryPeriod) {}

    public static ClusterSettings load(Function<String, Optional<String>> props) {
        CdcConfig.Reader r = new CdcConfig.Reader(props);
        String mode = r.oneOf("hanacdc.cluster", "none", "file", "kubernetes");
        FileLock file = new FileLock(mode.equals("file") ? r.required("hanacdc.cluster.file.root") : "",
                Duration.ofMillis(r.positiveInt("hanacdc.cluster.file.interval-ms", 2000)),
                r.positiveInt("hanacdc.cluster.file.stale-after-intervals", 5));
        KubernetesLease k8s = new KubernetesLease(r.string("hanacdc.cluster.kubernetes.namespace", ""),
                r.string("hanacdc.cluster.kubernetes.lease-prefix", "hanacdc"),
                Duration.ofMillis(r.positiveInt("hanacdc.cluster.kubernetes.lease-duration-ms", 15000)),
                Duration.ofMillis(r.positiveInt("hanacdc.cluster.kubernetes.renew-deadline-ms", 10000)),
                Duration.ofMillis(r.positiveInt("hanacdc.cluster.kubernetes.retry-period-ms", 2000)));
        if (k8s.renewDeadline().compareTo(k8s.leaseDuration()) >= 0) {
            throw new CdcException("hanacdc.cluster.kubernetes.renew-deadline-ms must be shorter than lease-duration-ms:"
                    + " a leader must give a table up before another replica may take its lease");
        }
        return new ClusterSettings(mode, Duration.ofMillis(r.nonNegativeInt("hanacdc.cluster.join-spread-ms", 10000)), file, k8s);
    }

    public boolean enabled() {
        return !mode.equals("none");
    }
}
