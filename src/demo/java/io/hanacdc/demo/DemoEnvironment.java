package io.hanacdc.demo;

import io.hanacdc.EmbeddedDefault;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.atomic.AtomicBoolean;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The embedded default: embedded PostgreSQL with a small shop schema (three tables, one with a
 * quoted name and a composite key) replicating into an embedded MariaDB, plus a live workload of
 * inserts, updates, deletes and rollbacks so streaming can be watched; or, in the Kafka mode
 * (DemoMain), into a Kafka broker whose events are printed (KafkaDemo); or, in the PostgreSQL mode, into a database
 * {@code replica} of the same embedded PostgreSQL.
 */
public final class DemoEnvironment implements EmbeddedDefault {
    private static final Logger LOG = LoggerFactory.getLogger(DemoEnvironment.class);
    private final AtomicBoolean running = new AtomicBoolean(true);
    private String sourceUrl;
    /** The Kafka mode's broker and consumer; null in the MariaDB mode. */
    private KafkaDemo kafka;
    private volatile Thread workload;

    @Override
    public Map<String, String> start() throws Exception {
        EmbeddedDatabases.stoppedByCaller(); // after the task, in close(): stopped at JVM exit, they would go first
        if ("kafka".equals(System.getProperty(DemoMain.TARGET))) {
            LOG.info("no hanacdc.source.url set: starting the embedded demo (PostgreSQL source, Kafka target)");
            sourceUrl = EmbeddedDatabases.postgresUrl();
            createSampleData();
            kafka = KafkaDemo.start();
            return Map.of("hanacdc.source.url", sourceUrl, "hanacdc.target.url", kafka.targetUrl(), "hanacdc.tables", "shop.*",
                    "hanacdc.task", KafkaDemo.TASK);
        }
        if ("postgres".equals(System.getProperty(DemoMain.TARGET))) {
            LOG.info("no hanacdc.source.url set: starting the embedded demo (PostgreSQL source, PostgreSQL target: database replica)");
            sourceUrl = EmbeddedDatabases.postgresUrl();
            try (Connection c = DriverManager.getConnection(sourceUrl); Statement s = c.createStatement();
                 ResultSet rs = s.executeQuery("SELECT 1 FROM pg_database WHERE datname = 'replica'")) {
                if (!rs.next()) {
                    s.execute("CREATE DATABASE replica");
                }
            }
            createSampleData();
            return Map.of("hanacdc.source.url", sourceUrl, "hanacdc.target.url", sourceUrl.replace("/postgres?", "/replica?"),
                    "hanacdc.tables", "shop.*", "hanacdc.task", "demo");
        }
        LOG.info("no hanacdc.source.url set: starting the embedded demo (PostgreSQL source, MariaDB target)");
        sourceUrl = EmbeddedDatabases.postgresUrl();
        String mariadb = EmbeddedDatabases.mariadbUrl();
        try (Connection c = DriverManager.getConnection(mariadb); Statement s = c.createStatement()) {
            s.execute("CREATE DATABASE IF NOT EXISTS replica CHARACTER SET utf8mb4");
        }
        createSampleData();
        return Map.of(
                "hanacdc.source.url", sourceUrl,
                "hanacdc.target.url", mariadb.replace("/?", "/replica?"),
                "hanacdc.tables", "shop.*",
                "hanacdc.task", "demo");
    }

    private void createSampleData() throws SQLException {
        try (Connection c = DriverManager.getConnection(sourceUrl); Statement s = c.createStatement()) {
            s.execute("CREATE SCHEMA IF NOT EXISTS shop");
            s.execute("CREATE TABLE IF NOT EXISTS shop.customers (id int PRIMARY KEY, name text NOT NULL, email varchar(200),"
                    + " created_at timestamptz NOT NULL DEFAULT now())");
            s.execute("CREATE TABLE IF NOT EXISTS shop.orders (id bigint PRIMARY KEY, customer_id int NOT NULL,"
                    + " total numeric(12,2) NOT NULL, status varchar(20) NOT NULL, updated_at timestamp(3) NOT NULL DEFAULT now())");
            s.execute("CREATE TABLE IF NOT EXISTS shop.\"Order Lines\" (order_id bigint, line_no int, product text, qty int,"
                    + " PRIMARY KEY (order_id, line_no))");
            s.execute("INSERT INTO shop.customers (id, name, email) SELECT g, 'Customer ' || g, 'c' || g || '@example.com'"
                    + " FROM generate_series(1, 2000) g ON CONFLICT DO NOTHING");
            s.execute("INSERT INTO shop.orders (id, customer_id, total, status) SELECT g, 1 + g % 2000, (g % 997) * 1.25, 'NEW'"
                    + " FROM generate_series(1, 20000) g ON CONFLICT DO NOTHING");
            s.execute("INSERT INTO shop.\"Order Lines\" SELECT o, l, 'Product ' || (o * l % 113), 1 + l"
                    + " FROM generate_series(1, 20000) o, generate_series(1, 3) l ON CONFLICT DO NOTHING");
        }
    }

    @Override
    public void taskStarted() {
        if (kafka != null) {
            kafka.taskStarted(sourceUrl);
            return;
        }
        Thread t = new Thread(this::workload, "demo-workload");
        t.setDaemon(true);
        t.start();
        workload = t;
        LOG.info("demo workload started: about 20 transactions a second on shop.*; press Ctrl+C to stop");
    }

    private void workload() {
        Random rnd = new Random();
        long nextOrder = 1_000_000;
        try (Connection c = DriverManager.getConnection(sourceUrl); Statement s = c.createStatement()) {
            c.setAutoCommit(false);
            while (running.get()) {
                long order = nextOrder++;
                int customer = 1 + rnd.nextInt(2000);
                s.execute("INSERT INTO shop.orders (id, customer_id, total, status) VALUES (" + order + ", " + customer + ", "
                        + rnd.nextInt(100_000) / 100.0 + ", 'NEW')");
                s.execute("INSERT INTO shop.\"Order Lines\" VALUES (" + order + ", 1, 'Product " + rnd.nextInt(113) + "', 1)");
                s.execute("UPDATE shop.orders SET status = 'SHIPPED', updated_at = now() WHERE id = " + (1 + rnd.nextInt(20_000)));
                s.execute("UPDATE shop.customers SET email = 'c" + customer + "+" + rnd.nextInt(100) + "@example.com' WHERE id = " + customer);
                if (rnd.nextInt(5) == 0) {
                    s.execute("DELETE FROM shop.\"Order Lines\" WHERE order_id = " + (1 + rnd.nextInt(20_000)));
                }
                if (rnd.nextInt(10) == 0) {
                    c.rollback();
                } else {
                    c.commit();
                }
                Thread.sleep(50);
            }
        } catch (SQLException e) {
            LOG.warn("demo workload ended: {}", e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Called once the task has stopped (Ctrl+C): the workload, then the broker, then the databases, in that order. */
    @Override
    public void close() {
        running.set(false);
        try {
            Thread t = workload;
            if (t != null) {
                t.join(5_000);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        if (kafka != null) {
            kafka.close();
        }
        EmbeddedDatabases.stop();
    }
}
