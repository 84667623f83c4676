package io.hanacdc.cluster;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.util.Base64;
import java.util.HexFormat;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * The secret the replicas of a task share (hanacdc.cluster.secret). It signs each replica's heartbeat row and the
 * requests and answers replicas send each other, so a row or a request from anyone without it — a database user who
 * may write the CDC schema, a process on another replica's old port — is not taken for a replica's. HMAC-SHA256 over
 * a purpose and its parts, each part length-prefixed, so no two different messages sign alike.
 */
public final class ClusterKey {
    private static final String ALGORITHM = "HmacSHA256";
    private final SecretKeySpec key;

    public ClusterKey(String secret) {
        this.key = new SecretKeySpec(secret.getBytes(StandardCharsets.UTF_8), ALGORITHM);
    }

    /** The MAC of the message, base64url without padding (no '.', so it can be joined with '.'). */
    public String sign(String purpose, String... parts) {
        try {
            Mac mac = Mac.getInstance(ALGORITHM);
            mac.init(key);
            update(mac, purpose);
            for (String part : parts) {
                update(mac, part == null ? "" : part);
            }
            return Base64.getUrlEncoder().withoutPadding().encodeToString(mac.doFinal());
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("HmacSHA256 is part of every JVM", e);
        }
    }

    /** Whether {@code mac} is the message's MAC (compared in constant time). */
    public boolean verifies(String mac, String purpose, String... parts) {
        return mac != null && MessageDigest.isEqual(mac.getBytes(StandardCharsets.US_ASCII),
                sign(purpose, parts).getBytes(StandardCharsets.US_ASCII));
    }

    /** The SHA-256 of a body, in hex: what a signature covers of it. */
    public static String digest(String body) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest((body == null ? "" : body).getBytes(StandardCharsets.UTF_8)));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("SHA-256 is part of every JVM", e);
        }
    }

    private static void update(Mac mac, String part) {
        byte[] bytes = part.getBytes(StandardCharsets.UTF_8);
        mac.update(ByteBuffer.allocate(Integer.BYTES).putInt(bytes.length).array());
        mac.update(bytes);
    }

    @Override
    public String toString() {
        return "ClusterKey[***]";
    }
}
