package io.hanacdc.cluster;

import java.util.OptionalLong;

/**
 * What a replica writes with each heartbeat (column {@code proof} of hanacdc_replica): when it beat, and the MAC of
 * the task, its name, its address and that time under the task's ClusterKey. A row whose proof does not verify was
 * not written by a replica of this task: the leader gives it no table and no replica forwards a request to its
 * address. The time lets the leader refuse an old row written again (TableAssigner).
 */
final class BeatProof {
    private static final String PURPOSE = "beat";
    private final ClusterKey key;
    private final String task;

    BeatProof(ClusterKey key, String task) {
        this.key = key;
        this.task = task;
    }

    String sign(String replica, String address, long atMillis) {
        return atMillis + "." + key.sign(PURPOSE, task, replica, address, Long.toString(atMillis));
    }

    /** The time the row's beat was signed at; empty when its proof is missing or does not verify. */
    OptionalLong signedAt(OwnerStore.Replica row) {
        String proof = row.proof();
        int dot = proof == null ? -1 : proof.indexOf('.');
        if (dot <= 0) {
            return OptionalLong.empty();
        }
        long at;
        try {
            at = Long.parseLong(proof.substring(0, dot));
        } catch (NumberFormatException e) {
            return OptionalLong.empty();
        }
        return key.verifies(proof.substring(dot + 1), PURPOSE, task, row.name(), row.address(), Long.toString(at))
                ? OptionalLong.of(at) : OptionalLong.empty();
    }
}
