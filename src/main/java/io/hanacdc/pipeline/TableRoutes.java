package io.hanacdc.pipeline;

import io.hanacdc.cluster.TableOwnership;
import java.util.concurrent.ScheduledExecutorService;
import org.apache.camel.CamelContext;
import java.util.concurrent.TimeUnit;
import org.apache.camel.builder.RouteBuilder;
import org.apache.camel.builder.TemplatedRouteBuilder;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One route per table, from one template: a timer drives the table's worker. Each table has its own
 * timer thread, so a slow or failing table never delays another. Workers are registry beans named
 * hanacdc-worker-N, bound when the tables start (user routes use hanacdcStatus). When replicas share the task, the timer runs
 * only on the table's owner (see TableOwnership). The builder declares the template; the routes are
 * made from it and started by {@link #startAll} once the whole context runs.
 */
public final class TableRoutes extends RouteBuilder {
    private static final Logger LOG = LoggerFactory.getLogger(TableRoutes.class);
    public static final String TEMPLATE = "hanacdc-table";

    @Override
    public void configure() {
        routeTemplate(TEMPLATE)
                .templateParameter("worker")
                .templateParameter("trigger")
                .from("{{trigger}}")
                .autoStartup(false)
                .to("bean:{{worker}}?method=poll");
    }

    private static String bean(int worker) {
        return "hanacdc-worker-" + worker;
    }

    public static String routeId(TableWorker worker) {
        return "table " + worker.table().id();
    }

    /**
     * Makes and starts the table routes, once the context (and every user route) runs. Replicas follow
     * each table's owner and join each table's race after its own delay.
     */
    public static void startAll(CamelContext camel, CdcTask task, long pollMillis, TableOwnership ownership) throws Exception {
        // Made from the template here, at start: a templated route declared by a builder that another
        // builder adds while the context starts is never created.
        for (int i = 0; i < task.workers().size(); i++) {
            TableWorker worker = task.workers().get(i);
            camel.getRegistry().bind(bean(i), worker);
            TemplatedRouteBuilder.builder(camel, TEMPLATE).routeId(routeId(worker)).parameter("worker", bean(i))
                    .parameter("trigger", ownership.trigger(worker.table().id(), "timer:" + bean(i) + "?period=" + pollMillis + "&delay=0"))
                    .add();
        }
        ScheduledExecutorService later = null;
        for (TableWorker worker : task.workers()) {
            long delay = ownership.joinDelayMillis();
            if (delay == 0) {
                start(camel, ownership, worker);
                continue;
            }
            if (later == null) {
                later = camel.getExecutorServiceManager().newSingleThreadScheduledExecutor(task, "hanacdc-table-join");
            }
            later.schedule(() -> start(camel, ownership, worker), delay, TimeUnit.MILLISECONDS);
        }
        if (later != null) {
            later.shutdown(); // runs the scheduled starts, then ends
        }
    }

    /** Joins the table's race (watching its cluster view joins it) and starts its route. */
    private static void start(CamelContext camel, TableOwnership ownership, TableWorker worker) {
        try {
            ownership.watch(camel, worker.table().id(), worker::ownerChanged);
            camel.getRouteController().startRoute(routeId(worker));
        } catch (Exception e) {
            LOG.error("table {}: its route could not start: {}", worker.table().id(), e.getMessage());
        }
    }
}
