package io.hanacdc.config;

import io.hanacdc.CdcException;
import java.time.Duration;

/**
 * The operator's HTTP surface (hanacdc.admin.*): localhost only unless configured otherwise, and
 * then only with a bearer token.
 */
public record AdminSettings(String host, int port, String token, Duration maxLag) {
    public AdminSettings {
        boolean loopback = host.equals("127.0.0.1") || host.equals("localhost") || host.equals("::1");
        if (!loopback && token.isEmpty()) {
            throw new CdcException("hanacdc.admin.host=" + host + " exposes the admin API beyond this machine: set hanacdc.admin.token"
                    + " (clients then send 'Authorization: Bearer <token>')");
        }
    }

    /** hanacdc.admin.* and hanacdc.health.max-lag-s; the admin CLI commands need nothing else. */
    public static AdminSettings load(java.util.function.Function<String, java.util.Optional<String>> props) {
        CdcConfig.Reader r = new CdcConfig.Reader(props);
        return new AdminSettings(r.string("hanacdc.admin.host", "127.0.0.1"), r.positiveInt("hanacdc.admin.port", 8080),
                r.string("hanacdc.admin.token", ""), Duration.ofSeconds(r.positiveInt("hanacdc.health.max-lag-s", 300)));
    }

    public boolean requiresToken() {
        return !token.isEmpty();
    }
}
