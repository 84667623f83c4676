package io.hanacdc.admin;

import io.hanacdc.cluster.PeerAddress;
import io.hanacdc.common.Json;
import io.hanacdc.config.AdminSettings;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;
import org.apache.camel.Exchange;
import org.apache.camel.builder.RouteBuilder;

/**
 * The operator's HTTP surface on Camel's platform-http: GET /api/tables, POST /api/tables/{table}/{action}
 * (reset, pause, resume, resnapshot), GET /metrics, GET /health/live and /health/ready (Camel's health-check
 * registry's answer, see Health), GET / (status page, its script and style sheet).
 * With a token configured, everything but the health probes and the page itself (static, its data comes
 * from the API) requires the header "Authorization: Bearer <token>", never a query parameter, which
 * proxies, access logs and browser history keep; without one, only requests addressed to the loopback
 * admin address are served (see LoopbackOnly), the probes and the page included. Another replica's requests
 * are served on their signature (AdminAccess).
 */
public final class AdminRoutes extends RouteBuilder {
    /**
     * The page's own script and style sheet only, its API calls to this origin only, no form sent anywhere, no frame:
     * even a value that slipped past the page's escaping could run no script nor send the token elsewhere.
     */
    static final String CONTENT_SECURITY_POLICY = "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self';"
            + " form-action 'none'; base-uri 'none'; frame-ancestors 'none'";
    private final Supplier<TableApi> api;
    /** The view over the task's replicas; null when the task runs alone. */
    private final Supplier<ReplicaView> replicas;
    private final Metrics metrics;
    private final AdminSettings settings;
    private final AdminAccess access;
    private final History history = new History();

    /**
     * @param api the running task's, there once the context starts these routes
     * @param peers null when the task runs alone
     */
    public AdminRoutes(Supplier<TableApi> api, Supplier<ReplicaView> replicas, Metrics metrics, AdminSettings settings, HttpBinding binding,
                       PeerAuth peers) {
        this.api = api;
        this.replicas = replicas;
        this.metrics = metrics;
        this.settings = settings;
        this.access = new AdminAccess(settings, binding, peers);
    }

    @Override
    public void configure() {
        onException(TableApi.Refused.class).handled(true).process(e -> {
            TableApi.Refused r = e.getProperty(Exchange.EXCEPTION_CAUGHT, TableApi.Refused.class);
            reply(e, r.status, "application/json", Json.write(Map.of(r.field(), r.getMessage())));
        });
        from("platform-http:/api/tables?httpMethodRestrict=GET").routeId("admin api tables")
                .process(access::authorize).process(e -> reply(e, 200, "application/json", Json.write(tables(e))));
        from("platform-http:/api/tables/{table}/{action}?httpMethodRestrict=POST").routeId("admin api command")
                .process(access::authorize)
                .process(e -> {
                    String table = e.getMessage().getHeader("table", String.class);
                    String action = e.getMessage().getHeader("action", String.class);
                    Optional<PeerAddress> owner = ownerElsewhere(e, table);
                    if (owner.isPresent()) {
                        reply(e, replicas.get().command(owner.get(), table, action, rawBody(e)));
                        return;
                    }
                    reply(e, 200, "application/json", Json.write(api.get().command(table, action, rawBody(e))));
                });
        from("platform-http:/api/history?httpMethodRestrict=GET").routeId("admin api history")
                .process(access::authorize).process(e -> {
                    Map<String, Object> task = new LinkedHashMap<>(history.task());
                    ReplicaView view = replicas.get();
                    if (view != null && !local(e)) {
                        task = view.mergeHistory(task);
                    }
                    task.put("maxLagSeconds", settings.maxLag().toSeconds()); // the health threshold the page draws lag against
                    reply(e, 200, "application/json", Json.write(task));
                });
        from("platform-http:/api/tables/{table}/history?httpMethodRestrict=GET").routeId("admin api table history")
                .process(access::authorize).process(e -> {
                    String table = e.getMessage().getHeader("table", String.class);
                    Optional<PeerAddress> owner = ownerElsewhere(e, table);
                    if (owner.isPresent()) {
                        reply(e, replicas.get().history(owner.get(), table));
                        return;
                    }
                    if (api.get().statuses().stream().noneMatch(s -> s.table().equals(table))) {
                        throw new TableApi.Refused(404, "no history of table " + table + " here: the task does not run it in this process");
                    }
                    reply(e, 200, "application/json", Json.write(history.table(table)));
                });
        from("timer:hanacdc-history?period=1000").routeId("hanacdc history")
                .process(e -> {
                    TableApi now = api.get();
                    if (now != null) {
                        history.sample(now.statuses(), System.currentTimeMillis());
                    }
                });
        from("platform-http:/metrics?httpMethodRestrict=GET").routeId("admin metrics")
                .process(access::authorize).process(e -> reply(e, 200, "text/plain; version=0.0.4; charset=utf-8", metrics.scrape()));
        from("platform-http:/health/live?httpMethodRestrict=GET").routeId("admin health live")
                .process(e -> reply(e, Health.liveness(getContext()), access.probe(e)));
        from("platform-http:/health/ready?httpMethodRestrict=GET").routeId("admin health ready")
                .process(e -> reply(e, Health.readiness(getContext()), access.probe(e)));
        page("/", "index.html", "text/html; charset=utf-8", "admin status page");
        page("/console.js", "console.js", "text/javascript; charset=utf-8", "admin status page script");
        page("/console.css", "console.css", "text/css; charset=utf-8", "admin status page style");
    }

