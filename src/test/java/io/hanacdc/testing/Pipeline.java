package io.hanacdc.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.hanacdc.checkpoint.Position;
import io.hanacdc.config.CdcConfig;
import io.hanacdc.pipeline.CdcTask;
import io.hanacdc.pipeline.TaskAssembler;
import io.hanacdc.pipeline.TableCommands;
import io.hanacdc.pipeline.TableObserver;
import io.hanacdc.pipeline.TableWorker;
import io.hanacdc.schema.TablePattern;
import io.hanacdc.stream.ChangeHook;
import io.hanacdc.verify.Verifier;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.function.UnaryOperator;

/**
 * A source and a target database of one test, and the task between them, driven tick by tick
 * (workers' poll()) so tests decide when the pipeline moves.
 */
public final class Pipeline implements AutoCloseable {
    public final String sourceUrl;
    public final String targetUrl;
    private final Map<String, String> settings = new HashMap<>();
    private final TargetFixture target;
    private CdcTask task;

    /** A pipeline from a fresh PostgreSQL database into a fresh database on the default target (a BehaviourSuite builds its own: FreshSource#pipeline). */
    public Pipeline(String name) throws Exception {
        this(TestDatabases.freshPostgres(name), name, TargetFixture.DEFAULT);
    }

    /** A pipeline from a fresh PostgreSQL database into a fresh database on the given target. */
    public Pipeline(String name, TargetFixture target) throws Exception {
        this(TestDatabases.freshPostgres(name), name, target);
    }

    /** A pipeline from the given source (any dialect) into a fresh database on the given target. */
    public Pipeline(String sourceUrl, String name, TargetFixture target) throws Exception {
        this(sourceUrl, target.freshDatabase(name), DEFAULTS, target);
    }

    private static final Map<String, String> DEFAULTS = Map.of("hanacdc.task", "test", "hanacdc.batch-size", "100",
            "hanacdc.snapshot.chunk-size", "500");

    private Pipeline(String sourceUrl, String targetUrl, Map<String, String> settings, TargetFixture target) {
        this.sourceUrl = sourceUrl;
        this.target = target;
        this.targetUrl = targetUrl;
        this.settings.putAll(settings);
        this.settings.put("hanacdc.source.url", sourceUrl);
        this.settings.put("hanacdc.target.url", targetUrl);
    }

    /** A second process of this task: the same source, target and settings (a replica, or the task started twice). */
    public Pipeline twin() {
        return new Pipeline(sourceUrl, targetUrl, settings, target);
    }

    /** A target table's name quoted as the target's SQL quotes it. */
    public String targetTable(String name) {
        return target.quote().apply(name);
    }

    public Pipeline set(String key, String value) {
        settings.put(key, value);
        return this;
    }

    public CdcConfig config() {
        return CdcConfig.load(k -> Optional.ofNullable(settings.get(k)));
    }

    public CdcTask start() {
        task = TaskAssembler.start(config());
        return task;
    }

    /** Starts the task with an observer of its workers and a hook on each table's changes. */
    public CdcTask start(TableObserver observer, ChangeHook hook) {
        task = TaskAssembler.start(config(), observer, hook);
        return task;
    }

    /** Stops the task as a crash would: no final checkpoint, connections just closed. */
    public void stop() {
        if (task != null) {
            task.close();
            task = null;
        }
    }

    public CdcTask task() {
        return task;
    }

    /** Submits an operator command and ticks the tables once, as the table's route would; returns the stored position. */
    public Position command(TableWorker w, TableCommands.Command command) throws Exception {
        CompletableFuture<Position> result = w.submit(command);
        tick();
        return result.get();
    }

    /** Runs verify as the command does; its printout is returned, its figures put in result[0]. */
    public String verify(String tables, Verifier.Result[] result) throws Exception {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        result[0] = new Verifier(config(), new PrintStream(bytes, true, StandardCharsets.UTF_8), Duration.ofSeconds(10))
                .run(TablePattern.parseList(tables));
        return bytes.toString(StandardCharsets.UTF_8);
    }

    public void tick() {
        for (TableWorker w : task.workers()) {
            w.poll();
        }
    }

    /** Polls until every table's target equals its source, or fails after the timeout with the difference. */
    public void awaitConverged(long timeoutMillis) throws Exception {
        long deadline = System.currentTimeMillis() + timeoutMillis;
        while (true) {
            tick();
            List<String> diff = differences();
            if (diff.isEmpty()) {
                return;
            }
            if (System.currentTimeMillis() > deadline) {
                assertEquals(List.of(), diff, "target did not converge to source");
            }
            Thread.sleep(50);
        }
    }

    public List<String> differences() throws SQLException {
        List<String> out = new ArrayList<>();
        for (TableWorker w : task.workers()) {
            var t = w.versions().latest().layout().table(); // the shape the source has now
            String keys = String.join(", ", t.primaryKey().stream().map(k -> "\"" + k.replace("\"", "\"\"") + "\"").toList());
            String cols = String.join(", ", t.columnNames().stream().map(k -> "\"" + k.replace("\"", "\"\"") + "\"").toList());
            List<String> src = rows(sourceUrl, "SELECT " + cols + " FROM \"" + t.id().schema().replace("\"", "\"\"") + "\".\""
                    + t.id().name().replace("\"", "\"\"") + "\" ORDER BY " + keys);
            UnaryOperator<String> q = target.quote();
            String mcols = String.join(", ", t.columnNames().stream().map(q).toList());
            String mkeys = String.join(", ", t.primaryKey().stream().map(q).toList());
            List<String> dst;
            try {
                dst = rows(targetUrl, "SELECT " + mcols + " FROM " + q.apply(t.id().name()) + " ORDER BY " + mkeys);
            } catch (SQLException e) { // the target table has not followed the source's shape yet
                out.add(t.id() + ": target not readable in the source's shape: " + e.getMessage());
                continue;
            }
            if (!src.equals(dst)) {
                List<String> missing = new ArrayList<>(src);
                missing.removeAll(dst);
                List<String> extra = new ArrayList<>(dst);
                extra.removeAll(src);
                out.add(t.id() + ": source " + src.size() + " rows, target " + dst.size() + "; only in source "
                        + head(missing) + ", only in target " + head(extra));
            }
        }
        return out;
    }

    private static List<String> head(List<String> l) {
        return l.size() > 3 ? l.subList(0, 3) : l;
    }

    /** Rows as canonical strings (see Canonical), sorted by key on the server side. */
    public static List<String> rows(String url, String sql) throws SQLException {
        List<String> out = new ArrayList<>();
        try (Connection c = TestDatabases.connect(url); Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
            ResultSetMetaData md = rs.getMetaData();
            while (rs.next()) {
                StringBuilder sb = new StringBuilder();
                for (int i = 1; i <= md.getColumnCount(); i++) {
                    sb.append(i > 1 ? " | " : "").append(Canonical.of(rs, i));
                }
                out.add(sb.toString());
            }
        }
        return out;
    }

    public static void exec(String url, String... sql) throws SQLException {
        try (Connection c = TestDatabases.connect(url); Statement s = c.createStatement()) {
            for (String q : sql) {
                s.execute(q);
            }
        }
    }

    public static long count(String url, String sql) throws SQLException {
        try (Connection c = TestDatabases.connect(url); Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
            rs.next();
            return rs.getLong(1);
        }
    }

    @Override
    public void close() {
        stop();
    }
}
