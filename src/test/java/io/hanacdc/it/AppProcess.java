package io.hanacdc.it;

import java.io.File;
import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

/** The real application, started as its own process on the test class path, with settings as environment variables. */
final class AppProcess implements AutoCloseable {
    final Process process;
    final File log;

    private AppProcess(Process process, File log) {
        this.process = process;
        this.log = log;
    }

    static AppProcess start(String name, Map<String, String> env, String... args) throws IOException {
        String[] command = new String[4 + args.length];
        command[0] = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        command[1] = "-cp";
        command[2] = System.getProperty("java.class.path");
        command[3] = "io.hanacdc.Application";
        System.arraycopy(args, 0, command, 4, args.length);
        ProcessBuilder pb = new ProcessBuilder(command);
        pb.environment().putAll(env);
        File log = new File("target/" + name + ".log");
        pb.redirectErrorStream(true).redirectOutput(log);
        return new AppProcess(pb.start(), log);
    }

    static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        }
    }

    String output() throws IOException {
        return Files.readString(log.toPath());
    }

    @Override
    public void close() throws InterruptedException {
        process.destroyForcibly().waitFor();
    }
}
