package io.hanacdc.sink.kafka;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hanacdc.checkpoint.Position;
import io.hanacdc.checkpoint.StalePositionException;
import io.hanacdc.config.CdcConfig;
import io.hanacdc.schema.ColumnType;
import io.hanacdc.schema.SourceColumn;
import io.hanacdc.schema.SourceTable;
import io.hanacdc.schema.TableId;
import io.hanacdc.stream.ChangeSet;
import io.hanacdc.sink.Target;
import io.hanacdc.sink.TargetSession;
import io.hanacdc.sink.TargetTable;
import io.hanacdc.watermark.StreamRange;
import io.hanacdc.watermark.Watermark;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * Positions on a real broker: stored with the events they cover in one transaction, read back as committed,
 * compared-and-set on their version, and a producer of the table opened elsewhere fences this one, whose
 * transaction then fails as stale and leaves nothing a read_committed consumer sees.
 */
class KafkaPositionsTest extends KafkaTaskSuite {
    private static final TableId ID = new TableId("s", "t");
    private static final SourceTable TABLE = new SourceTable(ID, List.of(new SourceColumn("id", "int", ColumnType.of(ColumnType.Kind.INTEGER), false)),
            List.of("id"));

    private static Target open(String task) {
        Map<String, String> props = Map.of("hanacdc.task", task, "hanacdc.source.url", "jdbc:postgresql://h/erp", "hanacdc.tables", "s.t",
                "hanacdc.target.url", broker.url());
        return KafkaTarget.open(CdcConfig.load(k -> Optional.ofNullable(props.get(k))));
    }

    private static Target.Work insert(TargetTable table, int id) {
        return s -> table.apply(s, ChangeSet.snapshot(List.<Object[]>of(new Object[] {id}), new int[] {0}));
    }

    @Test
    void storedWithTheirEventsComparedOnVersionAndAFencedWriterChangesNothing() throws Exception {
        try (Target target = open("pos"); Target other = open("pos")) {
            TargetTable table = target.tables(List.of(TABLE)).get(0);
            Position start = Position.startSnapshot(ID, StreamRange.at(new Watermark(10, new long[0])), 1);
            try (TargetSession a = target.session()) {
                target.positions().ensure(a);
                assertTrue(table.ensure(a));
                assertEquals(Optional.empty(), target.positions().load(a, ID));
                Position stored = target.commit(a, insert(table, 1), start);
                assertEquals(1, stored.revision());
                assertEquals(Optional.of(stored), other.positions().load(a, ID), "read back as committed, by another process too");
                assertThrows(StalePositionException.class, () -> target.positions().save(a, start), "saved over a version no longer stored");

                try (TargetSession b = other.session()) { // another process takes the table over: a's producer is fenced
                    assertEquals(2, other.commit(b, insert(table, 2), stored).revision());
                }
                assertThrows(StalePositionException.class, () -> target.commit(a, insert(table, 3), stored));
            }
            List<String> ops = TopicReader.read(broker.bootstrapServers(), "pos.s.t").stream().map(e -> e.key().toString()).toList();
            assertEquals(List.of("{\"id\":1}", "{\"id\":2}"), ops, "the fenced transaction's event is not seen");
            try (TargetSession c = target.session()) {
                Position now = target.positions().load(c, ID).orElseThrow();
                assertEquals(2, now.revision());
                assertEquals(List.of(now), target.positions().list(c));
                assertTrue(target.positions().delete(c, ID));
                assertFalse(target.positions().delete(c, ID));
                assertEquals(Optional.empty(), other.positions().load(c, ID));
            }
        }
    }

    /**
     * A process whose producer was kept while another process wrote the table (an owner gone and back): once it reloads
     * the position, its next commit after at most one stale refusal goes through, instead of being refused for ever.
     */
    @Test
    void aKeptProducerOfATableWrittenElsewhereGivesWayToANewOne() throws Exception {
        try (Target target = open("back"); Target other = open("back")) {
            TargetTable table = target.tables(List.of(TABLE)).get(0);
            Position stored;
            try (TargetSession a = target.session()) {
                target.positions().ensure(a);
                table.ensure(a);
                stored = target.commit(a, insert(table, 1), Position.startSnapshot(ID, StreamRange.at(new Watermark(10, new long[0])), 1));
            } // a's producer is kept for the table's next session
            try (TargetSession b = other.session()) {
                stored = other.commit(b, insert(table, 2), stored);
                stored = other.commit(b, insert(table, 3), stored);
            }
            try (TargetSession a = target.session()) {
                Position reloaded = target.positions().load(a, ID).orElseThrow();
                assertEquals(stored, reloaded);
                assertThrows(StalePositionException.class, () -> target.commit(a, insert(table, 4), reloaded));
                assertEquals(4, target.commit(a, insert(table, 4), reloaded).revision(), "a new producer takes the table over");
            }
        }
    }

    @Test
    void positionsOfAnotherTaskSharingThePrefixAreNotThisTasks() throws Exception {
        Map<String, String> props = Map.of("hanacdc.task", "other", "hanacdc.source.url", "jdbc:postgresql://h/erp", "hanacdc.tables", "s.t",
                "hanacdc.target.url", broker.url(), "hanacdc.kafka.topic-prefix", "shared");
        Map<String, String> mine = new java.util.HashMap<>(props);
        mine.put("hanacdc.task", "mine");
        try (Target a = KafkaTarget.open(CdcConfig.load(k -> Optional.ofNullable(props.get(k))));
             Target b = KafkaTarget.open(CdcConfig.load(k -> Optional.ofNullable(mine.get(k))));
             TargetSession s = a.session(); TargetSession t = b.session()) {
            a.positions().ensure(s);
            a.positions().save(s, Position.startSnapshot(ID, StreamRange.at(new Watermark(10, new long[0])), 1));
            assertEquals(Optional.empty(), b.positions().load(t, ID));
            assertEquals(1, b.positions().save(t, Position.startSnapshot(ID, StreamRange.at(new Watermark(20, new long[0])), 1)).revision());
            assertEquals(10, a.positions().load(s, ID).orElseThrow().range().base().high());
        }
    }
}
