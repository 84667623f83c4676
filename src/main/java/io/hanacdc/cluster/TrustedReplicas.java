package io.hanacdc.cluster;

import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The rows of hanacdc_replica that a replica of this task wrote: their proof verifies (BeatProof) and their address is
 * one a replica may use (PeerAddress, hanacdc.cluster.peers). Any other row is no replica, whatever its beats do: it is
 * given no table and sent no request, said once at WARN, and otherwise left alone.
 */
final class TrustedReplicas {
    private static final Logger LOG = LoggerFactory.getLogger(TrustedReplicas.class);

    /** A trusted row: where the replica is reached, and when its last beat was signed. */
    record Trusted(PeerAddress address, long signedAt) {}

    private final BeatProof proof;
    private final PeerAllowList peers;
    /** Whether this reader says what it refuses (one reader per process does, so each row is said once). */
    private final boolean says;
    /** The rows refused at the last read, each with why. */
    private Map<String, String> refused = Map.of();

    TrustedReplicas(BeatProof proof, PeerAllowList peers, boolean says) {
        this.proof = proof;
        this.peers = peers;
        this.says = says;
    }

    /** The trusted rows by replica name, in the order read. */
    synchronized Map<String, Trusted> read(List<OwnerStore.Replica> rows) {
        Map<String, Trusted> out = new LinkedHashMap<>();
        Map<String, String> now = new HashMap<>();
        for (OwnerStore.Replica r : rows) {
            OptionalLong at = proof.signedAt(r);
            if (at.isEmpty()) {
                now.put(r.name(), "its row in hanacdc_replica is not signed with this task's hanacdc.cluster.secret (a replica with another"
                        + " secret or of an earlier version, or a row someone else wrote)");
                continue;
            }
            try {
                out.put(r.name(), new Trusted(PeerAddress.parse(r.address(), peers), at.getAsLong()));
            } catch (IllegalArgumentException e) {
                now.put(r.name(), "its address " + r.address() + " cannot be used (" + e.getMessage() + ")");
            }
        }
        if (says) {
            now.forEach((name, why) -> {
                if (!why.equals(refused.get(name))) {
                    LOG.warn("replica {}: {}: it is no replica of this task, given no table and sent no request", name, why);
                }
            });
        }
        refused = now;
        return out;
    }
}
