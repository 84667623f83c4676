package io.hanacdc.testing;

import java.io.IOException;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.Locale;

/**
 * One HTTP/1.1 request over a plain socket to 127.0.0.1, with the Host and Origin headers given —
 * what a page of another site, or one reached through a rebound DNS name, makes a browser send
 * (java.net.http does not let a caller set Host).
 */
public final class RawHttp {
    public record Response(int status, String body) {}

    private RawHttp() {}

    /** @param headers "Name: value" lines; Host is one of them, or absent to send none */
    public static Response send(int port, String method, String path, String body, String... headers) throws IOException {
        byte[] content = body.getBytes(StandardCharsets.UTF_8);
        StringBuilder request = new StringBuilder(method + " " + path + " HTTP/1.1\r\n");
        for (String h : headers) {
            request.append(h).append("\r\n");
        }
        request.append("Content-Length: ").append(content.length).append("\r\nConnection: close\r\n\r\n");
        try (Socket s = new Socket("127.0.0.1", port)) {
            s.setSoTimeout(90_000);
            OutputStream out = s.getOutputStream();
            out.write(request.toString().getBytes(StandardCharsets.ISO_8859_1));
            out.write(content);
            out.flush();
            String response = new String(s.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            int headEnd = response.indexOf("\r\n\r\n");
            String head = headEnd < 0 ? response : response.substring(0, headEnd);
            String payload = headEnd < 0 ? "" : response.substring(headEnd + 4);
            boolean chunked = head.toLowerCase(Locale.ROOT).contains("\r\ntransfer-encoding: chunked");
            return new Response(Integer.parseInt(response.split(" ", 3)[1]), chunked ? unchunk(payload) : payload);
        }
    }

    private static String unchunk(String body) {
        StringBuilder out = new StringBuilder();
        int at = 0;
        while (true) {
            int lineEnd = body.indexOf("\r\n", at);
            int size = Integer.parseInt(body.substring(at, lineEnd).trim(), 16);
            if (size == 0) {
                return out.toString();
            }
            out.append(body, lineEnd + 2, lineEnd + 2 + size); // the JSON replies are ASCII: characters are bytes
            at = lineEnd + 2 + size + 2;
        }
    }
}
