package io.hanacdc.sink.kafka;

import io.hanacdc.schema.TableId;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * The tables' transactional producers between their sessions. Opening one costs a new client, initTransactions
 * and a read of the positions — about 130 ms, paid at every turn of a stream slot (half a second) and at every poll
 * of a quiet table while each session opened its own: a fifth of a backlog's drain time and most of the latency at
 * 1k rows/s (bench/README.md, "Kafka target"). A producer kept here is still the table's until another is opened
 * under its transactional.id, in this process or another; then the broker fences it, its next transaction fails
 * with nothing written, and the session closes it (KafkaSession). At most {@link #IDLE} are kept, the least
 * recently used closed first, so a task of many tables holds no more clients than its busiest ones need.
 */
final class ProducerPool implements AutoCloseable {
    static final int IDLE = 16;
    private final Function<TableId, TableProducer> open;
    private final Map<TableId, TableProducer> idle = new LinkedHashMap<>();
    private boolean closed;

    ProducerPool(Function<TableId, TableProducer> open) {
        this.open = open;
    }

    /** The table's idle producer, else a new one (which fences any other of the table). */
    TableProducer take(TableId table) {
        TableProducer p;
        synchronized (this) {
            p = idle.remove(table);
        }
        return p != null ? p : open.apply(table);
    }

    /** Keeps a producer whose last transaction ended (committed or aborted) for the table's next session. */
    void give(TableProducer p) {
        List<TableProducer> surplus = new ArrayList<>();
        synchronized (this) {
            if (closed) {
                surplus.add(p);
            } else {
                TableProducer other = idle.put(p.table(), p);
                if (other != null) {
                    surplus.add(other);
                }
                for (Iterator<TableProducer> eldest = idle.values().iterator(); idle.size() > IDLE; ) {
                    surplus.add(eldest.next());
                    eldest.remove();
                }
            }
        }
        surplus.forEach(KafkaSession::closeQuietly);
    }

    @Override
    public void close() {
        List<TableProducer> all;
        synchronized (this) {
            closed = true;
            all = new ArrayList<>(idle.values());
            idle.clear();
        }
        all.forEach(KafkaSession::closeQuietly);
    }
}
