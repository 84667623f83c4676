package io.hanacdc.pipeline;

import io.hanacdc.cluster.TableOwnership;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.ScheduledExecutorService;
import org.apache.camel.CamelContext;
import java.util.concurrent.TimeUnit;
import org.apache.camel.builder.RouteBuilder;
import org.apache.camel.builder.TemplatedRouteBuilder;
import org.apache.camel.builder.ThreadPoolProfileBuilder;
import org.apache.camel.spi.ThreadPoolProfile;
import org.apache.camel.support.service.ServiceSupport;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The routes that drive the tables, from templates. One process alone: one timer route, the task's tick
 * (TickScheduler), serves every table, so neither threads nor statements at idle grow with the number of tables.
 * Replicas sharing the task: one route per table, its timer wrapped so that it runs only on the table's owner
 * (see TableOwnership). Workers are registry beans named hanacdc-worker-N, bound when the tables start (user
 * routes use hanacdcStatus). The builder declares the templates; the routes are made from them and started by
 * {@link #startAll} once the whole context runs.
 */
public final class TableRoutes extends RouteBuilder {
    private static final Logger LOG = LoggerFactory.getLogger(TableRoutes.class);
    public static final String TEMPLATE = "hanacdc-table";
    private static final String TICK_TEMPLATE = "hanacdc-tick";
    private static final String TICK_ROUTE = "hanacdc tick";
    private static final String SCHEDULER = "hanacdc-scheduler";

    @Override
    public void configure() {
        routeTemplate(TEMPLATE)
                .templateParameter("worker")
                .templateParameter("trigger")
                .from("{{trigger}}")
                .autoStartup(false)
                .to("bean:{{worker}}?method=poll");
        routeTemplate(TICK_TEMPLATE)
                .templateParameter("period")
                .from("timer:hanacdc-tick?period={{period}}&delay=0")
                .autoStartup(false)
                .to("bean:" + SCHEDULER + "?method=tick");
    }

    private static String bean(int worker) {
        return "hanacdc-worker-" + worker;
    }

    /** The route that drives the table. */
    public static String routeId(TableWorker worker, TableOwnership ownership) {
        return ownership.shared() ? "table " + worker.table().id() : TICK_ROUTE;
    }

    /**
     * Makes and starts the routes, once the context (and every user route) runs. Replicas follow
     * each table's owner and join each table's race after its own delay.
     */
    public static void startAll(CamelContext camel, CdcTask task, long pollMillis, int parallelTables, TableOwnership ownership)
            throws Exception {
        // Made from the template here, at start: a templated route declared by a builder that another
        // builder adds while the context starts is never created.
        for (int i = 0; i < task.workers().size(); i++) {
            camel.getRegistry().bind(bean(i), task.workers().get(i));
        }
        if (!ownership.shared()) {
            TickScheduler scheduler = task.scheduler(pool(camel, task, "hanacdc-turn", parallelTables), pool(camel, task, "hanacdc-load", parallelTables));
            camel.addService(new ServiceSupport() { // stopped after the tick's route, before the task's pools close
                @Override
                protected void doStop() throws InterruptedException {
                    scheduler.close();
                }
            }, true, true);
            camel.getRegistry().bind(SCHEDULER, scheduler);
            TemplatedRouteBuilder.builder(camel, TICK_TEMPLATE).routeId(TICK_ROUTE).parameter("period", pollMillis).add();
            camel.getRouteController().startRoute(TICK_ROUTE);
            return;
        }
        for (int i = 0; i < task.workers().size(); i++) {
            TableWorker worker = task.workers().get(i);
            TemplatedRouteBuilder.builder(camel, TEMPLATE).routeId(routeId(worker, ownership)).parameter("worker", bean(i))
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

    /** Camel's pool of {@code n} threads; its queue unbounded, since it holds each table at most once. */
    private static ExecutorService pool(CamelContext camel, CdcTask task, String name, int n) {
        ThreadPoolProfile profile = new ThreadPoolProfileBuilder(name).poolSize(n).maxPoolSize(n).maxQueueSize(-1).build();
        return camel.getExecutorServiceManager().newThreadPool(task, name, profile);
    }

    /** Joins the table's race (watching its cluster view joins it) and starts its route. */
    private static void start(CamelContext camel, TableOwnership ownership, TableWorker worker) {
        try {
            ownership.watch(camel, worker.table().id(), worker::ownerChanged);
            camel.getRouteController().startRoute(routeId(worker, ownership));
        } catch (Exception e) {
            LOG.error("table {}: its route could not start: {}", worker.table().id(), e.getMessage());
        }
    }
}