    /** One static file of the status page, under its Content-Security-Policy. */
    private void page(String path, String file, String contentType, String routeId) {
        from("platform-http:" + path + "?httpMethodRestrict=GET").routeId(routeId).process(e -> {
            access.probe(e);
            reply(e, 200, contentType, resource(file));
            e.getMessage().setHeader("Content-Security-Policy", CONTENT_SECURITY_POLICY);
            e.getMessage().setHeader("Referrer-Policy", "no-referrer");
        });
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
        return local(e) ? view.withOwners(rows) : view.merge(rows);
    }

    /** Whether the request asks for this replica's own data ({@code ?local=true}), or came from another replica. */
    private static boolean local(Exchange e) {
        return "true".equals(e.getMessage().getHeader("local", String.class)) || AdminAccess.fromReplica(e);
    }

    /** The admin address of the replica that owns the table, when another one does and the request was not forwarded already. */
    private Optional<PeerAddress> ownerElsewhere(Exchange e, String table) {
        ReplicaView view = replicas.get();
        return view == null || AdminAccess.fromReplica(e) ? Optional.empty() : view.elsewhere(table);
    }

    /** The request body as sent: a JSON body posted as a form (curl -d without a content type) arrives as its only key. */
    static String rawBody(Exchange e) {
        Object body = e.getMessage().getBody();
        if (body instanceof Map<?, ?> form && form.size() == 1 && String.valueOf(form.values().iterator().next()).isEmpty()) {
            return String.valueOf(form.keySet().iterator().next());
        }
        return e.getMessage().getBody(String.class);
    }

    /** A probe's answer: in full, or its status alone for a caller who may not see each check. */
    private void reply(Exchange e, Health.Answer answer, boolean detailed) {
        reply(e, answer.status(), "application/json", detailed ? answer.json() : answer.statusOnly());
    }

    private void reply(Exchange e, ReplicaView.Reply r) {
        reply(e, r.status(), "application/json", r.body());
    }

    private void reply(Exchange e, int status, String contentType, String body) {
        String signature = access.answerSignature(e, status, body);
        e.getMessage().removeHeaders("*");
        e.getMessage().setHeader(Exchange.HTTP_RESPONSE_CODE, status);
        e.getMessage().setHeader(Exchange.CONTENT_TYPE, contentType);
        e.getMessage().setHeader("X-Content-Type-Options", "nosniff");
        if (signature != null) {
            e.getMessage().setHeader(PeerAuth.SIGNATURE, signature);
        }
        e.getMessage().setBody(body);
    }

    private static String resource(String file) throws IOException {
        try (InputStream in = AdminRoutes.class.getResourceAsStream("/admin/" + file)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }
}
