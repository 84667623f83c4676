package io.hanacdc.cluster;

import static io.hanacdc.config.Setting.choice;
import static io.hanacdc.config.Setting.number;
import static io.hanacdc.config.Setting.secret;
import static io.hanacdc.config.Setting.text;

import io.hanacdc.config.Setting;
import io.hanacdc.config.SettingGroup;
import java.util.List;

/** Scale-out: replicas of a task sharing its tables (ClusterSettings reads them). */
public final class ClusterSettingGroup implements SettingGroup {
    static final Setting MODE = choice("hanacdc.cluster", List.of("none", "file", "kubernetes"),
            "`none`: one process runs every table; `file`: Camel's `FileLockClusterService`, the leader's lock file under a"
                    + " directory all replicas see (one host); `kubernetes`: Camel's `KubernetesClusterService`, one `Lease` for the task");
    static final Setting REPLICA = text("hanacdc.cluster.replica",
            "this replica's name among the task's (shown as a table's `owner`)").defaultText("host name and process id");
    static final Setting ADDRESS = text("hanacdc.cluster.address", "",
            "where the other replicas reach this one's admin API, `http(s)://host:port` and nothing more"
                    + " (`k8s/deployment.yaml` sets the pod's IP)").defaultText("what the admin API binds (the host name for `0.0.0.0`)");
    static final Setting SECRET = secret("hanacdc.cluster.secret",
            "required when replicas share the task: the same secret on every replica, at least 32 characters (`openssl rand -hex 32`)."
                    + " It signs each replica's heartbeat and the requests and answers replicas exchange (see"
                    + " [Trust between replicas](scale-out.md#trust-between-replicas))");
    static final Setting PEERS = text(PeerAllowList.KEY, "",
            "the hosts the replicas' addresses may name, comma-separated: host names (as written, never resolved), IP addresses and"
                    + " CIDR ranges (`10.244.0.0/16`, matching addresses given as IPs)").defaultText("empty (any)");
    static final Setting HEARTBEAT = number("hanacdc.cluster.heartbeat-ms", 2000L, 1,
            "how often each replica says it is alive and reads which tables it owns; the leader assigns as often");
    static final Setting REPLICA_TIMEOUT = number("hanacdc.cluster.replica-timeout-ms", 10000L, 1,
            "a replica without a beat for this long counts as gone: its tables go to the others (at least twice the heartbeat)."
                    + " The replicas' clocks must agree within it");
    static final Setting FILE_ROOT = text("hanacdc.cluster.file.root", "lock directory (required with `file`)");
    static final Setting FILE_INTERVAL = number("hanacdc.cluster.file.interval-ms", 2000L, 1,
            "how often the leader's lock is tried and renewed");
    static final Setting FILE_STALE = number("hanacdc.cluster.file.stale-after-intervals", 5L, 1,
            "after how many missed renewals the leader counts as gone");
    static final Setting NAMESPACE = text("hanacdc.cluster.kubernetes.namespace", "", "where the Lease lives").defaultText("the pod's");
    static final Setting LEASE_PREFIX = text("hanacdc.cluster.kubernetes.lease-prefix", "hanacdc",
            "the Lease's name prefix (`<prefix>-<task>-leader-<hash>`)");
    static final Setting LEASE_DURATION = number("hanacdc.cluster.kubernetes.lease-duration-ms", 15000L, 1, "lease duration");
    static final Setting RENEW_DEADLINE = number("hanacdc.cluster.kubernetes.renew-deadline-ms", 10000L, 1,
            "renew deadline, shorter than the lease: a leader steps down before another replica may take its lease");
    static final Setting RETRY_PERIOD = number("hanacdc.cluster.kubernetes.retry-period-ms", 2000L, 1, "how often the lease is tried");

    @Override
    public String title() {
        return "Scale-out";
    }

    @Override
    public int rank() {
        return 70;
    }

    @Override
    public String about() {
        return "Replicas of a task share its tables, one owner per table at a time (see [Scale-out](scale-out.md)).";
    }

    @Override
    public List<Setting> settings() {
        return List.of(MODE, REPLICA, ADDRESS, SECRET, PEERS, HEARTBEAT, REPLICA_TIMEOUT, FILE_ROOT, FILE_INTERVAL, FILE_STALE, NAMESPACE,
                LEASE_PREFIX, LEASE_DURATION, RENEW_DEADLINE, RETRY_PERIOD);
    }
}
