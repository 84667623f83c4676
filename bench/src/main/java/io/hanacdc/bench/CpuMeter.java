package io.hanacdc.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

/**
 * CPU time from /proc, to show where a run's CPU went on a machine whose cores are shared by the
 * product, both databases and the harness: the process measured, MariaDB, PostgreSQL (every
 * backend, so other sessions count too), and the machine as a whole.
 */
public final class CpuMeter {
    private static final double TICKS_PER_SECOND = 100; // USER_HZ on Linux

    /** CPU seconds used so far. */
    public record Snapshot(double process, double mariadb, double postgres, double machine) {
        public Snapshot minus(Snapshot earlier) {
            return new Snapshot(process - earlier.process, mariadb - earlier.mariadb, postgres - earlier.postgres, machine - earlier.machine);
        }

        /** Microseconds of CPU per row for each part, as "process / MariaDB / PostgreSQL / machine". */
        public String perRow(long rows, String processName) {
            return String.format("%s %.1f, MariaDB %.1f, PostgreSQL %.1f, whole machine %.1f µs CPU per row", processName,
                    1e6 * process / rows, 1e6 * mariadb / rows, 1e6 * postgres / rows, 1e6 * machine / rows);
        }
    }

    private CpuMeter() {}

    public static Snapshot take(long pid) {
        double mariadb = 0;
        double postgres = 0;
        try (Stream<Path> procs = Files.list(Path.of("/proc"))) {
            for (Path p : (Iterable<Path>) procs.filter(x -> x.getFileName().toString().chars().allMatch(Character::isDigit))::iterator) {
                String comm = read(p.resolve("comm")).trim();
                if (comm.equals("mariadbd") || comm.equals("mysqld")) {
                    mariadb += processSeconds(p);
                } else if (comm.equals("postgres")) {
                    postgres += processSeconds(p);
                }
            }
        } catch (IOException e) {
            return new Snapshot(Double.NaN, Double.NaN, Double.NaN, Double.NaN);
        }
        return new Snapshot(processSeconds(Path.of("/proc", String.valueOf(pid))), mariadb, postgres, machineBusySeconds());
    }

    /** utime + stime of a process (fields 14 and 15 of /proc/pid/stat, counted after the command name). */
    private static double processSeconds(Path proc) {
        String stat = read(proc.resolve("stat"));
        int end = stat.lastIndexOf(')');
        if (end < 0) {
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
