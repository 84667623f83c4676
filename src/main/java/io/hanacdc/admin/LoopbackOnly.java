package io.hanacdc.admin;

import io.vertx.core.http.HttpServerRequest;
import io.vertx.core.net.HostAndPort;
import java.net.URI;
import java.net.URISyntaxException;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;
import org.apache.camel.Exchange;
import org.apache.camel.component.platform.http.vertx.HttpMessage;

/**
 * The rule of an API without a token. A loopback bind keeps other machines out, not the browser on
 * this one: any page it shows may POST here (a text/plain POST needs no CORS preflight), and a DNS
 * name rebound to 127.0.0.1 makes the browser send that name as Host. So only requests addressed to
 * the loopback admin address are served: Host, and Origin when sent, must name localhost, 127.0.0.1,
 * [::1] or the bound loopback host, with the port the request arrived on. The CLI and the status
 * page's own calls are such requests.
 */
final class LoopbackOnly {
    private final Set<String> names = new TreeSet<>(Set.of("localhost", "127.0.0.1", "[::1]"));

    LoopbackOnly(HttpBinding binding) {
        if (binding.loopback()) {
            String host = binding.host().orElseThrow().toLowerCase(Locale.ROOT);
            names.add(host.contains(":") && !host.startsWith("[") ? "[" + host + "]" : host);
        }
    }

    /** Refuses (403) a request not addressed to the loopback admin address. */
    void check(Exchange e) {
        // Vert.x's request, not Camel's headers: an HTTP/2 request (java.net.http upgrades to it) has no Host header, only :authority.
        HttpServerRequest request = e.getMessage() instanceof HttpMessage m ? m.getRequest() : null;
        HostAndPort host = request == null ? null : request.authority();
        String origin = request == null ? null : request.getHeader("Origin");
        int port = request == null || request.localAddress() == null ? -1 : request.localAddress().port();
        if (host == null || !addressedHere("http://" + host, port) || origin != null && !addressedHere(origin, port)) {
            throw new TableApi.Refused(403, "without hanacdc.admin.token the admin API serves only requests addressed to"
                    + " localhost, 127.0.0.1 or [::1] on its own port, so that no web page and no DNS name pointed at this machine"
                    + " can drive it; this request came with " + (host == null ? "no Host" : "Host " + host)
                    + (origin == null ? "" : " and Origin " + origin) + ". Behind a proxy or a tunnel, set hanacdc.admin.token");
        }
    }

    /** The URL is a bare http(s) origin naming a loopback host and the given port. */
    private boolean addressedHere(String url, int port) {
        try {
            URI uri = new URI(url);
            String scheme = String.valueOf(uri.getScheme()).toLowerCase(Locale.ROOT);
            int given = uri.getPort() >= 0 ? uri.getPort() : scheme.equals("https") ? 443 : 80;
            boolean bare = uri.getRawUserInfo() == null && (uri.getRawPath() == null || uri.getRawPath().isEmpty())
                    && uri.getRawQuery() == null && uri.getRawFragment() == null;
            return (scheme.equals("http") || scheme.equals("https")) && bare && uri.getHost() != null
                    && names.contains(uri.getHost().toLowerCase(Locale.ROOT)) && given == port;
        } catch (URISyntaxException e) {
            return false;
        }
    }
}
