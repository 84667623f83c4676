package io.hanacdc.admin;

import static io.hanacdc.testing.Pipeline.exec;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hanacdc.pipeline.CdcTask;
import io.hanacdc.pipeline.TableCommands;
import io.hanacdc.pipeline.TableWorker;
import io.hanacdc.testing.IntegrationTest;
import io.hanacdc.testing.Pipeline;
import java.io.PrintWriter;
import java.sql.Connection;
import java.sql.DriverManager;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.logging.Logger;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;

/**
 * The per-table figures of the metrics and the API (rows held back by open transactions, rows not applied) are read
 * for all of the task's tables at once: a scrape of every table's gauges costs one read of the source, not one per
 * table, and each table still gets its own figure, also when another table's CDC table cannot be read.
 */
@IntegrationTest
class TableFiguresTest {
    private static final int TABLES = 12;

    /** Counts the connections taken, one per read. */
    private static final class CountingSource implements DataSource {
        final DataSource inner;
        final AtomicInteger taken = new AtomicInteger();

        CountingSource(DataSource inner) {
            this.inner = inner;
        }

        @Override
        public Connection getConnection() throws java.sql.SQLException {
            taken.incrementAndGet();
            return inner.getConnection();
        }

        @Override
        public Connection getConnection(String user, String password) throws java.sql.SQLException {
            taken.incrementAndGet();
            return inner.getConnection(user, password);
        }

        @Override
        public PrintWriter getLogWriter() {
            return null;
        }

        @Override
        public void setLogWriter(PrintWriter out) { }

        @Override
        public void setLoginTimeout(int seconds) { }

        @Override
        public int getLoginTimeout() {
            return 0;
        }

        @Override
        public Logger getParentLogger() {
            return Logger.getGlobal();
        }

        @Override
        public <T> T unwrap(Class<T> iface) {
            throw new UnsupportedOperationException();
        }

        @Override
        public boolean isWrapperFor(Class<?> iface) {
            return false;
        }
    }

    @Test
    void everyTablesFiguresComeFromOneRead() throws Exception {
        try (Pipeline p = new Pipeline("figures")) {
            StringBuilder tables = new StringBuilder();
            for (int i = 0; i < TABLES; i++) {
                exec(p.sourceUrl, "CREATE TABLE public.f" + i + " (id int PRIMARY KEY, v text)");
                tables.append(i == 0 ? "" : ",").append("public.f").append(i);
            }
            p.set("hanacdc.tables", tables.toString());
            CdcTask task = p.start();
            p.awaitConverged(30_000);
            TableWorker paused = worker(task, "f7");
            p.command(paused, TableCommands.pause());
            exec(p.sourceUrl, "INSERT INTO public.f7 SELECT g, 'x' FROM generate_series(1, 5) g");
            try (Connection open = DriverManager.getConnection(p.sourceUrl)) {
                open.setAutoCommit(false);
                open.createStatement().execute("INSERT INTO public.f3 VALUES (1, 'a'), (2, 'b'), (3, 'c')");
                open.createStatement().execute("INSERT INTO public.f9 VALUES (1, 'a')");
                p.tick(); // the watermark holds the open transaction's rows back
                open.commit(); // they are due, not applied yet: visible to the figures' read

                CountingSource source = new CountingSource(task.source());
                HeldBack heldBack = new HeldBack(source, task.workers(), task.heldBackQuery());
                PendingRows pending = new PendingRows(source, task.workers(), task::pendingRowsQuery);
                double[] held = task.workers().stream().mapToDouble(heldBack::rows).toArray();
                double[] notApplied = task.workers().stream().mapToDouble(pending::of).toArray();
                assertEquals(2, source.taken.get(), "one read for all tables' held-back rows, one for their rows not applied");

                assertEquals(3.0, held[index(task, "f3")]);
                assertEquals(1.0, held[index(task, "f9")]);
                assertEquals(4.0, java.util.Arrays.stream(held).sum(), "no other table holds rows back");
                Map<Long, Long> byTransaction = heldBack.byTransaction(worker(task, "f3"));
                assertEquals(List.of(3L), List.copyOf(byTransaction.values()), "one open transaction holds f3's rows");
                assertEquals(5.0, notApplied[index(task, "f7")], "the paused table's rows");
                assertEquals(5.0, java.util.Arrays.stream(notApplied).sum(), "rows held back are below the tables' positions");

                // one CDC table unreadable: its figures are unknown, the others' stay right
                exec(p.sourceUrl, "ALTER TABLE hanacdc.\"public$f9\" RENAME TO \"moved away\"");
                HeldBack heldBackNow = new HeldBack(task.source(), task.workers(), task.heldBackQuery());
                PendingRows pendingNow = new PendingRows(task.source(), task.workers(), task::pendingRowsQuery);
                assertEquals(3.0, heldBackNow.rows(worker(task, "f3")));
                assertTrue(Double.isNaN(heldBackNow.rows(worker(task, "f9"))), "unknown, not zero");
                assertEquals(5.0, pendingNow.of(paused));
                assertTrue(Double.isNaN(pendingNow.of(worker(task, "f9"))));
                exec(p.sourceUrl, "ALTER TABLE hanacdc.\"moved away\" RENAME TO \"public$f9\"");
            }
            p.command(paused, TableCommands.resume());
            p.awaitConverged(30_000);
            assertTrue(task.workers().size() >= TABLES);
        }
    }

    private static TableWorker worker(CdcTask task, String name) {
        return task.workers().stream().filter(w -> w.table().id().name().equals(name)).findFirst().orElseThrow();
    }

    private static int index(CdcTask task, String name) {
        return task.workers().indexOf(worker(task, name));
    }
}
