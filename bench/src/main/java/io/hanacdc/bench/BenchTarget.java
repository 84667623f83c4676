package io.hanacdc.bench;

import java.sql.Connection;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Where a scenario's hana-cdc writes, made empty for that scenario and dropped after it: a MariaDB database
 * ({@link MariaDbTarget}) or a set of Kafka topics ({@link KafkaTopicsTarget}). The scenarios read progress and
 * check results through this, so one scenario serves both.
 */
public interface BenchTarget extends AutoCloseable {
    /** Makes a fresh target; {@code name} is a plain bench_[a-z0-9_]+ name the scenario also gives its source database. */
    @FunctionalInterface
    interface Maker {
        BenchTarget fresh(String name) throws Exception;
    }

    /** The product's settings that point it here, as HANACDC_* environment variables. */
    Map<String, String> env();

    Progress progress() throws Exception;

    /** What the tables hold after a run, for the log and the report; says so when one lacks rows (never fails). */
    String check(List<String> tables, long rowsPerTable) throws Exception;

    @Override
    void close() throws Exception;

    /** {@link #check} for a database target: COUNT(*) of each table, its name quoted as {@code open + name + close}. */
    static String countEach(Connection c, String open, String close, List<String> tables, long rowsPerTable) throws Exception {
        List<String> problems = new ArrayList<>();
        for (String t : tables) {
            long n = Long.parseLong(Databases.scalar(c, "SELECT COUNT(*) FROM " + open + t + close));
            if (n != rowsPerTable) {
                problems.add(String.format("WARNING: target %s has %,d rows, expected %,d", t, n, rowsPerTable));
            }
        }
        return problems.isEmpty() ? String.format("%,d rows in each table", rowsPerTable) : String.join("; ", problems);
    }
}
