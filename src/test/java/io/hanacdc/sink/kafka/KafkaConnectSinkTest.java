package io.hanacdc.sink.kafka;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.hanacdc.pipeline.CdcTask;
import io.hanacdc.pipeline.TableWorker;
import io.hanacdc.testing.Pipeline;
import io.hanacdc.testing.TestDatabases;
import java.sql.Connection;
import java.sql.Statement;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Debezium's own consumer is the judge of Debezium compatibility: Kafka Connect (standalone, in this JVM) runs
 * Debezium's JDBC sink connector, with Connect's JsonConverter and schemas, on the topics a task writes from
 * PostgreSQL with hanacdc.kafka.schemas=true, into a fresh MariaDB database and into a fresh PostgreSQL one. Through the initial load, every
 * DML kind, key changes (single and composite), a rolled-back transaction, a truncate, columns added with defaults
 * (NOT NULL too), a dropped column and a widened one, the sink's tables end equal to the source's in every column,
 * with the column types the sink creates for Debezium's PostgreSQL connector. The composite-key table is named
 * by a word MariaDB reserves, as SAP's tables may be.
 */
class KafkaConnectSinkTest extends KafkaTaskSuite {
    private static final String COLUMNS = "id, name, amount, qty, ratio, flag, day, at, note, t, tz, bin, ref, doc";
    private static final String LINES = "order_id, line, qty";
    private static final Pattern USER = Pattern.compile("[?&]user=([^&]*)");

