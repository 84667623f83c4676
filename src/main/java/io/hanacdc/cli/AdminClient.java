package io.hanacdc.cli;

import io.hanacdc.common.CdcException;
import io.hanacdc.config.AdminSettings;
import java.io.IOException;
import java.io.PrintStream;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;

/** The CLI side of the admin API: reset, pause, resume and resnapshot a table of the running task. */
public final class AdminClient {
    private final AdminSettings settings;
    private final PrintStream out;
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    public AdminClient(AdminSettings settings, PrintStream out) {
        this.settings = settings;
        this.out = out;
    }

    /** POSTs the action for the table and prints the table's new state; fails with the API's message. */
    public void command(String table, String action, String body) {
        String host = settings.host().contains(":") ? "[" + settings.host() + "]" : settings.host();
        URI uri = URI.create("http://" + host + ":" + settings.port() + "/api/tables/"
                + URLEncoder.encode(table, StandardCharsets.UTF_8).replace("+", "%20") + "/" + action);
        HttpRequest.Builder request = HttpRequest.newBuilder(uri).timeout(Duration.ofSeconds(90))
                .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString(body));
        if (settings.requiresToken()) {
            request.header("Authorization", "Bearer " + settings.token());
        }
        try {
            HttpResponse<String> response = http.send(request.build(), HttpResponse.BodyHandlers.ofString());
            if (response.statusCode() >= 300) {
                throw new CdcException(action + " " + table + " was refused (HTTP " + response.statusCode() + "): " + response.body());
            }
            if (response.statusCode() == 202) { // accepted, not yet done: say so rather than print a state it does not have yet
                out.println(action + " " + table + " is queued: " + response.body());
                return;
            }
            out.println(response.body());
        } catch (IOException e) {
            throw new CdcException("cannot reach the running task's admin API at " + uri + " (" + e.getMessage()
                    + "): is the task running, and are hanacdc.admin.host/port the same as its?", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new CdcException("interrupted", e);
        }
    }
}
