package io.hanacdc.changes;

import io.hanacdc.common.CdcException;
import io.hanacdc.schema.SourceTable;
import io.hanacdc.schema.TableId;
import io.hanacdc.stream.ChangeHook;
import io.hanacdc.stream.ChangeSet;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.camel.CamelContext;
import org.apache.camel.Endpoint;
import org.apache.camel.ProducerTemplate;
import org.apache.camel.Route;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A table's changes as Camel endpoints that user routes (YAML, no Java) can consume:
 * <ul>
 * <li>{@code direct:hanacdc-changes-<schema>.<table>}: each batch (a {@link ChangeBatch}) before it is
 * applied; the body the route returns is applied, in the same target transaction as the position, so
 * exactly-once holds for what the route returns. A route that fails fails the batch: it is retried.</li>
 * <li>{@code direct:hanacdc-committed-<schema>.<table>}: each batch after its transaction committed, so
 * only committed changes are sent. Sent once, on the table's thread; a failure is logged and not
 * retried, and a crash between commit and send loses that send: at most once. A route that needs
 * at least once sends from the changes endpoint instead (a retried batch is then sent again).</li>
 * </ul>
 * Which tables have such routes is decided once, when the context has started ({@link #bind}); a table
 * without one goes straight to the target, with no Camel call at all.
 */
public final class ChangeRoutes implements ChangeHook {
    private static final Logger LOG = LoggerFactory.getLogger(ChangeRoutes.class);
    public static final String CHANGES = "direct:hanacdc-changes-";
    public static final String COMMITTED = "direct:hanacdc-committed-";
    private final Set<TableId> rewritten = ConcurrentHashMap.newKeySet();
    private final Set<TableId> teed = ConcurrentHashMap.newKeySet();
    private volatile ProducerTemplate producer;

    /** Finds the tables that have change or committed routes; call before the table routes start. */
    public void bind(CamelContext camel, Iterable<SourceTable> tables) {
        producer = camel.createProducerTemplate();
        for (SourceTable t : tables) {
            if (consumed(camel, CHANGES + t.id())) {
                rewritten.add(t.id());
                LOG.info("table {}: changes pass through route {} before they are applied", t.id(), CHANGES + t.id());
            }
            if (consumed(camel, COMMITTED + t.id())) {
                teed.add(t.id());
                LOG.info("table {}: committed changes are sent to route {}", t.id(), COMMITTED + t.id());
            }
        }
    }

    private static boolean consumed(CamelContext camel, String uri) {
        Endpoint endpoint = camel.hasEndpoint(uri);
        return endpoint != null && camel.getRoutes().stream().map(Route::getEndpoint).anyMatch(endpoint::equals);
    }

    @Override
    public ChangeSet beforeApply(SourceTable table, Origin origin, ChangeSet changes) {
        if (!rewritten.contains(table.id())) {
            return changes;
        }
        Object reply;
        try {
            reply = producer.requestBody(CHANGES + table.id(), ChangeBatch.of(table, origin, changes));
        } catch (RuntimeException e) {
            Throwable cause = e.getCause() != null ? e.getCause() : e;
            throw new CdcException("table " + table.id() + ": route " + CHANGES + table.id() + " failed: " + cause.getMessage()
                    + " (nothing applied; the batch is retried)", cause);
        }
        if (!(reply instanceof ChangeBatch batch)) {
            throw new CdcException("table " + table.id() + ": route " + CHANGES + table.id() + " must return the ChangeBatch body it"
                    + " received, it returned " + (reply == null ? "null" : reply.getClass().getName()));
        }
        return batch.toChangeSet(table, changes.keyIndexes());
    }

    @Override
    public void afterCommit(SourceTable table, Origin origin, ChangeSet changes) {
        if (!teed.contains(table.id())) {
            return;
        }
        try {
            producer.sendBody(COMMITTED + table.id(), ChangeBatch.of(table, origin, changes));
        } catch (RuntimeException e) {
            Throwable cause = e.getCause() != null ? e.getCause() : e;
            LOG.warn("table {}: route {} failed on committed changes, which are not sent again: {}", table.id(), COMMITTED + table.id(),
                    cause.getMessage());
        }
    }
}
