package io.hanacdc.it;

import static io.hanacdc.it.Pipeline.count;
import static io.hanacdc.it.Pipeline.exec;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Properties;
import org.apache.camel.main.Main;
import org.junit.jupiter.api.Test;

/**
 * The task started the way another Camel runtime (Camel K) starts it: a plain camel-main that knows
 * nothing of hana-cdc but the route builder class name and the settings.
 */
class CamelRuntimeEntryTest {
    @Test
    void aPlainCamelMainRunsTheTaskFromTheRouteBuilderClassName() throws Exception {
        try (Pipeline p = new Pipeline("camelentry")) {
            exec(p.sourceUrl, "CREATE TABLE public.t (id int PRIMARY KEY, v text)", "INSERT INTO public.t VALUES (1, 'before')");
            Properties settings = new Properties();
            settings.put("camel.main.routes-builder-classes", "io.hanacdc.HanaCdcRoutes");
            settings.put("camel.server.enabled", "true");
            settings.put("camel.server.port", String.valueOf(AppProcess.freePort()));
            settings.put("hanacdc.source.url", p.sourceUrl);
            settings.put("hanacdc.target.url", p.targetUrl);
            settings.put("hanacdc.tables", "public.t");
            settings.put("hanacdc.task", "camelk");
            settings.put("hanacdc.poll-interval-ms", "50");
            Main main = new Main();
            main.setOverrideProperties(settings);
            main.start();
            try {
                exec(p.sourceUrl, "INSERT INTO public.t VALUES (2, 'streamed')");
                long end = System.currentTimeMillis() + 30_000;
                while (count(p.targetUrl, "SELECT COUNT(*) FROM t") < 2 && System.currentTimeMillis() < end) {
                    Thread.sleep(100);
                }
                assertEquals(2, count(p.targetUrl, "SELECT COUNT(*) FROM t"), "initial load and stream ran inside the plain Camel runtime");
            } finally {
                main.stop();
            }
        }
    }
}
