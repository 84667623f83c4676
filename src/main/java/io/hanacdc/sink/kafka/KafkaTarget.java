package io.hanacdc.sink.kafka;

import io.hanacdc.checkpoint.Position;
import io.hanacdc.common.CdcException;
import io.hanacdc.config.CdcConfig;
import io.hanacdc.config.TargetNames;
import io.hanacdc.schema.ColumnType;
import io.hanacdc.schema.SchemaDiff;
import io.hanacdc.schema.SourceColumn;
import io.hanacdc.schema.SourceTable;
import io.hanacdc.schema.TableId;
import io.hanacdc.stream.ChangeSet;
import io.hanacdc.sink.NotSupportedByTarget;
import io.hanacdc.sink.Positions;
import io.hanacdc.sink.Target;
import io.hanacdc.sink.TargetRows;
import io.hanacdc.sink.TargetSession;
import io.hanacdc.sink.TargetTable;
import java.sql.SQLException;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.Config;
import org.apache.kafka.clients.admin.ConfigEntry;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.KafkaFuture;
import org.apache.kafka.common.config.ConfigResource;
import org.apache.kafka.common.config.TopicConfig;
import org.apache.kafka.common.errors.TopicExistsException;

/**
 * A Kafka target: a topic per source table (TopicNames), one event per change in Debezium's envelope
 * (EventRecords), and the task's positions in a compacted topic (KafkaPositions), each batch's events and
 * its position in one producer transaction.
 *
 * <p>Written with the plain Kafka client, not Camel's camel-kafka component: exactly-once here needs one
 * producer transaction spanning a batch's events on the table's topic and its position record on another,
 * under a transactional.id of the table's own (so the broker fences a stale owner), a producer per table kept
 * between its turns (ProducerPool), and the position read back after the fence. camel-kafka's transacted
 * producer is one per endpoint with a transaction per exchange, which fits none of these.
 */
public final class KafkaTarget implements Target {
    private static final int TIMEOUT_S = 30;
    private static final Pattern DATABASE_NAME = Pattern.compile("(?i)[?&;]databaseName=([^&;]*)");
    private static final Pattern DATABASE_PATH = Pattern.compile("^[a-z:]+//[^/?]*/([^?;/]+)");
    private final KafkaSettings settings;
    private final String task;
    private final TopicNames names;
    private final Admin admin;
    private final PositionsReader reader;
    private final KafkaPositions positions;
    private final EventRecords events;
    private final ColumnListRecords columnLists;
    private final ProducerPool producers;

    private KafkaTarget(KafkaSettings settings, String task, String sourceDatabase, TargetNames naming) {
        this.settings = settings;
        this.task = task;
        this.names = new TopicNames(settings.topicPrefix(), naming);
        this.admin = Admin.create(settings.admin());
        try {
            describeCluster();
            PositionCodec codec = new PositionCodec(task);
            this.reader = new PositionsReader(admin, settings, names.positions(), codec);
            this.positions = new KafkaPositions(names.positions(), codec, reader, this);
        } catch (RuntimeException e) {
            admin.close();
            throw e;
        }
        this.events = new EventRecords(task, sourceDatabase, settings.tombstones(), settings.schemas(), settings.types());
        this.columnLists = new ColumnListRecords(names.schemaChanges(), task, sourceDatabase);
        this.producers = new ProducerPool(this::openProducer);
    }

    static KafkaTarget open(CdcConfig cfg) {
        return new KafkaTarget(KafkaSettings.load(cfg), cfg.task(), sourceDatabase(cfg.source().url()), cfg.targetNames());
    }

    /** The database a JDBC URL names ({@code databaseName=} or its path), for {@code source.db}; null when it names none. */
    static String sourceDatabase(String url) {
        Matcher named = DATABASE_NAME.matcher(url);
        if (named.find()) {
            return named.group(1);
        }
        Matcher path = DATABASE_PATH.matcher(url);
        return path.find() ? path.group(1) : null;
    }

    /** The CdcException of something this target cannot do yet. */
    static NotSupportedByTarget notYet(String what) {
        return new NotSupportedByTarget(what, "Kafka");
    }

    EventRecords events() {
        return events;
    }

    ColumnListRecords columnLists() {
        return columnLists;
    }

    @Override
    public TargetSession session() {
        return new KafkaSession(producers);
    }

    private TableProducer openProducer(TableId table) {
        try {
            return new TableProducer(table, settings.producer(names.transactionalId(task, table)), reader);
        } catch (KafkaException e) {
            throw new CdcException("table " + table + ": no transactional producer could be opened on Kafka at "
                    + settings.bootstrapServers() + ": " + e.getMessage(), e);
        }
    }

    @Override
    public void ping() {
        describeCluster();
    }

    private void describeCluster() {
        await("Kafka at " + settings.bootstrapServers() + " cannot be reached", admin.describeCluster().clusterId());
    }

    /** Creates a table's topic when missing (true), with the partitions configured. */
    boolean createTopic(String topic, boolean positions) {
        return positions ? createTopic(topic, 1, Map.of(TopicConfig.CLEANUP_POLICY_CONFIG, TopicConfig.CLEANUP_POLICY_COMPACT))
                : createTopic(topic, settings.partitions(), Map.of());
    }

