package io.hanacdc.target.kafka;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.hanacdc.pipeline.CdcTask;
import io.hanacdc.pipeline.TableWorker;
import io.hanacdc.testing.Pipeline;
import io.hanacdc.testing.TestDatabases;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * Debezium's own consumer is the judge of Debezium compatibility: Kafka Connect (standalone, in this JVM) runs
 * Debezium's JDBC sink connector, with Connect's JsonConverter and schemas, on the topics a task writes from
 * PostgreSQL with hanacdc.kafka.schemas=true, into a fresh MariaDB database. Through the initial load, every
 * DML kind, a key change, a truncate and columns added with defaults (NOT NULL too), the sink's table ends equal
 * to the source's in every column, with the column types the sink creates for Debezium's PostgreSQL connector.
 */
class KafkaConnectSinkTest extends KafkaTaskSuite {
    private static final String COLUMNS = "id, name, amount, qty, ratio, flag, day, at, note";
    private static final Pattern USER = Pattern.compile("[?&]user=([^&]*)");

    @Test
    void debeziumsJdbcSinkKeepsAMariadbTableEqualToTheSource() throws Exception {
        String pg = TestDatabases.freshPostgres("connect");
        String maria = TestDatabases.freshMysql("connect");
        Pipeline.exec(pg, "CREATE TABLE orders (id int PRIMARY KEY, name varchar(40) NOT NULL, amount numeric(12,2), qty bigint,"
                        + " ratio double precision, flag boolean, day date, at timestamp(6), note text)",
                "INSERT INTO orders SELECT g, 'order ' || g, g * 1.25, g::bigint * 1000000000, g / 3.0, g % 2 = 0, DATE '2024-01-01' + g,"
                        + " TIMESTAMP '2024-01-01 00:00:00.123456' + g * INTERVAL '1 hour', CASE WHEN g % 5 = 0 THEN NULL ELSE 'n' || g END"
                        + " FROM generate_series(1, 40) g");
        Map<String, String> settings = settings(pg, "sink", "public.orders");
        settings.put("hanacdc.kafka.schemas", "true");
        // the sink then creates varchar(n) rather than longtext, to which MySQL and MariaDB give no default
        settings.put("hanacdc.kafka.column.propagate.source.type", "public\\.orders\\..*");
        CdcTask task = start(settings);
        try (ConnectWorker connect = ConnectWorker.start(broker.bootstrapServers())) {
            tickUntil("sink.public.orders", e -> e.size() == 40, task);
            connect.add("jdbc-sink", sink(maria, "sink\\.public\\..*"));
            awaitEqual(task, connect, pg, maria, COLUMNS);

            Pipeline.exec(pg, "INSERT INTO orders VALUES (100, 'new', 99.99, -1, 0.5, true, '1999-12-31', '1999-12-31 23:59:59.999999', 'x')",
                    "UPDATE orders SET amount = NULL, note = 'changed', flag = NULL WHERE id = 2",
                    "DELETE FROM orders WHERE id IN (3, 4)");
            awaitEqual(task, connect, pg, maria, COLUMNS);

            Pipeline.exec(pg, "UPDATE orders SET id = 1000 WHERE id = 6");
            List<TopicReader.Event> events = tickUntil("sink.public.orders", e -> e.get(e.size() - 1).key().toString().contains("1000"), task);
            assertEquals(List.of("d", "tombstone", "c"), ops(events.subList(events.size() - 3, events.size())), "a key change as Debezium writes it");
            awaitEqual(task, connect, pg, maria, COLUMNS);

            Pipeline.exec(pg, "TRUNCATE orders");
            awaitEqual(task, connect, pg, maria, COLUMNS);
            Pipeline.exec(pg, "INSERT INTO orders SELECT g, 'again ' || g, g, g, g, true, DATE '2030-06-30', TIMESTAMP '2030-06-30 12:00:00', NULL"
                    + " FROM generate_series(1, 10) g");
            awaitEqual(task, connect, pg, maria, COLUMNS);

            Pipeline.exec(pg, "ALTER TABLE orders ADD COLUMN c integer DEFAULT 42",
                    "ALTER TABLE orders ADD COLUMN status varchar(12) NOT NULL DEFAULT 'open'");
            task.checkSchemas();
            Pipeline.exec(pg, "INSERT INTO orders VALUES (200, 'late', 1, 1, 1, false, '2024-02-29', '2024-02-29 00:00:00', 'y', NULL, 'closed')",
                    "UPDATE orders SET c = 7 WHERE id = 1");
            awaitEqual(task, connect, pg, maria, COLUMNS + ", c, status");
            assertEquals("id int(11), name varchar(40), amount decimal(12,2), qty bigint(20), ratio double, flag tinyint(1), day date,"
                    + " at datetime(6), note longtext, c int(11), status varchar(12)", columnTypes(maria, "orders"));
        } finally {
            task.close();
        }
    }

    /** Debezium's JDBC sink into a MariaDB database, as its documentation configures it for upserts, deletes and schema evolution. */
    static Map<String, String> sink(String maria, String topicsRegex) {
        Map<String, String> c = new LinkedHashMap<>();
        c.put("connector.class", "io.debezium.connector.jdbc.JdbcSinkConnector");
        c.put("tasks.max", "1");
        c.put("topics.regex", topicsRegex);
        c.put("key.converter", "org.apache.kafka.connect.json.JsonConverter");
        c.put("value.converter", "org.apache.kafka.connect.json.JsonConverter");
        c.put("key.converter.schemas.enable", "true");
        c.put("value.converter.schemas.enable", "true");
        // else JsonConverter reads a null as the field's default: a NULL inserted into a column with DEFAULT 42 would be 42
        c.put("value.converter.replace.null.with.default", "false");
        c.put("connection.url", maria.replace("jdbc:mysql:", "jdbc:mariadb:"));
        Matcher user = USER.matcher(maria);
        c.put("connection.username", user.find() ? user.group(1) : "root");
        c.put("connection.password", "");
        c.put("insert.mode", "upsert");
        c.put("delete.enabled", "true");
        c.put("truncate.enabled", "true");
        c.put("primary.key.mode", "record_key");
        c.put("schema.evolution", "basic");
        c.put("collection.name.format", "${source.table}");
        return c;
    }

    /** Ticks the task until the sink's table holds what the source's does (the sink consumes on its own). */
    static void awaitEqual(CdcTask task, ConnectWorker connect, String pg, String maria, String columns) throws Exception {
        String query = "SELECT " + columns + " FROM orders ORDER BY id";
        long deadline = System.currentTimeMillis() + 60_000;
        while (true) {
            task.workers().forEach(TableWorker::poll);
            connect.assertRunning("jdbc-sink");
            List<String> source = Pipeline.rows(pg, query);
            List<String> sink;
            try {
                sink = Pipeline.rows(maria, query);
            } catch (java.sql.SQLException e) { // the table, or a column, not created yet
                sink = List.of(e.getMessage());
            }
            if (source.equals(sink)) {
                return;
            }
            if (System.currentTimeMillis() > deadline) {
                assertEquals(source, sink, "the sink's table, types " + columnTypes(maria, "orders"));
            }
            Thread.sleep(200);
        }
    }

    /** The sink table's columns as "name type, …", in their order. */
    static String columnTypes(String maria, String table) throws Exception {
        return String.join(", ", Pipeline.rows(maria, "SELECT CONCAT(column_name, ' ', column_type) FROM information_schema.columns"
                + " WHERE table_schema = DATABASE() AND table_name = '" + table + "' ORDER BY ordinal_position"));
    }
}
