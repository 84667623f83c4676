package io.hanacdc.pipeline;

import io.hanacdc.cluster.TableOwnership;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.apache.camel.builder.RouteBuilder;
import org.apache.camel.builder.TemplatedRouteBuilder;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One route per table, from one template: a timer drives the table's worker. Each table has its own
 * timer thread, so a slow or failing table never delays another. Workers are registry beans named
 * hanacdc-worker-N, so YAML routes can reach them too. When replicas share the task, the timer runs
 * only on the table's owner (see TableOwnership). The routes start only after the whole Camel context
 * has started (see {@link #startAll}), so a user route a table's changes pass through is running
 * before the table's first batch.
 */
public final class TableRoutes extends RouteBuilder {
    private static final Logger LOG = LoggerFactory.getLogger(TableRoutes.class);
    public static final String TEMPLATE = "hanacdc-table";
    private final CdcTask task;
    private final long pollMillis;
    private final TableOwnership ownership;

    public TableRoutes(CdcTask task, long pollMillis, TableOwnership ownership) {
        this.task = task;
        this.pollMillis = pollMillis;
        this.ownership = ownership;
    }

    @Override
    public void configure() {
        routeTemplate(TEMPLATE)
                .templateParameter("worker")
                .templateParameter("trigger")
                .from("{{trigger}}")
                .autoStartup(false)
                .to("bean:{{worker}}?method=poll");
        for (int i = 0; i < task.workers().size(); i++) {
            getContext().getRegistry().bind(bean(i), task.workers().get(i));
        }
    }

    private static String bean(int worker) {
        return "hanacdc-worker-" + worker;
    }

    /** The route of a table's worker. */
    public static String routeId(TableWorker worker) {
        return "table " + worker.table().id();
    }

    /**
     * Starts the table routes, once the context (and every user route) runs. Replicas follow each
     * table's owner and join each table's race after its own delay.
     */
    public void startAll() throws Exception {
        // The routes are made from the template here, at start, not in configure(): a templated route
        // declared by a builder that another builder adds while the context starts is never created.
        for (int i = 0; i < task.workers().size(); i++) {
            TableWorker worker = task.workers().get(i);
            TemplatedRouteBuilder.builder(getContext(), TEMPLATE).routeId(routeId(worker)).parameter("worker", bean(i))
                    .parameter("trigger", ownership.trigger(worker.table().id(), "timer:" + bean(i) + "?period=" + pollMillis + "&delay=0"))
                    .add();
        }
        ScheduledExecutorService later = null;
        for (TableWorker worker : task.workers()) {
            long delay = ownership.joinDelayMillis();
            if (delay == 0) {
                start(worker);
                continue;
            }
            if (later == null) {
                later = getContext().getExecutorServiceManager().newSingleThreadScheduledExecutor(this, "hanacdc-table-join");
            }
            later.schedule(() -> start(worker), delay, TimeUnit.MILLISECONDS);
        }
        if (later != null) {
            later.shutdown(); // runs the scheduled starts, then ends
        }
    }

    /** Joins the table's race (watching its cluster view joins it) and starts its route. */
    private void start(TableWorker worker) {
        try {
            ownership.watch(getContext(), worker.table().id(), worker::ownerChanged);
            getContext().getRouteController().startRoute(routeId(worker));
        } catch (Exception e) {
            LOG.error("table {}: its route could not start: {}", worker.table().id(), e.getMessage());
        }
    }
}
