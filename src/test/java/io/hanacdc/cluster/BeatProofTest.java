package io.hanacdc.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

/** A heartbeat row proves itself only with the task's secret, for its own task, name, address and time. */
class BeatProofTest {
    private static final ClusterKey KEY = new ClusterKey("0123456789abcdef0123456789abcdef");
    private final BeatProof proof = new BeatProof(KEY, "task");

    @Test
    void aRowVerifiesOnlyAsSigned() {
        String signed = proof.sign("r1", "http://10.0.0.1:8080", 1_700_000_000_000L);
        assertEquals(OptionalLong.of(1_700_000_000_000L), proof.signedAt(new OwnerStore.Replica("r1", "http://10.0.0.1:8080", 7, signed)));
        assertTrue(proof.signedAt(new OwnerStore.Replica("r1", "http://10.0.0.2:8080", 7, signed)).isEmpty(), "another address");
        assertTrue(proof.signedAt(new OwnerStore.Replica("r2", "http://10.0.0.1:8080", 7, signed)).isEmpty(), "another replica's name");
        assertTrue(new BeatProof(KEY, "other").signedAt(new OwnerStore.Replica("r1", "http://10.0.0.1:8080", 7, signed)).isEmpty(), "another task");
        assertTrue(new BeatProof(new ClusterKey("another secret of thirty-two chars!"), "task")
                .signedAt(new OwnerStore.Replica("r1", "http://10.0.0.1:8080", 7, signed)).isEmpty(), "another secret");
        String later = signed.replaceFirst("^1700000000000", "1700000009999");
        assertTrue(proof.signedAt(new OwnerStore.Replica("r1", "http://10.0.0.1:8080", 7, later)).isEmpty(), "a time changed afterwards");
        for (String bad : new String[] {null, "", ".", "x.y", "1700000000000", "1700000000000."}) {
            assertTrue(proof.signedAt(new OwnerStore.Replica("r1", "http://10.0.0.1:8080", 7, bad)).isEmpty(), String.valueOf(bad));
        }
    }
}
