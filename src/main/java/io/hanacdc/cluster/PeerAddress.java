package io.hanacdc.cluster;

import java.net.URI;
import java.net.URISyntaxException;
import java.util.Locale;

/**
 * A replica's admin address as another replica may use it: http or https, a host and a port, nothing else — no user
 * info, no path, no query, no fragment, so an address read from the database chooses no more than where a request
 * goes, never what it asks — and a host hanacdc.cluster.peers allows.
 */
public final class PeerAddress {
    private final URI origin;

    private PeerAddress(URI origin) {
        this.origin = origin;
    }

    /** @throws IllegalArgumentException saying what is wrong with the address */
    public static PeerAddress parse(String address, PeerAllowList allowed) {
        if (address == null || address.isBlank()) {
            throw new IllegalArgumentException("no address");
        }
        URI uri;
        try {
            uri = new URI(address);
        } catch (URISyntaxException e) {
            throw new IllegalArgumentException("not a URL: " + e.getReason());
        }
        String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
        if (!scheme.equals("http") && !scheme.equals("https")) {
            throw new IllegalArgumentException("not an http:// or https:// address");
        }
        if (uri.isOpaque() || uri.getRawUserInfo() != null || uri.getHost() == null) {
            throw new IllegalArgumentException("not scheme://host:port (no user info)");
        }
        String path = uri.getRawPath();
        if (path != null && !path.isEmpty() && !path.equals("/") || uri.getRawQuery() != null || uri.getRawFragment() != null) {
            throw new IllegalArgumentException("it has a path, a query or a fragment: give scheme://host:port only");
        }
        if (!allowed.allows(uri.getHost())) {
            throw new IllegalArgumentException("its host is not one " + PeerAllowList.KEY + " allows");
        }
        int port = uri.getPort() >= 0 ? uri.getPort() : scheme.equals("https") ? 443 : 80;
        try {
            return new PeerAddress(new URI(scheme, null, uri.getHost(), port, null, null, null));
        } catch (URISyntaxException e) {
            throw new IllegalArgumentException("not a URL: " + e.getReason());
        }
    }

    /** The URI of a path (and query) of this replica's API; the path is this process's own, starting with '/'. */
    public URI resolve(String pathAndQuery) {
        return URI.create(origin + pathAndQuery);
    }

    @Override
    public String toString() {
        return origin.toString();
    }
}
