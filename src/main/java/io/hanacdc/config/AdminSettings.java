package io.hanacdc.config;

import java.time.Duration;
import java.util.Optional;
import java.util.function.Function;

/**
 * The operator's HTTP surface (hanacdc.admin.*): where Application binds it (localhost unless
 * configured otherwise) and where the CLI calls it. Whether it may run without the token is decided
 * from the address the runtime actually binds (io.hanacdc.admin.HttpBinding).
 */
public record AdminSettings(String host, int port, String token, Duration maxLag) {
    /** hanacdc.admin.* and hanacdc.health.max-lag-s; the admin CLI commands need nothing else. */
    public static AdminSettings load(Function<String, Optional<String>> props) {
        CdcConfig.Reader r = new CdcConfig.Reader(props);
        return new AdminSettings(r.text(CommandSettings.ADMIN_HOST), r.number(CommandSettings.ADMIN_PORT),
                r.secret(CommandSettings.ADMIN_TOKEN).orElse(""), Duration.ofSeconds(r.number(CommandSettings.MAX_LAG)));
    }

    public boolean requiresToken() {
        return !token.isEmpty();
    }
}
