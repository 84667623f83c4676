package io.hanacdc.admin;

import io.hanacdc.common.StartupTimeline;
import io.hanacdc.capture.UnreadCapture;
import io.hanacdc.pipeline.TableObserver;
import io.hanacdc.pipeline.TableStatus;
import io.hanacdc.pipeline.TableWorker;
import io.hanacdc.schema.TableId;
import io.hanacdc.stream.PendingRowsQuery;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.DistributionSummary;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.Meter;
import io.micrometer.core.instrument.Tags;
import io.micrometer.core.instrument.Timer;
import io.micrometer.core.instrument.binder.jvm.JvmMemoryMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmThreadMetrics;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.apache.camel.CamelContext;
import org.apache.camel.component.micrometer.MicrometerConstants;

/**
 * Prometheus metrics per table: rows applied by operation, CDC rows read, batch sizes and durations,
 * errors, re-loads after rows vanished uncaptured, and gauges for lag, snapshot progress, paused state, rows held back by open transactions,
 * CDC rows not applied yet (also of captured tables this task no longer reads) and how many such tables there are.
 * They live in the Prometheus registry Camel's micrometer support uses (camel.metrics.*, micrometer: endpoints),
 * so /metrics serves Camel's meters too when those are enabled.
 */
public final class Metrics implements TableObserver {
    private static final String PENDING = "hanacdc_cdc_rows_pending";
    private static final String PENDING_HELP = "CDC rows this task has not applied (counted up to " + PendingRowsQuery.LIMIT + ")";
    private final PrometheusMeterRegistry registry;
    private final Map<TableId, Meter> unreadGauges = new HashMap<>();
    private final Map<TableWorker, List<Meter>> tableGauges = new HashMap<>();
    private List<TableWorker> workers = List.of();
    private HeldBack heldBack;
    private PendingRows pending;
    private UnreadCapture unread;
    /** This replica's name when replicas share the task; null when it runs alone. */
    private String replica;

    private Metrics(PrometheusMeterRegistry registry) {
        this.registry = registry;
        new JvmMemoryMetrics().bindTo(registry);
        new JvmThreadMetrics().bindTo(registry);
    }

    /**
     * In the registry bound in Camel's registry as "metricsRegistry" (Camel's micrometer support binds one there when
     * it starts first), else in a new one bound there. A registry of another kind bound there stays Camel's alone:
     * /metrics then serves hana-cdc's own.
     */
    public static Metrics in(CamelContext camel) {
        Object bound = camel.getRegistry().lookupByName(MicrometerConstants.METRICS_REGISTRY_NAME);
        if (bound instanceof PrometheusMeterRegistry shared) {
            return new Metrics(shared);
        }
        PrometheusMeterRegistry own = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
        if (bound == null) {
            camel.getRegistry().bind(MicrometerConstants.METRICS_REGISTRY_NAME, own);
        }
        return new Metrics(own);
    }

    /**
     * Registers the per-table gauges; the held-back and pending counts are read from the source at scrape
     * time. Tables that cannot be replicated have only hanacdc_stopped, at 1. With replicas sharing the task
     * ({@code replica} not null), a table's gauges are those of its owner, labelled with it, so that a Prometheus
     * scraping every replica sees each table once.
     */
    public void bind(List<TableWorker> workers, List<TableStatus> stopped, HeldBack heldBack, PendingRows pending, UnreadCapture unread,
                     String replica) {
        this.pending = pending;
        this.unread = unread;
        this.workers = workers;
        this.heldBack = heldBack;
        this.replica = replica;
        for (TableStatus s : stopped) {
            stoppedGauge(s.table(), 1);
        }
        Gauge.builder("hanacdc_unread_tables", unread, u -> u.current().size())
                .description("captured tables nothing in this task applies (named in /health/ready)").register(registry);
        followOwned();
    }

