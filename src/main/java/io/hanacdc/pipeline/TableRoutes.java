package io.hanacdc.pipeline;

import java.util.concurrent.ExecutorService;
import org.apache.camel.CamelContext;
import org.apache.camel.builder.RouteBuilder;
import org.apache.camel.builder.TemplatedRouteBuilder;
import org.apache.camel.builder.ThreadPoolProfileBuilder;
import org.apache.camel.spi.ThreadPoolProfile;
import org.apache.camel.support.service.ServiceSupport;

/**
 * The route that drives the tables, from a template: one timer route, the task's tick (TickScheduler), serves every
 * table, so neither threads nor statements at idle grow with the number of tables. Replicas sharing the task run it
 * too, each for the tables it owns (see ReplicaMembership). Workers are registry beans named hanacdc-worker-N, bound
 * when the tables start (user routes use hanacdcStatus). The builder declares the template; the route is made from it
 * and started by {@link #startAll} once the whole context runs.
 */
public final class TableRoutes extends RouteBuilder {
    public static final String TICK_ROUTE = "hanacdc tick";
    private static final String TICK_TEMPLATE = "hanacdc-tick";
    private static final String SCHEDULER = "hanacdc-scheduler";

    @Override
    public void configure() {
        routeTemplate(TICK_TEMPLATE)
                .templateParameter("period")
                .from("timer:hanacdc-tick?period={{period}}&delay=0")
                .autoStartup(false)
                .to("bean:" + SCHEDULER + "?method=tick");
    }

    /**
     * Makes and starts the tick's route, once the context (and every user route) runs. {@code afterStop} runs when
     * the context stops, once the turns under way have ended.
     */
    public static TickScheduler startAll(CamelContext camel, CdcTask task, long pollMillis, int parallelTables, Runnable afterStop)
            throws Exception {
        // Made from the template here, at start: a templated route declared by a builder that another
        // builder adds while the context starts is never created.
        for (int i = 0; i < task.workers().size(); i++) {
            camel.getRegistry().bind("hanacdc-worker-" + i, task.workers().get(i));
        }
        TickScheduler scheduler = task.scheduler(pool(camel, task, "hanacdc-turn", parallelTables), pool(camel, task, "hanacdc-load", parallelTables));
        camel.addService(new ServiceSupport() { // stopped after the tick's route, before the task's pools close
            @Override
            protected void doStop() throws InterruptedException {
                scheduler.close();
                afterStop.run();
            }
        }, true, true);
        camel.getRegistry().bind(SCHEDULER, scheduler);
        TemplatedRouteBuilder.builder(camel, TICK_TEMPLATE).routeId(TICK_ROUTE).parameter("period", pollMillis).add();
        camel.getRouteController().startRoute(TICK_ROUTE);
        return scheduler;
    }

    /** Camel's pool of {@code n} threads; its queue unbounded, since it holds each table at most once. */
    private static ExecutorService pool(CamelContext camel, CdcTask task, String name, int n) {
        ThreadPoolProfile profile = new ThreadPoolProfileBuilder(name).poolSize(n).maxPoolSize(n).maxQueueSize(-1).build();
        return camel.getExecutorServiceManager().newThreadPool(task, name, profile);
    }
}
