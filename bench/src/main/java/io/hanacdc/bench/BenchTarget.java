package io.hanacdc.bench;

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
}
