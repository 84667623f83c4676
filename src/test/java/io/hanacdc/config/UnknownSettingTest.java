package io.hanacdc.config;

import static io.hanacdc.testing.Pipeline.exec;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hanacdc.testing.AppProcess;
import io.hanacdc.testing.CaptureObjects;
import io.hanacdc.testing.IntegrationTest;
import io.hanacdc.testing.Pipeline;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The real application given a properties file by HANACDC_CONFIG with a mistyped key: it refuses to start,
 * naming the key, the file and the setting meant, with nothing installed. A HANACDC_* variable that
 * overrides no key is warned about, and the command still runs.
 */
@IntegrationTest
class UnknownSettingTest {
    @Test
    void aTypoInThePropertiesFileIsRefusedWithTheNearestSettingAndNothingInstalled(@TempDir Path dir) throws Exception {
        try (Pipeline p = new Pipeline("typo")) {
            exec(p.sourceUrl, "CREATE TABLE public.t (id int PRIMARY KEY)");
            Path file = dir.resolve("task.properties");
            Files.writeString(file, "hanacdc.task = test\nhanacdc.batchsize = 100\n");
            Map<String, String> env = AppProcess.env(p, p.sourceUrl, "public.t");
            env.put("HANACDC_CONFIG", file.toString());
            env.put("HANACDC_POLL_INTERVALMS", "50");
            String warning = "HANACDC_POLL_INTERVALMS overrides no setting and is ignored: did you mean HANACDC_POLL_INTERVAL_MS (hanacdc.poll-interval-ms)?";

            String out = AppProcess.run("typo-run", env, 1, "run").strip();
            assertTrue(out.endsWith("hana-cdc: unknown setting hanacdc.batchsize (in " + file + "): did you mean hanacdc.batch-size?"), out);
            assertTrue(out.contains(warning), out);
            CaptureObjects.assertNothingInstalled(p.sourceUrl);

            Files.writeString(file, "hanacdc.task = test\nhanacdc.batch-size = 100\n");
            String check = AppProcess.run("typo-check", env, 0, "check");
            assertTrue(check.contains(warning), "warned about, not refused:\n" + check);
        }
    }
}
