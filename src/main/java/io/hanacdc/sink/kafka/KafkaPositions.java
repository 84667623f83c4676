package io.hanacdc.sink.kafka;

import io.hanacdc.checkpoint.Position;
import io.hanacdc.schema.TableId;
import io.hanacdc.sink.Positions;
import io.hanacdc.sink.Target;
import io.hanacdc.sink.TargetSession;
import java.sql.SQLException;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import org.apache.kafka.clients.producer.ProducerRecord;

/**
 * The task's positions in a compacted topic, keyed by table, read back as committed (PositionsReader). A
 * position is written in a transaction of its table's producer, with the events it covers when there are
 * any ({@link #commit}); the version it was read as must still be the stored one (TableProducer), which is
 * the compare-and-set the {@link Positions} contract asks for.
 */
final class KafkaPositions implements Positions {
    private final String topic;
    private final PositionCodec codec;
    private final PositionsReader reader;
    private final KafkaTarget target;

    KafkaPositions(String topic, PositionCodec codec, PositionsReader reader, KafkaTarget target) {
        this.topic = topic;
        this.codec = codec;
        this.reader = reader;
        this.target = target;
    }

    @Override
    public void ensure(TargetSession s) {
        target.createTopic(topic, true);
    }

    @Override
    public Optional<Position> load(TargetSession s, TableId table) {
        return Optional.ofNullable(reader.read().get(table));
    }

    @Override
    public List<Position> list(TargetSession s) {
        return reader.read().values().stream().sorted(Comparator.comparing(Position::table)).toList();
    }

    @Override
    public Position save(TargetSession s, Position p) throws SQLException {
        return commit(s, t -> {}, p);
    }

    /** The work's events and the position in one transaction; returns the position as stored. */
    Position commit(TargetSession s, Target.Work work, Position p) throws SQLException {
        Position stored = p.stored(p.revision() + 1);
        KafkaSession.of(s).transaction(p.table(), p.revision(), work, new ProducerRecord<>(topic, 0, codec.key(p.table()), codec.value(stored)),
                stored.revision());
        return stored;
    }

    @Override
    public boolean delete(TargetSession s, TableId table) throws SQLException {
        Optional<Position> stored = load(s, table);
        if (stored.isEmpty()) {
            return false;
        }
        KafkaSession.of(s).transaction(table, stored.get().revision(), t -> {}, new ProducerRecord<>(topic, 0, codec.key(table), null), 0);
        return true;
    }

    @Override
    public int deleteTask(TargetSession s) throws SQLException {
        List<Position> all = list(s);
        for (Position p : all) {
            delete(s, p.table());
        }
        return all.size();
    }
}
