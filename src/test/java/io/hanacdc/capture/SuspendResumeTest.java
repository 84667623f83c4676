package io.hanacdc.capture;

import static io.hanacdc.testing.Pipeline.count;
import static io.hanacdc.testing.Pipeline.exec;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hanacdc.pipeline.TableState;
import io.hanacdc.cli.DirectCommands;
import io.hanacdc.pipeline.TableWorker;
import io.hanacdc.testing.IntegrationTest;
import io.hanacdc.testing.Pipeline;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * The emergency off-switch on PostgreSQL: suspend disables the capture triggers at once (ALTER TABLE … DISABLE
 * TRIGGER), the schema check and a restart leave them disabled and stop the table with the reason, writes meanwhile
 * are not captured; resume re-creates the triggers and the table is loaded anew, so the target ends equal to the
 * source, rows deleted while suspended included.
 */
@IntegrationTest
class SuspendResumeTest {
    private static final String ENABLED_TRIGGERS = "SELECT COUNT(*) FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid"
            + " WHERE c.relname = 't' AND t.tgname LIKE 'public$t$%' AND t.tgenabled <> 'D'";

    @Test
    void suspendedCaptureStaysOffUntilResumeThenTheTableIsLoadedAnew() throws Exception {
        try (Pipeline p = new Pipeline("suspend")) {
            exec(p.sourceUrl, "CREATE TABLE public.t (id int PRIMARY KEY, v text)", "INSERT INTO public.t SELECT g, 'v' || g FROM generate_series(1, 5) g");
            p.set("hanacdc.tables", "public.t").start();
            p.awaitConverged(20_000);
            long capturing = count(p.sourceUrl, ENABLED_TRIGGERS);
            assertTrue(capturing >= 3, "capture triggers enabled: " + capturing);

            commands(p).suspendOrResume(true, Optional.empty(), p.config().source());
            assertEquals(0, count(p.sourceUrl, ENABLED_TRIGGERS), "every capture trigger disabled");
            exec(p.sourceUrl, "INSERT INTO public.t VALUES (6, 'while suspended')", "UPDATE public.t SET v = 'changed' WHERE id = 1",
                    "DELETE FROM public.t WHERE id = 2");
            p.task().checkSchemas();
            TableWorker w = p.task().workers().stream().filter(x -> x.table().id().name().equals("t")).findFirst().orElseThrow();
            assertEquals(TableState.STOPPED, w.status().state(), w.status().toString());
            assertTrue(w.status().lastError().contains("suspended") && w.status().lastError().contains("resume --table public.t"), w.status().lastError());
            assertEquals(0, count(p.sourceUrl, ENABLED_TRIGGERS), "the schema check does not re-create suspended triggers");
            p.stop();
            p.start(); // a start installs what is missing: not the suspended triggers
            assertEquals(0, count(p.sourceUrl, ENABLED_TRIGGERS), "a start does not re-create suspended triggers");
            assertEquals(1, count(p.targetUrl, "SELECT COUNT(*) FROM t WHERE id = 2"), "changes while suspended are not captured");

            commands(p).suspendOrResume(false, Optional.of("public.t"), p.config().source());
            assertEquals(capturing, count(p.sourceUrl, ENABLED_TRIGGERS), "the capture triggers are back");
            p.task().checkSchemas();
            exec(p.sourceUrl, "INSERT INTO public.t VALUES (7, 'after resume')");
            p.awaitConverged(30_000);
            assertEquals(0, count(p.targetUrl, "SELECT COUNT(*) FROM t WHERE id = 2"), "loaded anew: the row deleted while suspended is gone");
            assertEquals(1, count(p.targetUrl, "SELECT COUNT(*) FROM t WHERE id = 1 AND v = 'changed'"));
        }
    }

    private static DirectCommands commands(Pipeline p) {
        return new DirectCommands(p.config(), new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8));
    }
}
