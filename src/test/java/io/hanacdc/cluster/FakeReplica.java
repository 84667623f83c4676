package io.hanacdc.cluster;

import com.sun.net.httpserver.Headers;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Function;

/**
 * A local listener standing in for a replica whose row someone wrote into hanacdc_replica: it records every request
 * that reaches it (method, path and query, headers) and answers what the test tells it to, signed with the cluster
 * key when it is given one — the wire format of PeerAuth's answer signature, written out here.
 */
final class FakeReplica implements AutoCloseable {
    /** One request that reached the listener. */
    record Request(String method, String uri, Headers headers) {}

    /** What to answer: status and body, or null for a 404. */
    record Answer(int status, String body) {}

    private final HttpServer server;
    private final String task;
    final List<Request> requests = new CopyOnWriteArrayList<>();
    /** The key it signs its answers with; null: it signs nothing. */
    volatile ClusterKey key;
    volatile Function<Request, Answer> answers = r -> null;

    FakeReplica(String task) throws IOException {
        this.task = task;
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/", this::handle);
        server.start();
    }

    String address() {
        return "http://127.0.0.1:" + server.getAddress().getPort();
    }

    private void handle(HttpExchange e) throws IOException {
        Request r = new Request(e.getRequestMethod(), e.getRequestURI().toString(), e.getRequestHeaders());
        e.getRequestBody().readAllBytes();
        requests.add(r);
        Answer a = answers.apply(r);
        if (a == null) {
            a = new Answer(404, "{\"error\":\"nothing here\"}");
        }
        byte[] body = a.body().getBytes(StandardCharsets.UTF_8);
        String signature = r.headers().getFirst("X-Hanacdc-Signature");
        if (key != null && signature != null && signature.split("\\.").length == 3) {
            String nonce = signature.split("\\.")[1];
            e.getResponseHeaders().add("X-Hanacdc-Signature", key.sign("answer", task, nonce, Integer.toString(a.status()), ClusterKey.digest(a.body())));
        }
        e.getResponseHeaders().add("Content-Type", "application/json");
        e.sendResponseHeaders(a.status(), body.length);
        e.getResponseBody().write(body);
        e.close();
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
