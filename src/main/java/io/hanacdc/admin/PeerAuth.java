package io.hanacdc.admin;

import io.hanacdc.cluster.ClusterKey;
import java.net.URI;
import java.net.http.HttpRequest;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.Base64;
import java.util.Iterator;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * How replicas of a task know each other over the admin API: a request one sends another carries, instead of any
 * caller's credentials, the MAC (ClusterKey) of its method, path and query, body, time and a nonce, in
 * {@link #SIGNATURE}; the answer carries the MAC of its status and body bound to that nonce. A request is refused when
 * its MAC does not verify, its time is further than the replica timeout from this clock, or its nonce was seen
 * within that time (a replayed request); an answer whose MAC does not verify is never used.
 */
public final class PeerAuth {
    public static final String SIGNATURE = "X-Hanacdc-Signature";
    private static final String REQUEST = "request";
    private static final String ANSWER = "answer";
    private final ClusterKey key;
    private final String task;
    private final long windowMillis;
    private final SecureRandom random = new SecureRandom();
    /** Nonces of the requests taken within the window, with the time each may be forgotten. */
    private final Map<String, Long> seen = new ConcurrentHashMap<>();

    /** @param window how far a request's time may be from this clock (the replicas' clocks agree within it) */
    public PeerAuth(ClusterKey key, String task, Duration window) {
        this.key = key;
        this.task = task;
        this.windowMillis = window.toMillis();
    }

    /** Signs a request to another replica; returns its nonce, which the answer's signature must name. */
    String sign(HttpRequest.Builder request, String method, URI uri, String body) {
        byte[] bytes = new byte[16];
        random.nextBytes(bytes);
        String nonce = Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
        String at = Long.toString(System.currentTimeMillis());
        String pathAndQuery = uri.getRawPath() + (uri.getRawQuery() == null ? "" : "?" + uri.getRawQuery());
        request.header(SIGNATURE, at + "." + nonce + "." + key.sign(REQUEST, task, method, pathAndQuery, at, nonce, ClusterKey.digest(body)));
        return nonce;
    }

    /**
     * The nonce of a request another replica signed, once its signature verifies.
     *
     * @param pathAndQuery as the request line gave them (raw)
     * @throws TableApi.Refused 401 when it does not
     */
    String verify(String method, String pathAndQuery, String body, String signature) {
        String[] parts = signature == null ? new String[0] : signature.split("\\.", -1);
        long now = System.currentTimeMillis();
        long at;
        try {
            at = parts.length == 3 ? Long.parseLong(parts[0]) : Long.MIN_VALUE;
        } catch (NumberFormatException e) {
            at = Long.MIN_VALUE;
        }
        if (at == Long.MIN_VALUE || !key.verifies(parts[2], REQUEST, task, method, pathAndQuery, parts[0], parts[1], ClusterKey.digest(body))) {
            throw new TableApi.Refused(401, "the " + SIGNATURE + " of this request does not verify: requests between replicas are signed with"
                    + " hanacdc.cluster.secret, which every replica of the task must share");
        }
        if (Math.abs(now - at) > windowMillis) {
            throw new TableApi.Refused(401, "this request's time is " + (at - now) + " ms off this replica's clock: a replayed request, or"
                    + " clocks that do not agree within hanacdc.cluster.replica-timeout-ms");
        }
        forgetOld(now);
        if (seen.putIfAbsent(parts[1], now + 2 * windowMillis) != null) {
            throw new TableApi.Refused(401, "this request was sent before (its nonce was seen): a replayed request is not served");
        }
        return parts[1];
    }

    /** The signature of an answer to the request of this nonce. */
    String signAnswer(String nonce, int status, String body) {
        return key.sign(ANSWER, task, nonce, Integer.toString(status), ClusterKey.digest(body));
    }

    boolean answerVerifies(String nonce, int status, String body, String signature) {
        return key.verifies(signature, ANSWER, task, nonce, Integer.toString(status), ClusterKey.digest(body));
    }

    private void forgetOld(long now) {
        for (Iterator<Long> it = seen.values().iterator(); it.hasNext(); ) {
            if (it.next() < now) {
                it.remove();
            }
        }
    }
}
