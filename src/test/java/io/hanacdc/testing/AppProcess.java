package io.hanacdc.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/** The real application, started as its own process on the test class path, with settings as environment variables. */
public final class AppProcess implements AutoCloseable {
    public final Process process;
    public final File log;

    private AppProcess(Process process, File log) {
        this.process = process;
        this.log = log;
    }

    public static AppProcess start(String name, Map<String, String> env, String... args) throws IOException {
        return start(name, env, System.getProperty("java.class.path"), "io.hanacdc.Application", args);
    }

    /**
     * The demo jar as -Pdemo builds it: its main class, and its resources on the class path, which name the embedded
     * default (src/demo/resources; the tests' class path leaves them out, so no other test starts the demo).
     */
    public static AppProcess demo(String name, Map<String, String> env, String... args) throws IOException {
        String classPath = System.getProperty("java.class.path") + File.pathSeparator + Path.of("src", "demo", "resources").toAbsolutePath();
        return start(name, env, classPath, "io.hanacdc.demo.DemoMain", args);
    }

    private static AppProcess start(String name, Map<String, String> env, String classPath, String mainClass, String... args)
            throws IOException {
        String[] command = new String[4 + args.length];
        command[0] = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        command[1] = "-cp";
        command[2] = classPath;
        command[3] = mainClass;
        System.arraycopy(args, 0, command, 4, args.length);
        ProcessBuilder pb = new ProcessBuilder(command);
        pb.environment().putAll(env);
        File log = new File("target/" + name + ".log");
        pb.redirectErrorStream(true).redirectOutput(log);
        return new AppProcess(pb.start(), log);
    }

    public static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        }
    }

    /** The settings of a task on this pipeline's target, as environment variables of the application. */
    public static Map<String, String> env(Pipeline p, String sourceUrl, String tables) throws Exception {
        Map<String, String> env = new HashMap<>();
        env.put("HANACDC_SOURCE_URL", sourceUrl);
        env.put("HANACDC_TARGET_URL", p.targetUrl);
        env.put("HANACDC_TABLES", tables);
        env.put("HANACDC_TASK", "test");
        env.put("HANACDC_ADMIN_PORT", String.valueOf(freePort()));
        return env;
    }

    /** Runs the application with these arguments to its end; fails unless it exits with {@code exit}. Returns its output. */
    public static String run(String name, Map<String, String> env, int exit, String... args) throws Exception {
        try (AppProcess app = start(name, env, args)) {
            assertTrue(app.process.waitFor(120, TimeUnit.SECONDS), "did not finish:\n" + app.output());
            assertEquals(exit, app.process.exitValue(), app.output());
            return app.output();
        }
    }

    public String output() throws IOException {
        return Files.readString(log.toPath());
    }

    @Override
    public void close() throws InterruptedException {
        process.destroyForcibly().waitFor();
    }
}
