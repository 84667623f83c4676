package io.hanacdc.admin;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hanacdc.cluster.ClusterKey;
import java.net.URI;
import java.net.http.HttpRequest;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/**
 * A request between replicas is served only with a signature of the task's secret over exactly what it asks, made
 * within the replica timeout, and only once; an answer counts only when it is signed for that request.
 */
class PeerAuthTest {
    private static final ClusterKey KEY = new ClusterKey("0123456789abcdef0123456789abcdef");
    private final PeerAuth auth = new PeerAuth(KEY, "task", Duration.ofSeconds(10));

    private static String signature(HttpRequest.Builder b) {
        return b.build().headers().firstValue(PeerAuth.SIGNATURE).orElseThrow();
    }

    @Test
    void aSignedRequestIsServedOnceAndOnlyAsSigned() {
        URI uri = URI.create("http://10.0.0.1:8080/api/tables/public.t%20x/pause");
        HttpRequest.Builder b = HttpRequest.newBuilder(uri);
        String nonce = auth.sign(b, "POST", uri, "{\"to\":\"latest\"}");
        String sig = signature(b);
        assertEquals(401, refused(() -> auth.verify("POST", "/api/tables/public.t%20x/reset", "{\"to\":\"latest\"}", sig)), "another path");
        assertEquals(401, refused(() -> auth.verify("GET", "/api/tables/public.t%20x/pause", "{\"to\":\"latest\"}", sig)), "another method");
        assertEquals(401, refused(() -> auth.verify("POST", "/api/tables/public.t%20x/pause", "{\"dataId\":1}", sig)), "another body");
        assertEquals(401, refused(() -> new PeerAuth(KEY, "other", Duration.ofSeconds(10))
                .verify("POST", "/api/tables/public.t%20x/pause", "{\"to\":\"latest\"}", sig)), "another task");
        assertEquals(401, refused(() -> new PeerAuth(new ClusterKey("another secret, thirty-two chars"), "task", Duration.ofSeconds(10))
                .verify("POST", "/api/tables/public.t%20x/pause", "{\"to\":\"latest\"}", sig)), "another secret");
        for (String bad : new String[] {null, "", "x", "1.2", "a.b.c", "Bearer t0ken"}) {
            assertEquals(401, refused(() -> auth.verify("POST", "/api/tables/public.t%20x/pause", "", bad)), bad);
        }
        assertEquals(nonce, auth.verify("POST", "/api/tables/public.t%20x/pause", "{\"to\":\"latest\"}", sig));
        TableApi.Refused replay = assertThrows(TableApi.Refused.class, () -> auth.verify("POST", "/api/tables/public.t%20x/pause", "{\"to\":\"latest\"}", sig));
        assertTrue(replay.getMessage().contains("replayed"), replay.getMessage());
    }

    @Test
    void aRequestSignedOutsideTheWindowIsRefused() {
        String at = Long.toString(System.currentTimeMillis() - 11_000);
        String stale = at + ".nonce." + KEY.sign("request", "task", "GET", "/api/tables?local=true", at, "nonce", ClusterKey.digest(null));
        TableApi.Refused e = assertThrows(TableApi.Refused.class, () -> auth.verify("GET", "/api/tables?local=true", null, stale));
        assertTrue(e.getMessage().contains("clocks") && e.getMessage().contains("off this replica's clock"), e.getMessage());
        String now = Long.toString(System.currentTimeMillis());
        String fresh = now + ".nonce." + KEY.sign("request", "task", "GET", "/api/tables?local=true", now, "nonce", ClusterKey.digest(""));
        assertEquals("nonce", auth.verify("GET", "/api/tables?local=true", null, fresh), "no body signs as an empty one");
    }

    @Test
    void anAnswerCountsOnlyForItsRequest() {
        String sig = auth.signAnswer("n1", 200, "[]");
        assertTrue(auth.answerVerifies("n1", 200, "[]", sig));
        assertFalse(auth.answerVerifies("n2", 200, "[]", sig), "another request's answer");
        assertFalse(auth.answerVerifies("n1", 409, "[]", sig), "another status");
        assertFalse(auth.answerVerifies("n1", 200, "[{}]", sig), "another body");
        assertFalse(auth.answerVerifies("n1", 200, "[]", null), "unsigned");
    }

    private static int refused(Runnable r) {
        return assertThrows(TableApi.Refused.class, r::run).status;
    }
}
