package io.hanacdc.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * hana-cdc run as a black box: {@code java -jar hana-cdc.jar [command]} with its settings in
 * HANACDC_* environment variables, from an empty working directory (so no application.properties
 * or routes/ folder overrides the jar's defaults). Output goes to a log file per run.
 */
public final class HanaCdcProcess implements AutoCloseable {
    private final Process process;
    private final long startNanos;
    private final Path log;
    private long peakRssKb = -1;

    private HanaCdcProcess(Process process, long startNanos, Path log) {
        this.process = process;
        this.startNanos = startNanos;
        this.log = log;
    }

    /** Settings for one task; the target's and scenario-specific extras (e.g. capture mode) are added by the caller. */
    public record Settings(Path jar, Path workDir, String javaOpts, Map<String, String> env) {
        public static Settings of(BenchOptions o, Path workDir, String sourceUrl, String tables) {
            Map<String, String> env = new HashMap<>();
            env.put("HANACDC_SOURCE_URL", sourceUrl);
            env.put("HANACDC_TABLES", tables);
            env.put("HANACDC_TASK", "bench");
            env.put("HANACDC_BATCH_SIZE", String.valueOf(o.batchSize()));
            env.put("HANACDC_POLL_INTERVAL_MS", String.valueOf(o.pollIntervalMs()));
            return new Settings(o.jar(), workDir, o.javaOpts(), env);
        }

        public Settings with(String key, String value) {
            return with(Map.of(key, value));
        }

        public Settings with(Map<String, String> more) {
            Map<String, String> e = new HashMap<>(env);
            e.putAll(more);
            return new Settings(jar, workDir, javaOpts, e);
        }
    }

    /** The repository's launcher (bin/hana-cdc): it exec()s the JVM, so its process id is the JVM's. */
    public static final Path LAUNCHER = Path.of(System.getProperty("bench.repo", ".."), "bin", "hana-cdc").toAbsolutePath().normalize();

    public static HanaCdcProcess start(Settings s, String logName, String... command) throws IOException {
        // Started the way users are told to start it: the launcher, with its JVM options unless --java-opts replaces them.
        List<String> cmd = new ArrayList<>();
        cmd.add(LAUNCHER.toString());
        cmd.addAll(List.of(command));
        Path log = s.workDir().resolve(logName + ".log");
        ProcessBuilder pb = new ProcessBuilder(cmd).directory(s.workDir().toFile()).redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()));
        // Only the settings we mean: a HANACDC_* variable from the caller's shell must not leak into a scenario.
        pb.environment().keySet().removeIf(k -> k.startsWith("HANACDC_"));
        pb.environment().putAll(s.env());
        pb.environment().put("HANACDC_JAR", s.jar().toAbsolutePath().toString());
        pb.environment().put("JAVA_HOME", System.getProperty("java.home"));
        if (!s.javaOpts().isBlank()) {
            pb.environment().put("HANACDC_JAVA_OPTS", s.javaOpts());
        }
        long t0 = System.nanoTime();
        return new HanaCdcProcess(pb.start(), t0, log);
    }

    /** Runs a one-shot command (install, uninstall) to completion; a non-zero exit is an error with the log's tail. */
    public static void runToEnd(Settings s, String logName, String... command) throws IOException, InterruptedException {
        try (HanaCdcProcess p = start(s, logName, command)) {
            if (!p.process.waitFor(5, TimeUnit.MINUTES)) {
                throw new IllegalStateException("hana-cdc " + String.join(" ", command) + " did not finish in 5 minutes; log " + p.log);
            }
            if (p.process.exitValue() != 0) {
                throw new IllegalStateException("hana-cdc " + String.join(" ", command) + " exited " + p.process.exitValue() + ": " + p.tail());
            }
        }
    }

    public double secondsSinceStart() {
        return (System.nanoTime() - startNanos) / 1e9;
    }

    public long startNanos() {
        return startNanos;
    }

    public boolean alive() {
        return process.isAlive();
    }

    public void ensureAlive() {
        if (!process.isAlive()) {
            throw new IllegalStateException("hana-cdc exited early (code " + process.exitValue() + "): " + tail());
        }
    }

    public long pid() {
        return process.pid();
    }

    /** Peak resident set of the JVM so far (VmHWM), in kB; read before the process is stopped. */
    public long readPeakRssKb() {
        try {
            for (String line : Files.readAllLines(Path.of("/proc", String.valueOf(process.pid()), "status"))) {
                if (line.startsWith("VmHWM:")) {
                    peakRssKb = Long.parseLong(line.replaceAll("\\D", ""));
                }
            }
        } catch (IOException | RuntimeException e) {
            // process already gone: keep the last reading
        }
        return peakRssKb;
    }

    /** The JVM's current thread count ({@code Threads:} in /proc/<pid>/status), -1 once it is gone. */
    public int readThreads() {
        try {
            for (String line : Files.readAllLines(Path.of("/proc", String.valueOf(process.pid()), "status"))) {
                if (line.startsWith("Threads:")) {
                    return Integer.parseInt(line.replaceAll("\\D", ""));
                }
            }
        } catch (IOException | RuntimeException e) {
            // process already gone
        }
        return -1;
    }

    public Path log() {
        return log;
    }

    public String tail() {
        try {
            List<String> lines = Files.readAllLines(log);
            return String.join("\n", lines.subList(Math.max(0, lines.size() - 15), lines.size()));
        } catch (IOException e) {
            return "(no log: " + e.getMessage() + ")";
        }
    }

    /** SIGKILL at once (a crash: nothing is given up or flushed); the peak RSS is read first. */
    public void kill() throws InterruptedException {
        readPeakRssKb();
        process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
    }

    /** SIGTERM (Camel shuts down gracefully), then SIGKILL if it hangs; the peak RSS is read first. */
    @Override
    public void close() {
        if (process.isAlive()) {
            readPeakRssKb();
            process.destroy();
            try {
                if (!process.waitFor(30, TimeUnit.SECONDS)) {
                    process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
                }
            } catch (InterruptedException e) {
                process.destroyForcibly();
                Thread.currentThread().interrupt();
            }
        }
    }
}
