package io.hanacdc.pipeline;

import io.hanacdc.cluster.TableOwnership;
import org.apache.camel.builder.RouteBuilder;

/**
 * One route per table, from one template: a timer drives the table's worker. Each table has its own
 * timer thread, so a slow or failing table never delays another. Workers are registry beans named
 * hanacdc-worker-N, so YAML routes can reach them too. When replicas share the task, the timer runs
 * only on the table's owner (see TableOwnership). The routes start only after the whole Camel context
 * has started (see {@link #startAll}), so a user route a table's changes pass through is running
 * before the table's first batch.
 */
public final class TableRoutes extends RouteBuilder {
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
            TableWorker worker = task.workers().get(i);
            String bean = "hanacdc-worker-" + i;
            getContext().getRegistry().bind(bean, worker);
            templatedRoute(TEMPLATE)
                    .routeId(routeId(worker))
                    .parameter("worker", bean)
                    .parameter("trigger", ownership.trigger(worker.table().id(), "timer:" + bean + "?period=" + pollMillis + "&delay=0"));
        }
    }

    private static String routeId(TableWorker worker) {
        return "table " + worker.table().id();
    }

    /** Starts the table routes, once the context (and every user route) runs; replicas also follow each table's owner. */
    public void startAll() throws Exception {
        for (TableWorker worker : task.workers()) {
            ownership.watch(getContext(), worker.table().id(), worker::ownerChanged);
            getContext().getRouteController().startRoute(routeId(worker));
        }
    }
}
