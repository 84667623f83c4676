package io.hanacdc.admin;

import io.hanacdc.common.CdcException;
import io.hanacdc.config.AdminSettings;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.UnknownHostException;
import java.util.Arrays;
import java.util.Optional;
import org.apache.camel.CamelContext;
import org.apache.camel.component.platform.http.main.MainHttpServer;
import org.apache.camel.component.platform.http.vertx.VertxPlatformHttpServer;

/**
 * The address the hosting runtime's HTTP server binds, asked of the runtime itself: hana-cdc does not
 * choose it when another runtime hosts HanaCdcRoutes, and even under Application the user's
 * camel.server.* win over hanacdc.admin.*. Without a token only a loopback bind may serve the API.
 *
 * @param host the bound host, empty when this runtime's server is not one hana-cdc knows
 * @param setting the setting that chose the host, for messages
 */
public record HttpBinding(Optional<String> host, String setting, int port) {
    private static final String QUARKUS = "io.quarkus.runtime.Quarkus";

    /** Asks camel-main's HTTP server (camel.server.*), then Camel Quarkus's (quarkus.http.*). */
    public static HttpBinding of(CamelContext camel) {
        MainHttpServer main = camel.hasService(MainHttpServer.class);
        if (main != null) { // camel-main adds its server before it configures any route
            return new HttpBinding(Optional.ofNullable(main.getHost()), "camel.server.host (the hana-cdc launcher sets it from hanacdc.admin.host)",
                    main.getPort());
        }
        if (camel.getClassResolver().resolveClass(QUARKUS) != null) {
            return new HttpBinding(Optional.of(camel.getPropertiesComponent().resolveProperty("quarkus.http.host").orElse("0.0.0.0")),
                    "quarkus.http.host (Quarkus binds 0.0.0.0 when it is not set)",
                    camel.getPropertiesComponent().resolveProperty("quarkus.http.port").map(Integer::parseInt).orElse(8080));
        }
        return new HttpBinding(Optional.empty(), "", 0);
    }

    /** Where the status page is, and what the admin API asks of a caller: logged at start, so users find it. */
    public String announcement(AdminSettings settings) {
        String where = host.map(h -> "http://" + (h.isBlank() || h.equals("0.0.0.0") || h.equals("::") ? "localhost" : h.contains(":") ? "[" + h + "]" : h)
                + ":" + port + "/").orElse("/ of this runtime's HTTP server");
        return "status page: " + where + (settings.requiresToken()
                ? " (it asks for hanacdc.admin.token; API clients send it as 'Authorization: Bearer <token>')"
                : " (without hanacdc.admin.token the page and the API answer only requests addressed to this machine's loopback address)");
    }

    /** Stops the task before it installs anything when the API would be open to other machines. */
    public void refuseExposureWithoutToken(AdminSettings settings) {
        if (settings.requiresToken() || loopback()) {
            return;
        }
        String token = "set hanacdc.admin.token (clients then send 'Authorization: Bearer <token>')";
        if (host.isEmpty()) {
            throw new CdcException("cannot tell which address this Camel runtime's HTTP server binds (hana-cdc knows camel-main's,"
                    + " started by camel.server.enabled=true, and Camel Quarkus's), so the admin API may be open to other machines: " + token);
        }
        throw new CdcException("the admin API's HTTP server binds " + host.get() + ", set by " + setting + ", so other machines can reach it: "
                + token + ", or bind it to loopback (127.0.0.1)");
    }

    /**
     * Stops the task, before it installs anything, when camel-main's HTTP server (which binds once the routes are
     * configured) cannot bind its address: Vert.x would only log it and the task run on, announcing an address where
     * another process answers — the CLI would send that process the token. Another runtime's server is that runtime's
     * to bind (Camel Quarkus stops when it cannot).
     */
    public void refuseTakenPort(CamelContext camel) {
        VertxPlatformHttpServer server = camel.hasService(VertxPlatformHttpServer.class);
        if (camel.hasService(MainHttpServer.class) == null || server != null && server.isStarted()) {
            return;
        }
        String name = host.filter(h -> !h.isBlank()).orElse("0.0.0.0");
        try (ServerSocket probe = new ServerSocket()) {
            probe.bind(new InetSocketAddress(InetAddress.getByName(name), port));
        } catch (IOException e) {
            throw new CdcException("the admin API cannot listen on " + name + ":" + port + " (" + e.getMessage() + "): the task would run without"
                    + " it, and the CLI and the other replicas would reach whatever holds that address instead. Free it, or choose a free port"
                    + " (hanacdc.admin.port, or camel.server.port when set)");
        }
    }

    /** True when every address the host names is a loopback one (0.0.0.0 is every interface; a blank host would read as localhost). */
    public boolean loopback() {
        try {
            return host.isPresent() && !host.get().isBlank()
                    && Arrays.stream(InetAddress.getAllByName(host.get())).allMatch(InetAddress::isLoopbackAddress);
        } catch (UnknownHostException e) {
            return false; // the server cannot bind it either; nothing to allow
        }
    }
}
