package io.hanacdc.cluster;

import io.hanacdc.common.CdcException;
import io.hanacdc.config.CdcConfig;
import java.lang.management.ManagementFactory;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.time.Duration;
import java.util.Optional;
import java.util.function.Function;

/**
 * How replicas of one task share its tables (hanacdc.cluster.*): {@code none} (one process runs every table),
 * {@code file} (Camel's file-lock cluster service elects the leader: replicas on one host or sharing a directory) or
 * {@code kubernetes} (Camel's Kubernetes cluster service: one Lease). The leader assigns the tables (TableAssigner);
 * each replica says it is alive every {@code heartbeat} and follows the assignment (ReplicaMembership).
 *
 * @param replica this replica's name among the task's (default: host name and process id)
 * @param address where the other replicas reach this one's admin API (empty: what it binds, see {@link #peerAddress(String, int)})
 * @param heartbeat how often each replica beats and reads the assignment, and the leader assigns
 * @param replicaTimeout a replica whose beats stop for this long counts as gone: its tables go to the others
 * @param key the secret the replicas share (hanacdc.cluster.secret): signs their heartbeats, requests and answers
 * @param peers the hosts the replicas' admin addresses may name (hanacdc.cluster.peers)
 */
public record ClusterSettings(String mode, String replica, String address, Duration heartbeat, Duration replicaTimeout,
                              ClusterKey key, PeerAllowList peers, FileLock file, KubernetesLease kubernetes) {
    /** A secret shorter than this is refused: `openssl rand -hex 32` gives 64 characters. */
    static final int MIN_SECRET = 32;

    /** The file-lock service: the directory holding the leader's lock file, how often the lock is tried and renewed. */
    public record FileLock(String root, Duration interval, int staleAfterIntervals) {}

    /** The Kubernetes Lease service: the namespace of the Lease (empty: the pod's own), its name prefix, the timing. */
    public record KubernetesLease(String namespace, String leasePrefix, Duration leaseDuration, Duration renewDeadline, Duration retryPeriod) {}

    public static ClusterSettings load(Function<String, Optional<String>> props) {
        CdcConfig.Reader r = new CdcConfig.Reader(props);
        String mode = r.choice(ClusterSettingGroup.MODE);
        FileLock file = new FileLock(mode.equals("file") ? r.required(ClusterSettingGroup.FILE_ROOT) : "",
                Duration.ofMillis(r.number(ClusterSettingGroup.FILE_INTERVAL)), r.number(ClusterSettingGroup.FILE_STALE));
        KubernetesLease k8s = new KubernetesLease(r.text(ClusterSettingGroup.NAMESPACE), r.text(ClusterSettingGroup.LEASE_PREFIX),
                Duration.ofMillis(r.number(ClusterSettingGroup.LEASE_DURATION)),
                Duration.ofMillis(r.number(ClusterSettingGroup.RENEW_DEADLINE)),
                Duration.ofMillis(r.number(ClusterSettingGroup.RETRY_PERIOD)));
        if (k8s.renewDeadline().compareTo(k8s.leaseDuration()) >= 0) {
            throw new CdcException("hanacdc.cluster.kubernetes.renew-deadline-ms must be shorter than lease-duration-ms:"
                    + " a leader must step down before another replica may take its lease");
        }
        Duration heartbeat = Duration.ofMillis(r.number(ClusterSettingGroup.HEARTBEAT));
        Duration timeout = Duration.ofMillis(r.number(ClusterSettingGroup.REPLICA_TIMEOUT));
        if (timeout.compareTo(heartbeat.multipliedBy(2)) < 0) {
            throw new CdcException("hanacdc.cluster.replica-timeout-ms must be at least twice hanacdc.cluster.heartbeat-ms:"
                    + " one late beat must not count a replica as gone");
        }
        return new ClusterSettings(mode, r.string(ClusterSettingGroup.REPLICA.key(), hostName() + "-" + ManagementFactory.getRuntimeMXBean().getPid()),
                r.text(ClusterSettingGroup.ADDRESS), heartbeat, timeout, mode.equals("none") ? null : key(r),
                PeerAllowList.parse(r.text(ClusterSettingGroup.PEERS)), file, k8s);
    }

    /** Replicas that share a task trust each other only through the secret: none may start sharing without it. */
    private static ClusterKey key(CdcConfig.Reader r) {
        String secret = r.secret(ClusterSettingGroup.SECRET).orElse("");
        if (secret.length() < MIN_SECRET) {
            throw new CdcException((secret.isEmpty() ? "hanacdc.cluster.secret is not set" : "hanacdc.cluster.secret is shorter than " + MIN_SECRET
                    + " characters") + ": replicas sharing a task sign their heartbeats and the requests they send each other with it,"
                    + " so that no one who may write the CDC schema is taken for a replica. Set the same long random value on every replica"
                    + " of the task (e.g. `openssl rand -hex 32`), as hanacdc.cluster.secret or in the file hanacdc.cluster.secret-file names");
        }
        return new ClusterKey(secret);
    }

    /** This replica's address as the others reach it, checked as they will check it. */
    public PeerAddress peerAddress(String adminHost, int adminPort) {
        String mine = address(adminHost, adminPort);
        try {
            return PeerAddress.parse(mine, peers);
        } catch (IllegalArgumentException e) {
            throw new CdcException("this replica's admin address " + mine + (address.isEmpty() ? " (from hanacdc.admin.host and .port)" : "")
                    + " cannot be used by the other replicas: " + e.getMessage() + ". Set hanacdc.cluster.address to http(s)://host:port");
        }
    }

    public boolean enabled() {
        return !mode.equals("none");
    }

    /** Where the other replicas reach this one's admin API: as set, else the address it binds (the host name for all addresses). */
    private String address(String adminHost, int adminPort) {
        if (!address.isEmpty()) {
            return address.replaceAll("/+$", "");
        }
        String host = adminHost.equals("0.0.0.0") || adminHost.equals("::") || adminHost.isEmpty() ? hostName() : adminHost;
        return "http://" + (host.contains(":") ? "[" + host + "]" : host) + ":" + adminPort;
    }

    private static String hostName() {
        try {
            return InetAddress.getLocalHost().getHostName();
        } catch (UnknownHostException e) {
            return "localhost";
        }
    }
}