    @ParameterizedTest
    @EnumSource(SinkDatabase.class)
    void debeziumsJdbcSinkKeepsTheTablesEqualToTheSource(SinkDatabase db) throws Exception {
        String pg = TestDatabases.freshPostgres("connect");
        String maria = db.fresh("connect");
        Pipeline.exec(pg, "CREATE TABLE orders (id int PRIMARY KEY, name varchar(40) NOT NULL, amount numeric(12,2), qty bigint,"
                        + " ratio double precision, flag boolean, day date, at timestamp(6), note text, t time(6), tz timestamptz, bin bytea,"
                        + " ref uuid, doc jsonb)",
                "INSERT INTO orders SELECT g, 'order ' || g, g * 1.25, g::bigint * 1000000000, g / 3.0, g % 2 = 0, DATE '2024-01-01' + g,"
                        + " TIMESTAMP '2024-01-01 00:00:00.123456' + g * INTERVAL '1 hour', CASE WHEN g % 5 = 0 THEN NULL ELSE 'n' || g END,"
                        + " TIME '00:00:00.000001' + g * INTERVAL '1 minute', TIMESTAMPTZ '2024-06-30 23:59:59.5+02' + g * INTERVAL '1 day',"
                        + " decode(lpad(to_hex(g), 4, '0'), 'hex'), ('00000000-0000-0000-0000-' || lpad(g::text, 12, '0'))::uuid,"
                        + " ('{\"g\": ' || g || '}')::jsonb"
                        + " FROM generate_series(1, 40) g",
                "CREATE TABLE lines (order_id int, line int, qty int NOT NULL, PRIMARY KEY (order_id, line))",
                "INSERT INTO lines SELECT g / 3, g % 3, g FROM generate_series(1, 12) g");
        String prefix = "into" + db.name().toLowerCase(); // the task's name, its topics' prefix: one per run on the class's broker
        String orders = prefix + ".public.orders";
        Map<String, String> settings = settings(pg, prefix, "public.orders,public.lines");
        settings.put("hanacdc.kafka.schemas", "true");
        // the sink then creates varchar(n) rather than longtext, to which MySQL and MariaDB give no default
        settings.put("hanacdc.kafka.column.propagate.source.type", "public\\.orders\\..*");
        CdcTask task = start(settings);
        try (ConnectWorker connect = ConnectWorker.start(broker.bootstrapServers())) {
            tickUntil(orders, e -> e.size() == 40, task);
            connect.add("jdbc-sink", sink(db, maria, prefix + "\\.public\\..*"));
            awaitEqual(task, connect, "jdbc-sink", db, pg, maria, COLUMNS, "");
            awaitEqual(task, connect, "jdbc-sink", db, pg, maria, "lines", LINES, "");

            Pipeline.exec(pg, "INSERT INTO orders VALUES (100, 'new', 99.99, -1, 0.5, true, '1999-12-31', '1999-12-31 23:59:59.999999', 'x',"
                            + " '23:59:59.999999', '1999-12-31 23:59:59.999999+00', '\\x00ff', '123e4567-e89b-12d3-a456-426614174000', '[1, \"x\"]')",
                    "UPDATE orders SET amount = NULL, note = 'changed', flag = NULL WHERE id = 2",
                    "DELETE FROM orders WHERE id IN (3, 4)");
            awaitEqual(task, connect, "jdbc-sink", db, pg, maria, COLUMNS, "");

            Pipeline.exec(pg, "UPDATE orders SET id = 1000 WHERE id = 6");
            List<TopicReader.Event> events = tickUntil(orders, e -> e.get(e.size() - 1).key().toString().contains("1000"), task);
            assertEquals(List.of("d", "tombstone", "c"), ops(events.subList(events.size() - 3, events.size())), "a key change as Debezium writes it");
            awaitEqual(task, connect, "jdbc-sink", db, pg, maria, COLUMNS, "");

            // a composite key's change, and a transaction rolled back, which must leave no trace
            Pipeline.exec(pg, "UPDATE lines SET line = 9, qty = -qty WHERE order_id = 1 AND line = 1", "UPDATE lines SET order_id = 7 WHERE order_id = 2");
            try (Connection c = TestDatabases.connect(pg)) {
                c.setAutoCommit(false);
                try (Statement s = c.createStatement()) {
                    s.execute("INSERT INTO lines VALUES (8, 8, 8)");
                    s.execute("DELETE FROM lines WHERE order_id = 3");
                    s.execute("UPDATE orders SET name = 'rolled back' WHERE id = 1");
                }
                c.rollback();
            }
            awaitEqual(task, connect, "jdbc-sink", db, pg, maria, "lines", LINES, "");
            awaitEqual(task, connect, "jdbc-sink", db, pg, maria, COLUMNS, "");

            Pipeline.exec(pg, "TRUNCATE orders");
            awaitEqual(task, connect, "jdbc-sink", db, pg, maria, COLUMNS, "");
            Pipeline.exec(pg, "INSERT INTO orders SELECT g, 'again ' || g, g, g, g, true, DATE '2030-06-30', TIMESTAMP '2030-06-30 12:00:00', NULL,"
                    + " NULL, NULL, NULL, NULL, NULL FROM generate_series(1, 10) g");
            awaitEqual(task, connect, "jdbc-sink", db, pg, maria, COLUMNS, "");

            Pipeline.exec(pg, "ALTER TABLE orders ADD COLUMN c integer DEFAULT 42",
                    "ALTER TABLE orders ADD COLUMN status varchar(12) NOT NULL DEFAULT 'open'");
            task.checkSchemas();
            Pipeline.exec(pg, "INSERT INTO orders VALUES (200, 'late', 1, 1, 1, false, '2024-02-29', '2024-02-29 00:00:00', 'y',"
                            + " NULL, NULL, NULL, NULL, NULL, NULL, 'closed')",
                    "UPDATE orders SET c = 7 WHERE id = 1");
            awaitEqual(task, connect, "jdbc-sink", db, pg, maria, COLUMNS + ", c, status", "");
            assertEquals(db.orderTypes, db.columnTypes(maria, "orders"));

            // The sink adds columns but neither drops one nor changes a column's type (schema evolution "basic"): a dropped
            // column stays on the sink, NULL in new rows; a widened one is widened on the sink by its DBA, before wider values come.
            Pipeline.exec(pg, "ALTER TABLE orders DROP COLUMN note", "ALTER TABLE orders ALTER COLUMN name TYPE varchar(80)");
            Pipeline.exec(maria, db.widenName);
            task.checkSchemas();
            Pipeline.exec(pg, "INSERT INTO orders (id, name, c) VALUES (300, repeat('w', 80), 3)", "UPDATE orders SET name = repeat('v', 61), c = c + 1 WHERE id = 1");
            String kept = COLUMNS.replace(" note,", "") + ", c, status";
            awaitEqual(task, connect, "jdbc-sink", db, pg, maria, kept, "");
            assertEquals(List.of("1"), Pipeline.rows(maria, "SELECT CASE WHEN note IS NULL THEN 1 END FROM orders WHERE id = 300"), "a dropped column is NULL in new rows");

            // Debezium's ExtractNewRecordState flattens the same topics to rows, read from the start into another database.
            // It drops truncate events (as on Debezium's own topics): the rows the TRUNCATE removed stay there.
            String flat = db.fresh("connectflat");
            // its DBA made the table with the widened column; the sink adds the others
            Pipeline.exec(flat, "CREATE TABLE orders (id int PRIMARY KEY, name varchar(80) NOT NULL)");
            Map<String, String> unwrap = sink(db, flat, prefix + "\\.public\\.orders");
            unwrap.put("collection.name.format", "orders");
            unwrap.put("transforms", "unwrap");
            unwrap.put("transforms.unwrap.type", "io.debezium.transforms.ExtractNewRecordState");
            connect.add("flat-sink", unwrap);
            String ids = String.join(", ", Pipeline.rows(pg, "SELECT id FROM orders"));
            awaitEqual(task, connect, "flat-sink", db, pg, flat, kept, " WHERE id IN (" + ids + ")");
            assertEquals(List.of("11", "12"), Pipeline.rows(flat, "SELECT id FROM orders WHERE id BETWEEN 11 AND 12 ORDER BY id"),
                    "rows only the dropped truncate removed");
        } finally {
            task.close();
        }
    }

