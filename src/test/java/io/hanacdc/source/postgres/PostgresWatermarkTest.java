package io.hanacdc.source.postgres;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hanacdc.config.CaptureOptions;
import io.hanacdc.source.CaptureNames;
import io.hanacdc.source.HighAndOpen;
import io.hanacdc.source.OpenTransactions;
import io.hanacdc.source.SourceDialect;
import io.hanacdc.source.SourceDialects;
import io.hanacdc.testing.IntegrationTest;
import io.hanacdc.testing.Pipeline;
import io.hanacdc.testing.TestDatabases;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.Arrays;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * PostgreSQL reads H and its snapshot in one statement (the tick's cost halved): H is the sequence's last value, and
 * a transaction that took an id and is still open is not visible in the snapshot, listed or from its xmax on.
 */
@IntegrationTest
class PostgresWatermarkTest {
    private static final CaptureNames NAMES = new CaptureNames("hanacdc", 63);

    @Test
    void oneStatementReadsHAndHoldsAnOpenWriter() throws Exception {
        String url = TestDatabases.freshPostgres("pgwm");
        String sequence = "hanacdc." + NAMES.sequence();
        Pipeline.exec(url, "CREATE SCHEMA hanacdc", "CREATE SEQUENCE " + sequence, "CREATE TABLE t (id int PRIMARY KEY)");
        SourceDialect dialect = SourceDialects.forUrl(url, CaptureOptions.DEFAULT);
        try (Connection c = TestDatabases.connect(url); Connection writer = TestDatabases.connect(url)) {
            AtomicInteger statements = new AtomicInteger();
            Connection counted = counting(c, statements);
            assertEquals(0, dialect.readWatermark(counted, NAMES).high(), "nothing taken yet");
            assertEquals(1, statements.get(), "H and A in one statement");

            writer.setAutoCommit(false);
            try (Statement s = writer.createStatement()) {
                s.executeUpdate("INSERT INTO t VALUES (1)"); // the write gives the transaction its id, as a trigger's would
            }
            long xid = query(writer, "SELECT txid_current()");
            long id = query(writer, "SELECT nextval('" + sequence + "')");
            HighAndOpen held = dialect.readWatermark(c, NAMES);
            assertEquals(id, held.high());
            assertTrue(open(held.open(), xid), "the writer is open: " + Arrays.toString(held.open().listed()) + " from " + held.open().from());
            assertEquals(held.high(), dialect.readHighWaterMark(c, NAMES), "the same H as the statement alone reads");

            writer.commit();
            HighAndOpen after = dialect.readWatermark(c, NAMES);
            assertEquals(id, after.high());
            assertFalse(open(after.open(), xid), "committed: no longer open");
        }
    }

    private static boolean open(OpenTransactions a, long xid) {
        return xid >= a.from() || Arrays.stream(a.listed()).anyMatch(x -> x == xid);
    }

    private static long query(Connection c, String sql) throws Exception {
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
            rs.next();
            return rs.getLong(1);
        }
    }

    /** The connection, counting the statements made on it. */
    private static Connection counting(Connection real, AtomicInteger statements) {
        return (Connection) Proxy.newProxyInstance(Connection.class.getClassLoader(), new Class<?>[] {Connection.class}, (p, m, args) -> {
            if (m.getName().startsWith("createStatement") || m.getName().startsWith("prepare")) {
                statements.incrementAndGet();
            }
            try {
                return m.invoke(real, args);
            } catch (InvocationTargetException e) {
                throw e.getCause();
            }
        });
    }
}
