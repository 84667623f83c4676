package io.hanacdc.schema;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hanacdc.pipeline.TableWorker;
import io.hanacdc.testing.IntegrationTest;
import io.hanacdc.testing.Pipeline;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A table keyed by a unique index (no primary key) whose key changes while it streams: a unique index added later
 * leaves the key as it is; the key lost stops the table before a row is applied by it; a new key, where the policy
 * allows it, makes the target table anew and copies it again, as rows changed meanwhile were captured by the old key.
 */
@IntegrationTest
class UniqueKeyChangeTest {
    private static TableWorker worker(Pipeline p) {
        return p.task().workers().stream().filter(w -> w.table().id().name().equals("u")).findFirst().orElseThrow();
    }

    @Test
    void aLaterUniqueIndexKeepsTheKeyAndALostKeyStopsTheTable() throws Exception {
        try (Pipeline p = new Pipeline("ukloss")) {
            Pipeline.exec(p.sourceUrl, "CREATE TABLE public.u (id int NOT NULL, k int NOT NULL, v text)", "CREATE UNIQUE INDEX u_k ON public.u (k)",
                    "INSERT INTO public.u VALUES (1, 1, 'a'), (2, 2, 'b'), (3, 3, 'c')");
            p.set("hanacdc.tables", "public.u").start();
            p.awaitConverged(30_000);
            p.task().checkSchemas();
            Pipeline.exec(p.sourceUrl, "ALTER TABLE public.u ADD CONSTRAINT u_id UNIQUE (id)", "UPDATE public.u SET v = 'b2' WHERE k = 2");
            p.task().checkSchemas();
            p.awaitConverged(30_000);
            assertEquals(List.of("k"), worker(p).versions().latest().layout().table().primaryKey(), "the oldest unique index stays the key");

            Pipeline.exec(p.sourceUrl, "DROP INDEX public.u_k", "ALTER TABLE public.u DROP CONSTRAINT u_id", "INSERT INTO public.u VALUES (4, 1, 'dup')");
            p.task().checkSchemas();
            p.tick();
            String error = worker(p).status().lastError();
            assertTrue(error != null && error.contains("has no key any more") && error.contains("resnapshot"), String.valueOf(error));
            assertEquals(List.of("1 | a", "2 | b2", "3 | c"), Pipeline.rows(p.targetUrl, "SELECT k, v FROM u ORDER BY k"), "nothing applied by the lost key");
        }
    }

    @Test
    void aNewKeyCopiesTheTableAgain() throws Exception {
        try (Pipeline p = new Pipeline("ukflip")) {
            Pipeline.exec(p.sourceUrl, "CREATE TABLE public.u (id int NOT NULL, a int NOT NULL, b int NOT NULL, v text)",
                    "CREATE UNIQUE INDEX u_ab ON public.u (a, b)", "INSERT INTO public.u SELECT g, g, g, 'x' FROM generate_series(1, 5) g");
            p.set("hanacdc.tables", "public.u").set("hanacdc.schema-changes.change-key", "apply").start();
            p.awaitConverged(30_000);
            p.task().checkSchemas();
            Pipeline.exec(p.sourceUrl, "ALTER TABLE public.u ADD PRIMARY KEY (id)",
                    "UPDATE public.u SET v = 'changed' WHERE id <= 2", "DELETE FROM public.u WHERE id = 5", "INSERT INTO public.u VALUES (6, 6, 6, 'new')");
            p.task().checkSchemas();
            p.awaitConverged(60_000);
            assertEquals(List.of("1 | changed", "2 | changed", "3 | x", "4 | x", "6 | new"), Pipeline.rows(p.targetUrl, "SELECT id, v FROM u ORDER BY id"));
        }
    }
}
