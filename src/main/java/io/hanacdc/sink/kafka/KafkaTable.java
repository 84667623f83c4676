package io.hanacdc.sink.kafka;

import io.hanacdc.schema.SourceTable;
import io.hanacdc.stream.ChangeSet;
import io.hanacdc.sink.TargetSession;
import io.hanacdc.sink.TargetTable;
import java.sql.SQLException;
import java.util.List;

/**
 * The topic of one source table in the shape of one capture version: created when missing, written with one
 * event per change (EventRecords), the version's column list on the schema-changes topic with its first events.
 */
final class KafkaTable implements TargetTable {
    private final String topic;
    private final SourceTable source;
    private final int captureVersion;
    private final KafkaTarget target;
    /** This process wrote the version's column list (ColumnListRecords). */
    private volatile boolean announced;

    /** Named by TopicNames, the one place topic names are made. */
    KafkaTable(String topic, SourceTable source, int captureVersion, KafkaTarget target) {
        this.topic = topic;
        this.source = source;
        this.captureVersion = captureVersion;
        this.target = target;
    }

    @Override
    public String qualifiedName() {
        return topic;
    }

    @Override
    public SourceTable source() {
        return source;
    }

    /** Creates the topic when missing (true); an existing one is taken as it is, whatever its partitions, unless compacted. */
    @Override
    public boolean ensure(TargetSession s) {
        boolean created = target.createTopic(topic, false);
        if (!created) {
            target.refuseCompacted(topic);
        }
        return created;
    }

    /** In the session's open transaction (see KafkaTarget#commit). */
    @Override
    public void apply(TargetSession s, ChangeSet changes) {
        KafkaSession session = KafkaSession.of(s);
        if (!announced && captureVersion > 0) {
            session.send(List.of(target.columnLists().record(source, captureVersion, topic)));
            session.onCommit(() -> announced = true);
        }
        session.send(target.events().records(topic, source, captureVersion, changes.events(), () -> session.partitions(topic)));
    }

    @Override
    public List<Object[]> keys(TargetSession s) throws SQLException {
        throw KafkaTarget.notYet("reading the keys of a topic (check's scratch tables)");
    }
}
