package io.hanacdc.sink.kafka;

import io.hanacdc.checkpoint.StalePositionException;
import io.hanacdc.common.CdcException;
import io.hanacdc.schema.TableId;
import io.hanacdc.sink.Target;
import io.hanacdc.sink.TargetSession;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.errors.InvalidProducerEpochException;
import org.apache.kafka.common.errors.ProducerFencedException;

/**
 * A session on a Kafka target: the transactional producers of the tables it writes, taken from the target's
 * ProducerPool at first use and given back when it closes, but for one whose transaction failed on Kafka's side,
 * which is closed (its state is not worth knowing: the next use opens a new one). Everything a session
 * writes goes through {@link #transaction}: the events and the position record of a table in one producer
 * transaction, visible to read_committed consumers together or not at all.
 */
final class KafkaSession implements TargetSession {
    private final ProducerPool pool;
    private final Map<TableId, TableProducer> producers = new HashMap<>();
    private TableProducer current;
    /** What to do once the open transaction commits. */
    private final List<Runnable> onCommit = new ArrayList<>();

    KafkaSession(ProducerPool pool) {
        this.pool = pool;
    }

    static KafkaSession of(TargetSession s) {
        return (KafkaSession) s;
    }

    /**
     * Runs the work and writes the table's position record (a tombstone deletes it) in one transaction of the
     * table's producer, over the stored version {@code expected}; the record stores version {@code next}.
     *
     * @throws StalePositionException when another process stored the table's position since, or took the table over
     */
    void transaction(TableId table, long expected, Target.Work work, ProducerRecord<byte[], byte[]> position, long next) throws SQLException {
        TableProducer p = producers.computeIfAbsent(table, pool::take);
        if (p.revision() != expected) {
            // The position moved on without this producer (another process had the table meanwhile: this one is fenced),
            // or the caller's is old. Either way the caller reloads; a new producer then fences the other and knows the
            // stored revision. Kept, this one would refuse every reloaded position.
            producers.remove(table);
            closeQuietly(p);
            throw new StalePositionException(table, expected);
        }
        try {
            p.begin();
            current = p;
            work.run(this);
            p.send(position);
            p.commit();
            p.stored(next);
            onCommit.forEach(Runnable::run);
        } catch (SQLException | RuntimeException e) {
            boolean fenced = fenced(e);
            if (!fenced) {
                abortQuietly(p); // at once: an open transaction holding a position record would hold up every positions read
            }
            if (!(e instanceof KafkaException)) {
                throw e;
            }
            producers.remove(table);
            closeQuietly(p);
            if (fenced) {
                throw new StalePositionException(table, expected);
            }
            throw new CdcException("table " + table + ": the Kafka transaction failed, nothing of it is visible: " + e.getMessage(), e);
        } finally {
            current = null;
            onCommit.clear();
        }
    }

    /** Sends in the open transaction (the work of {@link #transaction}). */
    void send(List<ProducerRecord<byte[], byte[]>> records) {
        if (current == null) {
            throw new IllegalStateException("a Kafka target writes only within a transaction (Target.commit)");
        }
        records.forEach(current::send);
    }

    /** Runs the action if and once the open transaction commits. */
    void onCommit(Runnable action) {
        onCommit.add(action);
    }

    int partitions(String topic) {
        return current.partitions(topic);
    }

    /** Another producer of the table was opened since this one: the broker refuses this one's writes. */
    private static boolean fenced(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof ProducerFencedException || t instanceof InvalidProducerEpochException) {
                return true;
            }
        }
        return false;
    }

    private static void abortQuietly(TableProducer p) {
        try {
            p.abort();
        } catch (RuntimeException ignored) {
            // the producer cannot abort (a fatal error): its transaction ends by timeout, or when the table's next producer opens
        }
    }

    static void closeQuietly(TableProducer p) {
        try {
            p.close();
        } catch (RuntimeException ignored) {
            // closing a failed producer: its failure was reported
        }
    }

    @Override
    public void close() {
        producers.values().forEach(pool::give);
        producers.clear();
    }
}
