package io.hanacdc.admin;

import io.hanacdc.config.AdminSettings;
import io.vertx.core.http.HttpServerRequest;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import org.apache.camel.Exchange;
import org.apache.camel.component.platform.http.vertx.HttpMessage;

/**
 * Who may call the admin API. A request signed by another replica of the task (PeerAuth's header) is served on its
 * signature alone, and only when it verifies. Otherwise, with a token configured, the token decides (a Service, an
 * Ingress or another replica may name this host any way); without one, only requests addressed to the loopback admin
 * address are served (LoopbackOnly). The probes and the page need no token, but with one set a probe without it
 * answers its status only, not each check (which would name every table).
 */
final class AdminAccess {
    /** The exchange property holding a verified replica request's nonce, which its answer's signature names. */
    static final String PEER_NONCE = "hanacdc.peerNonce";
    private final AdminSettings settings;
    private final LoopbackOnly loopbackOnly;
    /** Null when the task runs alone: no request is taken for a replica's. */
    private final PeerAuth peers;

    AdminAccess(AdminSettings settings, HttpBinding binding, PeerAuth peers) {
        this.settings = settings;
        this.loopbackOnly = new LoopbackOnly(binding);
        this.peers = peers;
    }

    /** Refuses (401, 403) a request that may not use the API. */
    void authorize(Exchange e) {
        String signature = e.getMessage().getHeader(PeerAuth.SIGNATURE, String.class);
        if (signature != null) {
            HttpServerRequest request = e.getMessage() instanceof HttpMessage m ? m.getRequest() : null;
            if (peers == null || request == null) {
                throw new TableApi.Refused(401, "a request signed as another replica's, but this process shares its task with no replica");
            }
            String method = request.method().name();
            e.setProperty(PEER_NONCE, peers.verify(method, request.uri(), method.equals("GET") ? null : AdminRoutes.rawBody(e), signature));
            return;
        }
        if (!settings.requiresToken()) {
            loopbackOnly.check(e);
        } else if (!tokenGiven(e)) {
            throw new TableApi.Refused(401, "missing or wrong bearer token");
        }
    }

    /** Whether the request was signed by another replica (authorize verified it). */
    static boolean fromReplica(Exchange e) {
        return e.getProperty(PEER_NONCE) != null;
    }

    /**
     * The probes need no token (Kubernetes sends none), nor does the page (a browser cannot send a header when it opens
     * a page); without one, they too answer only the loopback address.
     *
     * @return whether the caller may see each check's result (a probe with the token, or on loopback without one)
     */
    boolean probe(Exchange e) {
        if (!settings.requiresToken()) {
            loopbackOnly.check(e);
            return true;
        }
        return tokenGiven(e);
    }

    /** The signature of the answer to a replica's request; null for any other request. */
    String answerSignature(Exchange e, int status, String body) {
        String nonce = e.getProperty(PEER_NONCE, String.class);
        return nonce == null ? null : peers.signAnswer(nonce, status, body);
    }

    private boolean tokenGiven(Exchange e) {
        String header = e.getMessage().getHeader("Authorization", String.class);
        String given = header != null && header.startsWith("Bearer ") ? header.substring(7) : null;
        return given != null && MessageDigest.isEqual(given.getBytes(StandardCharsets.UTF_8), settings.token().getBytes(StandardCharsets.UTF_8));
    }
}
