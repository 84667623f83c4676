package io.hanacdc.admin;

import io.hanacdc.config.AdminSettings;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;
import org.apache.camel.Exchange;
import org.apache.camel.builder.RouteBuilder;

/**
 * The operator's HTTP surface on Camel's platform-http: GET /api/tables, POST /api/tables/{table}/{action}
 * (reset, pause, resume, resnapshot), GET /metrics, GET /health/live and /health/ready (Camel's health-check
 * registry's answer, see Health), GET / (status page).
 * With a token configured, everything but the health probes and the page itself (static, its data comes
 * from the API) requires the header "Authorization: Bearer <token>", never a query parameter, which
 * proxies, access logs and browser history keep; without one, only requests addressed to the loopback
 * admin address are served (see LoopbackOnly), the probes and the page included.
 */
public final class AdminRoutes extends RouteBuilder {
    private final Supplier<TableApi> api;
    /** The view over the task's replicas; null when the task runs alone. */
    private final Supplier<ReplicaView> replicas;
    private final Metrics metrics;
    private final AdminSettings settings;
    private final LoopbackOnly loopbackOnly;
    private final History history = new History();

    /** @param api the running task's, there once the context starts these routes */
    public AdminRoutes(Supplier<TableApi> api, Supplier<ReplicaView> replicas, Metrics metrics, AdminSettings settings, HttpBinding binding) {
        this.api = api;
        this.replicas = replicas;
        this.metrics = metrics;
        this.settings = settings;
        this.loopbackOnly = new LoopbackOnly(binding);
    }

    @Override
    public void configure() {
        onException(TableApi.Refused.class).handled(true).process(e -> {
            TableApi.Refused r = e.getProperty(Exchange.EXCEPTION_CAUGHT, TableApi.Refused.class);
            reply(e, r.status, "application/json", TableApi.json(Map.of(r.field(), r.getMessage())));
        });
        from("platform-http:/api/tables?httpMethodRestrict=GET").routeId("admin api tables")
                .process(this::authorize).process(e -> reply(e, 200, "application/json", TableApi.json(tables(e))));
        from("platform-http:/api/tables/{table}/{action}?httpMethodRestrict=POST").routeId("admin api command")
                .process(this::authorize)
                .process(e -> {
                    String table = e.getMessage().getHeader("table", String.class);
                    String action = e.getMessage().getHeader("action", String.class);
                    Optional<String> owner = ownerElsewhere(e, table);
                    if (owner.isPresent()) {
                        ReplicaView.Reply r = replicas.get().forward("POST", owner.get(), ReplicaView.tablePath(table, action), rawBody(e),
                                e.getMessage().getHeader("Authorization", String.class));
                        reply(e, r.status(), "application/json", r.body());
                        return;
                    }
                    reply(e, 200, "application/json", TableApi.json(api.get().command(table, action, rawBody(e))));
                });
        from("platform-http:/api/history?httpMethodRestrict=GET").routeId("admin api history")
                .process(this::authorize).process(e -> {
                    Map<String, Object> task = new java.util.LinkedHashMap<>(history.task());
                    ReplicaView view = replicas.get();
                    if (view != null && !local(e)) {
                        task = view.mergeHistory(task, e.getMessage().getHeader("Authorization", String.class));
                    }
                    task.put("maxLagSeconds", settings.maxLag().toSeconds()); // the health threshold the page draws lag against
                    reply(e, 200, "application/json", TableApi.json(task));
                });
        from("platform-http:/api/tables/{table}/history?httpMethodRestrict=GET").routeId("admin api table history")
                .process(this::authorize).process(e -> {
                    String table = e.getMessage().getHeader("table", String.class);
                    Optional<String> owner = ownerElsewhere(e, table);
                    if (owner.isPresent()) {
                        ReplicaView.Reply r = replicas.get().forward("GET", owner.get(), ReplicaView.tablePath(table, "history"), null,
                                e.getMessage().getHeader("Authorization", String.class));
                        reply(e, r.status(), "application/json", r.body());
                        return;
                    }
                    if (api.get().statuses().stream().noneMatch(s -> s.table().equals(table))) {
                        throw new TableApi.Refused(404, "no history of table " + table + " here: the task does not run it in this process");
                    }
                    reply(e, 200, "application/json", TableApi.json(history.table(table)));
                });
        from("timer:hanacdc-history?period=1000").routeId("hanacdc history")
                .process(e -> {
                    TableApi now = api.get();
                    if (now != null) {
                        history.sample(now.statuses(), System.currentTimeMillis());
                    }
                });
        from("platform-http:/metrics?httpMethodRestrict=GET").routeId("admin metrics")
                .process(this::authorize).process(e -> reply(e, 200, "text/plain; version=0.0.4; charset=utf-8", metrics.scrape()));
        from("platform-http:/health/live?httpMethodRestrict=GET").routeId("admin health live")
                .process(this::probe).process(e -> reply(e, Health.liveness(getContext())));
        from("platform-http:/health/ready?httpMethodRestrict=GET").routeId("admin health ready")
                .process(this::probe).process(e -> reply(e, Health.readiness(getContext())));
        from("platform-http:/?httpMethodRestrict=GET").routeId("admin status page")
                .process(this::probe).process(e -> reply(e, 200, "text/html; charset=utf-8", page()));
    }