    private boolean createTopic(String topic, int partitions, Map<String, String> configs) {
        NewTopic t = new NewTopic(topic, Optional.of(partitions), settings.replicationFactor()).configs(configs);
        try {
            await("topic " + topic + " could not be created", admin.createTopics(List.of(t)).all());
            return true;
        } catch (CdcException e) {
            if (e.getCause() instanceof TopicExistsException) {
                return false;
            }
            throw e;
        }
    }

    /**
     * A table's topic must take keyless records: a truncate event has no key (Debezium's neither), and a compacted
     * topic refuses those, so a truncate, a re-created source table or rows found vanished could never be written.
     */
    void refuseCompacted(String topic) {
        ConfigResource resource = new ConfigResource(ConfigResource.Type.TOPIC, topic);
        Config config = await("topic " + topic + " could not be described", admin.describeConfigs(List.of(resource)).values().get(resource));
        ConfigEntry policy = config.get(TopicConfig.CLEANUP_POLICY_CONFIG);
        if (policy != null && policy.value() != null && policy.value().contains(TopicConfig.CLEANUP_POLICY_COMPACT)) {
            throw new CdcException("topic " + topic + " is compacted (cleanup.policy=" + policy.value() + "): a truncate event has no key,"
                    + " which a compacted topic refuses. Give the table's topic cleanup.policy=delete (retention as you need);"
                    + " a consumer that keeps the last state per key reads the tombstones and truncates from it");
        }
    }

    /** The future's value; a failure, a timeout or an interrupt as a CdcException saying {@code failure} and why. */
    static <T> T await(String failure, KafkaFuture<T> future) {
        try {
            return future.get(TIMEOUT_S, TimeUnit.SECONDS);
        } catch (ExecutionException e) {
            throw new CdcException(failure + ": " + e.getCause().getMessage(), e.getCause());
        } catch (TimeoutException e) {
            throw new CdcException(failure + ": no answer within " + TIMEOUT_S + " s", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new CdcException(failure + ": interrupted", e);
        }
    }

    @Override
    public Positions positions() {
        return positions;
    }

    @Override
    public TargetTable table(SourceTable shape, int captureVersion) {
        return new KafkaTable(names.topic(shape.id()), shape, captureVersion, this);
    }

    /** Also creates the schema-changes topic: one partition, so its order is the order written; kept, not compacted. */
    @Override
    public List<TargetTable> tables(List<SourceTable> shapes) {
        names.check(shapes.stream().map(SourceTable::id).toList());
        createTopic(columnLists.topic(), 1, Map.of(TopicConfig.RETENTION_MS_CONFIG, "-1"));
        return shapes.stream().map(this::table).toList();
    }

    @Override
    public String describe(TableId table) {
        return names.topic(table);
    }

    @Override
    public boolean keepsEveryChange() {
        return true;
    }

    @Override
    public Position commit(TargetSession s, Work work, Position position) throws SQLException {
        return positions.commit(s, work, position);
    }

    /** A topic's change is records too: they and the position go in one transaction, over the revision {@code before} holds. */
    @Override
    public Position fenced(TargetSession s, String what, Position before, Work change, Position after) throws SQLException {
        return positions.commit(s, change, after.stored(before.revision()));
    }

    /**
     * The keys the topic holds, counted from its start (keys only, transiently, in passes beyond the memory allowed). Consistent
     * with the position read first: the check runs on the table's thread between batches, and only the producer of the
     * table's owner writes to its topic.
     */
    @Override
    public Counted count(TargetSession s, TargetTable table, TableId id) {
        Optional<Position> position = positions.load(s, id);
        try (TopicState keys = new TopicState(table.qualifiedName(), settings.consumer(), settings.stateMemoryBytes(), true)) {
            return new Counted(position, keys.countAll());
        }
    }

    /** The topic stays; a truncate event tells consumers the rows before it are gone, and the copy that follows brings the new ones. */
    @Override
    public void recreate(TargetSession s, TargetTable table) throws SQLException {
        table.apply(s, ChangeSet.resolved(true, List.of(), List.of(), new int[0]));
    }

    @Override
    public void drop(TargetSession s, TargetTable table) {
        throw notYet("dropping a topic (check's scratch tables)");
    }

    /**
     * The events take the new shape, its column list goes with its first events (KafkaTable). A new primary key keys
     * the events anew: a truncate event first, so consumers forget the rows under their old keys (the table is then
     * copied again, see TargetSchemaChange).
     */
    @Override
    public void alter(TargetSession s, TargetTable from, TargetTable to, SchemaDiff diff, boolean keepDropped) throws SQLException {
        if (diff.keyChanged()) {
            recreate(s, to);
        }
    }

    @Override
    public boolean needsBackfill(SourceColumn added) {
        return false;
    }

    /** Holds the topic's last state per key in memory, in passes beyond the memory allowed (TopicState). */
    @Override
    public TargetRows rows(TargetTable table) {
        return new KafkaRows(table.source(), settings.types(), new TopicState(table.qualifiedName(), settings.consumer(), settings.stateMemoryBytes(), false));
    }

    @Override
    public int decimalScale(ColumnType type) {
        return type.scale();
    }

    /** A Connect float64 carries the IEEE bits. */
    @Override
    public boolean signedZero() {
        return true;
    }

    @Override
    public void close() {
        producers.close();
        reader.close();
        admin.close();
    }
}