    /** Debezium's JDBC sink into a database, as its documentation configures it for upserts, deletes and schema evolution. */
    static Map<String, String> sink(SinkDatabase db, String url, String topicsRegex) {
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
        c.put("connection.url", db.sinkUrl(url));
        Matcher user = USER.matcher(url);
        c.put("connection.username", user.find() ? user.group(1) : "root");
        c.put("connection.password", "");
        c.put("insert.mode", "upsert");
        c.put("delete.enabled", "true");
        c.put("truncate.enabled", "true");
        c.put("primary.key.mode", "record_key");
        c.put("schema.evolution", "basic");
        c.put("collection.name.format", "${source.table}");
        // else a table or column named by a word the target reserves (LINES, ORDER) stops the sink with a syntax error
        c.put("quote.identifiers", "true");
        return c;
    }

    static void awaitEqual(CdcTask task, ConnectWorker connect, String connector, SinkDatabase db, String pg, String maria, String columns,
            String sinkRows) throws Exception {
        awaitEqual(task, connect, connector, db, pg, maria, "orders", columns, sinkRows);
    }

    /** Ticks the task until the sink's table (its rows of the filter) holds what the source's does (the sink consumes on its own). */
    static void awaitEqual(CdcTask task, ConnectWorker connect, String connector, SinkDatabase db, String pg, String maria, String table,
            String columns, String sinkRows) throws Exception {
        String query = "SELECT " + columns + " FROM ";
        long deadline = System.currentTimeMillis() + 60_000;
        while (true) {
            task.workers().forEach(TableWorker::poll);
            connect.assertRunning(connector);
            List<String> source = Pipeline.rows(pg, query + table + " ORDER BY " + columns);
            List<String> sink;
            try {
                sink = Pipeline.rows(maria, query + db.quote(table) + sinkRows + " ORDER BY " + columns);
            } catch (java.sql.SQLException e) { // the table, or a column, not created yet
                sink = List.of(e.getMessage());
            }
            if (source.equals(sink)) {
                return;
            }
            if (System.currentTimeMillis() > deadline) {
                assertEquals(source, sink, "the sink's table, types " + db.columnTypes(maria, table));
            }
            Thread.sleep(200);
        }
    }

    /** The databases Debezium's JDBC sink writes into: the sink's column types for the orders table, as it creates them. */
    enum SinkDatabase {
        MARIADB("id int(11), name varchar(40), amount decimal(12,2), qty bigint(20), ratio double, flag tinyint(1), day date, at datetime(6),"
                + " note longtext, t time(6), tz timestamp(6), bin longblob, ref longtext, doc longtext, c int(11), status varchar(12)",
                "ALTER TABLE orders MODIFY name varchar(80) NOT NULL"),
        POSTGRESQL("id integer, name character varying(40), amount numeric(12,2), qty bigint, ratio double precision, flag boolean, day date,"
                + " at timestamp(6) without time zone, note text, t time(6) without time zone, tz timestamp(6) with time zone, bin bytea, ref uuid,"
                + " doc jsonb, c integer, status character varying(12)",
                "ALTER TABLE orders ALTER COLUMN name TYPE varchar(80)");

        final String orderTypes;
        final String widenName;

        SinkDatabase(String orderTypes, String widenName) {
            this.orderTypes = orderTypes;
            this.widenName = widenName;
        }

        String fresh(String hint) throws Exception {
            return this == MARIADB ? TestDatabases.freshMysql(hint) : TestDatabases.freshPostgres(hint);
        }

        /**
         * The sink's connection URL. The sink looks its table up with no database named: with MariaDB's driver,
         * nullDatabaseMeansCurrent keeps a table of that name in another database of the server from counting as found.
         */
        String sinkUrl(String url) {
            if (this == POSTGRESQL) {
                return url;
            }
            String maria = url.replace("jdbc:mysql:", "jdbc:mariadb:");
            return maria + (maria.contains("?") ? "&" : "?") + "nullDatabaseMeansCurrent=true";
        }

        String quote(String table) {
            return this == MARIADB ? "`" + table + "`" : "\"" + table + "\"";
        }

        /** The sink table's columns as "name type, …", in their order. */
        String columnTypes(String url, String table) throws Exception {
            String sql = this == MARIADB
                    ? "SELECT CONCAT(column_name, ' ', column_type) FROM information_schema.columns WHERE table_schema = DATABASE()"
                            + " AND table_name = '" + table + "' ORDER BY ordinal_position"
                    : "SELECT attname || ' ' || format_type(atttypid, atttypmod) FROM pg_attribute WHERE attrelid = '" + table + "'::regclass"
                            + " AND attnum > 0 AND NOT attisdropped ORDER BY attnum";
            return String.join(", ", Pipeline.rows(url, sql));
        }
    }
}
