package io.hanacdc.admin;

import io.hanacdc.cluster.PeerAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Requests one replica sends another: signed with the task's secret (PeerAuth) and carrying no credential of any
 * caller, sent only to a checked address (PeerAddress), through no proxy and following no redirect, bounded in time
 * as a whole; an answer counts only when its signature verifies.
 */
final class PeerClient {
    private static final Duration CONNECT = Duration.ofSeconds(3);

    /** An answer whose signature verified: its status and body, still to be read as the expected shape (PeerAnswers). */
    record Answer(int status, String body) {
        /** This answer when it is a 200; fails otherwise. */
        Answer ok() {
            if (status != 200) {
                throw new IllegalStateException("HTTP " + status);
            }
            return this;
        }
    }

    private final PeerAuth auth;
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(CONNECT).followRedirects(HttpClient.Redirect.NEVER)
            .proxy(HttpClient.Builder.NO_PROXY).build();

    PeerClient(PeerAuth auth) {
        this.auth = auth;
    }

    /** @param body null for none */
    CompletableFuture<Answer> send(String method, PeerAddress address, String path, String body, Duration wait) {
        URI uri = address.resolve(path);
        HttpRequest.Builder request = HttpRequest.newBuilder(uri).timeout(wait).header("Content-Type", "application/json")
                .method(method, body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(body));
        String nonce = auth.sign(request, method, uri, body);
        return http.sendAsync(request.build(), HttpResponse.BodyHandlers.ofString()).orTimeout(wait.toMillis() + 1000, TimeUnit.MILLISECONDS)
                .thenApply(r -> {
                    if (!auth.answerVerifies(nonce, r.statusCode(), r.body(), r.headers().firstValue(PeerAuth.SIGNATURE).orElse(null))) {
                        throw new IllegalStateException(r.statusCode() == 401 ? "it refused this replica's signature (HTTP 401): do both have the"
                                + " same hanacdc.cluster.secret, and clocks that agree?" : "its answer (HTTP " + r.statusCode() + ") is not signed with"
                                + " this task's hanacdc.cluster.secret: it is no replica of this task");
                    }
                    return new Answer(r.statusCode(), r.body());
                });
    }

    /** Why a request failed, in this process's own words (nothing the other side sent). */
    static String reason(Throwable failure) {
        Throwable cause = failure instanceof CompletionException && failure.getCause() != null ? failure.getCause() : failure;
        return cause instanceof TimeoutException ? "no answer in time"
                : cause.getMessage() != null ? cause.getMessage() : cause.getClass().getSimpleName();
    }
}