    /** The gauges of the tables this process runs now: all of them, or those this replica owns. */
    private synchronized void followOwned() {
        for (TableWorker w : workers) {
            boolean owned = !w.standby();
            List<Meter> meters = tableGauges.get(w);
            if (owned && meters == null) {
                tableGauges.put(w, gauges(w));
            } else if (!owned && meters != null) {
                meters.forEach(registry::remove);
                tableGauges.remove(w);
            }
        }
    }

    private Meter stoppedGauge(String table, int value) {
        return Gauge.builder("hanacdc_stopped", () -> value).tags(tags(table))
                .description("1 when the table cannot be replicated and stopped at start (its reason is in the admin API)").register(registry);
    }

    /** A table's tags: its name, and with replicas the replica reporting it (every meter of a name has the same keys). */
    private Tags tags(String table) {
        Tags tags = Tags.of("table", table);
        return replica == null ? tags : tags.and("owner", replica);
    }

    private List<Meter> gauges(TableWorker w) {
        Tags tags = tags(w.table().id().toString());
        return List.of(
                stoppedGauge(w.table().id().toString(), 0),
                Gauge.builder("hanacdc_lag_seconds", w, x -> x.lag().toMillis() / 1000.0).tags(tags)
                        .description("now minus the source time up to which the target is complete").register(registry),
                Gauge.builder("hanacdc_snapshot_rows", w, x -> x.status().rowsSnapshotted()).tags(tags)
                        .description("rows copied by the current or last (re-)snapshot").register(registry),
                Gauge.builder("hanacdc_paused", w, x -> x.status().paused() ? 1 : 0).tags(tags).register(registry),
                Gauge.builder("hanacdc_held_back_rows", w, heldBack::rows).tags(tags)
                        .description("CDC rows of transactions open at the watermark and committed since, due at the next batch")
                        .register(registry),
                Gauge.builder(PENDING, w, pending::of).tags(tags).description(PENDING_HELP).register(registry));
    }

    /** Gauges of the unread tables as they are now: one appears with its table and goes when its capture ends. */
    private synchronized void followUnread() {
        Set<TableId> now = unread.current().stream().map(UnreadCapture.Table::id).collect(Collectors.toSet());
        unreadGauges.keySet().stream().filter(id -> !now.contains(id)).toList().forEach(id -> registry.remove(unreadGauges.remove(id)));
        now.forEach(id -> unreadGauges.computeIfAbsent(id, x -> Gauge.builder(PENDING, id, this::unreadPending).strongReference(true)
                .tags(tags(id.toString())).description(PENDING_HELP).register(registry)));
    }

    private double unreadPending(TableId id) {
        return unread.current().stream().filter(t -> t.id().equals(id)).findFirst().map(pending::of).orElse(Double.NaN);
    }

    @Override
    public void batchApplied(TableId table, int rows, int upserts, int deletes, long nanos) {
        StartupTimeline.once("first applied batch");
        String t = table.toString();
        Counter.builder("hanacdc_cdc_rows").tag("table", t).description("CDC rows applied").register(registry).increment(rows);
        Counter.builder("hanacdc_rows_applied").tags("table", t, "operation", "upsert").register(registry).increment(upserts);
        Counter.builder("hanacdc_rows_applied").tags("table", t, "operation", "delete").register(registry).increment(deletes);
        DistributionSummary.builder("hanacdc_batch_rows").tag("table", t).register(registry).record(rows);
        Timer.builder("hanacdc_batch_duration").tag("table", t).description("read to commit").register(registry)
                .record(nanos, TimeUnit.NANOSECONDS);
    }

    @Override
    public void failed(TableId table) {
        Counter.builder("hanacdc_errors").tag("table", table.toString()).description("failed ticks, each retried")
                .register(registry).increment();
    }

    @Override
    public void vanished(TableId table) {
        Counter.builder("hanacdc_vanished_reloads").tag("table", table.toString())
                .description("times rows vanished at the source without a captured removal and the table was loaded again")
                .register(registry).increment();
    }

    public String scrape() {
        if (unread != null) {
            followUnread();
            followOwned();
        }
        return registry.scrape();
    }
}