    /**
     * The task's tables: with replicas sharing the task, each as its owner shows it, unless the request asks for this
     * replica's own rows ({@code ?local=true}) or came from another replica.
     */
    private List<Map<String, Object>> tables(Exchange e) {
        List<Map<String, Object>> rows = api.get().tables();
        ReplicaView view = replicas.get();
        if (view == null) {
            return rows;
        }
        return local(e) ? view.withOwners(rows) : view.merge(rows, e.getMessage().getHeader("Authorization", String.class));
    }

    /** Whether the request asks for this replica's own data ({@code ?local=true}), or came from another replica. */
    private static boolean local(Exchange e) {
        return "true".equals(e.getMessage().getHeader("local", String.class)) || e.getMessage().getHeader(ReplicaView.FORWARDED) != null;
    }

    /** The admin address of the replica that owns the table, when another one does and the request was not forwarded already. */
    private Optional<String> ownerElsewhere(Exchange e, String table) {
        ReplicaView view = replicas.get();
        return view == null || e.getMessage().getHeader(ReplicaView.FORWARDED) != null ? Optional.empty() : view.elsewhere(table);
    }

    /** With a token, the token decides (a Service, an Ingress or another replica may name this host any way). */
    private void authorize(Exchange e) {
        if (!settings.requiresToken()) {
            loopbackOnly.check(e);
            return;
        }
        String header = e.getMessage().getHeader("Authorization", String.class);
        String given = header != null && header.startsWith("Bearer ") ? header.substring(7) : null;
        boolean ok = given != null && MessageDigest.isEqual(given.getBytes(StandardCharsets.UTF_8), settings.token().getBytes(StandardCharsets.UTF_8));
        if (!ok) {
            throw new TableApi.Refused(401, "missing or wrong bearer token");
        }
    }

    /**
     * The probes need no token (Kubernetes sends none), nor does the page (a browser cannot send a header when it
     * opens a page); without one, they too answer only the loopback address.
     */
    private void probe(Exchange e) {
        if (!settings.requiresToken()) {
            loopbackOnly.check(e);
        }
    }

    /** The request body as sent: a JSON body posted as a form (curl -d without a content type) arrives as its only key. */
    private static String rawBody(Exchange e) {
        Object body = e.getMessage().getBody();
        if (body instanceof Map<?, ?> form && form.size() == 1 && String.valueOf(form.values().iterator().next()).isEmpty()) {
            return String.valueOf(form.keySet().iterator().next());
        }
        return e.getMessage().getBody(String.class);
    }

    private static void reply(Exchange e, Health.Answer answer) {
        reply(e, answer.status(), "application/json", answer.json());
    }

    private static void reply(Exchange e, int status, String contentType, String body) {
        e.getMessage().removeHeaders("*");
        e.getMessage().setHeader(Exchange.HTTP_RESPONSE_CODE, status);
        e.getMessage().setHeader(Exchange.CONTENT_TYPE, contentType);
        e.getMessage().setBody(body);
    }

    private static String page() throws IOException {
        try (InputStream in = AdminRoutes.class.getResourceAsStream("/admin/index.html")) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }
}
