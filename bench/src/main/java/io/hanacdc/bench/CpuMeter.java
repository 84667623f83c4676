package io.hanacdc.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.stream.Stream;

/**
 * CPU time from /proc, to show where a run's CPU went on a machine whose cores are shared by the
 * product, both databases and the harness: the process measured, MariaDB, PostgreSQL (every
 * backend, so other sessions count too), and the machine as a whole.
 */
public final class CpuMeter {
    private static final double TICKS_PER_SECOND = 100; // USER_HZ on Linux

    /** CPU seconds used so far: the process (or processes, summed), MariaDB and PostgreSQL processes by pid, the machine. */
    public record Snapshot(double process, Map<Long, Double> mariadb, Map<Long, Double> postgres, double machine) {}

    /** CPU seconds used between two snapshots. */
    public record Usage(double process, double mariadb, double postgres, double machine) {
        /** Microseconds of CPU per row for each part. */
        public String perRow(long rows, String processName) {
            return String.format("%s %.1f, MariaDB %.1f, PostgreSQL %.1f, whole machine %.1f µs CPU per row", processName,
                    1e6 * process / rows, 1e6 * mariadb / rows, 1e6 * postgres / rows, 1e6 * machine / rows);
        }
    }

    private CpuMeter() {}

    public static Usage between(Snapshot from, Snapshot to) {
        return new Usage(to.process - from.process, grown(from.mariadb, to.mariadb), grown(from.postgres, to.postgres), to.machine - from.machine);
    }

    /** Per process: its growth, or all of it if it started in between; what a process that ended meanwhile used is unknown and left out. */
    private static double grown(Map<Long, Double> from, Map<Long, Double> to) {
        double sum = 0;
        for (var e : to.entrySet()) {
            sum += e.getValue() - from.getOrDefault(e.getKey(), 0.0);
        }
        return sum;
    }

    public static Snapshot take(long... pids) {
        Map<Long, Double> mariadb = new HashMap<>();
        Map<Long, Double> postgres = new HashMap<>();
        try (Stream<Path> procs = Files.list(Path.of("/proc"))) {
            for (Path p : (Iterable<Path>) procs.filter(x -> x.getFileName().toString().chars().allMatch(Character::isDigit))::iterator) {
                String comm = read(p.resolve("comm")).trim();
                long id = Long.parseLong(p.getFileName().toString());
                if (comm.equals("mariadbd") || comm.equals("mysqld")) {
                    mariadb.put(id, processSeconds(p));
                } else if (comm.equals("postgres")) {
                    postgres.put(id, processSeconds(p));
                }
            }
        } catch (IOException e) {
            // no /proc (not Linux): the databases count as zero
        }
        double process = 0;
        for (long pid : pids) {
            process += processSeconds(Path.of("/proc", String.valueOf(pid)));
        }
        return new Snapshot(process, mariadb, postgres, machineBusySeconds());
    }

    /** utime + stime of a process (fields 14 and 15 of /proc/pid/stat, counted after the command name). */
    private static double processSeconds(Path proc) {
        String stat = read(proc.resolve("stat"));
        int end = stat.lastIndexOf(')');
        if (end < 0 || end + 2 >= stat.length()) {
            return 0;
        }
        String[] f = stat.substring(end + 2).split(" ");
        return (Long.parseLong(f[11]) + Long.parseLong(f[12])) / TICKS_PER_SECOND;
    }

    /** All CPUs' non-idle time: user, nice, system, irq, softirq, steal. */
    private static double machineBusySeconds() {
        String[] f = read(Path.of("/proc/stat")).lines().findFirst().orElse("cpu").trim().split("\\s+");
        long busy = 0;
        for (int i : new int[] {1, 2, 3, 6, 7, 8}) {
            busy += i < f.length ? Long.parseLong(f[i]) : 0;
        }
        return busy / TICKS_PER_SECOND;
    }

    private static String read(Path p) {
        try {
            return Files.readString(p);
        } catch (IOException | RuntimeException e) {
            return ""; // the process ended meanwhile
        }
    }
}
