package io.hanacdc.sink.kafka;

import io.hanacdc.common.CdcException;
import io.hanacdc.config.TargetNames;
import io.hanacdc.schema.TableId;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Topic names: {@code <prefix>.<schema>.<table>}, where the schema part is the database hanacdc.target.database-map
 * maps the schema to (else the schema) and the table part hanacdc.target.table-name's template (default the
 * table), as for a table target; each part escaped so that any name gives a topic
 * name Kafka allows ({@code [a-zA-Z0-9._-]}, at most 249 characters) and no two names give the same one:
 * letters, digits and '_' stay, every other character becomes '-' and two hex digits per UTF-8 byte
 * ({@code Order Items} → {@code Order-20Items}, {@code a.b} → {@code a-2Eb}, {@code x-y} → {@code x-2Dy}).
 * Kafka also refuses a topic whose name differs from an existing one's only in '.' against '_' (their
 * metric names would be one): tables whose topics would, and names too long, are refused at start.
 */
final class TopicNames {
    private static final int MAX_LENGTH = 249;
    private static final char[] HEX = "0123456789ABCDEF".toCharArray();
    private final String prefix;
    private final TargetNames naming;

    TopicNames(String prefix, TargetNames naming) {
        this.prefix = prefix;
        this.naming = naming;
    }

    static String escape(String name) {
        StringBuilder out = new StringBuilder(name.length());
        for (byte b : name.getBytes(StandardCharsets.UTF_8)) {
            char c = (char) (b & 0xFF);
            if (c < 0x80 && (Character.isLetterOrDigit(c) || c == '_')) {
                out.append(c);
            } else {
                out.append('-').append(HEX[(b >> 4) & 0xF]).append(HEX[b & 0xF]);
            }
        }
        return out.toString();
    }

    String topic(TableId id) {
        return prefix + "." + escape(naming.database(id).orElse(id.schema())) + "." + escape(naming.tableName(id));
    }

    /** The topic of each table's column list per capture version (ColumnListRecords). */
    String schemaChanges() {
        return prefix + ".schema-changes";
    }

    /** The compacted topic of the task's positions, keyed by table. */
    String positions() {
        return prefix + ".hanacdc-positions";
    }

    /** The transactional id of a task's table: one producer at a time writes the table's events and position. */
    String transactionalId(String task, TableId id) {
        return "hanacdc." + prefix + "." + escape(task) + "." + escape(id.schema()) + "." + escape(id.name());
    }

    /** Refuses tables whose topic name is too long, or collides with another's as Kafka compares them. */
    void check(List<TableId> tables) {
        Map<String, TableId> seen = new HashMap<>();
        for (TableId id : tables) {
            String topic = topic(id);
            if (topic.length() > MAX_LENGTH) {
                throw new CdcException("table " + id + ": its topic name " + topic + " is longer than the " + MAX_LENGTH
                        + " characters Kafka allows: set a shorter hanacdc.kafka.topic-prefix");
            }
            TableId other = seen.putIfAbsent(topic.replace('.', '_'), id);
            if (other != null && topic(other).equals(topic)) {
                throw new CdcException("tables " + other + " and " + id + " would both write to topic " + topic + ": give them distinct"
                        + " names with hanacdc.target.table-name (e.g. ${schema}_${table}) or hanacdc.target.database-map");
            }
            if (other != null) {
                throw new CdcException("tables " + other + " and " + id + " would write to topics that differ only in '.' against '_' ("
                        + topic(other) + ", " + topic + "), which Kafka refuses: replicate one of them in a task with another"
                        + " hanacdc.kafka.topic-prefix");
            }
        }
    }
}
