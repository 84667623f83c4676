package io.hanacdc.pipeline;

import java.time.Duration;
import java.util.concurrent.ExecutorService;
import org.apache.camel.CamelContext;
import org.apache.camel.builder.RouteBuilder;
import org.apache.camel.builder.ThreadPoolProfileBuilder;
import org.apache.camel.spi.ThreadPoolProfile;
import org.apache.camel.support.service.ServiceSupport;
import org.apache.camel.util.concurrent.ThreadPoolRejectedPolicy;

/**
 * The route that drives the tables: one timer route, the task's tick (TickScheduler, at the pace of TickPace), serves every table, so neither
 * threads nor statements at idle grow with the number of tables. Replicas sharing the task run it too, each for the
 * tables it owns (see ReplicaMembership). It calls the task bean's {@code tick}, and does not start with the context:
 * the task starts it once the whole context runs and its {@link #scheduler} is made. Workers are registry beans named
 * hanacdc-worker-N, bound then (user routes use hanacdcStatus).
 */
public final class TableRoutes extends RouteBuilder {
    public static final String TICK_ROUTE = "hanacdc tick";
    private final long periodMillis;
    private final String taskBean;

    /** @param taskBean the registry name of the bean whose {@code tick()} turns the tables */
    public TableRoutes(Duration poll, Duration busyPoll, String taskBean) {
        this.periodMillis = TickPace.timerPeriod(poll, busyPoll).toMillis();
        this.taskBean = taskBean;
    }

    @Override
    public void configure() {
        from("timer:hanacdc-tick?delay=0&period=" + periodMillis).routeId(TICK_ROUTE)
                .autoStartup(false)
                .to("bean:" + taskBean + "?method=tick");
    }

    /**
     * The tick's scheduler, once the context (and every user route) runs, with the workers bound. {@code afterStop}
     * runs when the context stops, once the turns under way have ended.
     */
    public static TickScheduler scheduler(CamelContext camel, CdcTask task, Duration poll, Duration busyPoll, int parallelTables,
            Runnable afterStop) throws Exception {
        for (int i = 0; i < task.workers().size(); i++) {
            camel.getRegistry().bind("hanacdc-worker-" + i, task.workers().get(i));
        }
        TickScheduler scheduler = task.scheduler(new TickPace(poll, busyPoll), pool(camel, task, "hanacdc-turn", parallelTables),
                pool(camel, task, "hanacdc-load", parallelTables));
        camel.addService(new ServiceSupport() { // stopped after the tick's route, before the task's pools close
            @Override
            protected void doStop() throws InterruptedException {
                scheduler.close();
                afterStop.run();
            }
        }, true, true);
        return scheduler;
    }

    private static ExecutorService pool(CamelContext camel, CdcTask task, String name, int n) {
        return pool(camel, task, name, n, task.workers().size());
    }

    /**
     * Camel's pool of {@code threads} threads whose queue holds every table: a table is queued at most once, so no turn
     * is ever refused. Camel reads a queue size of 0 or less as none at all, and runs a turn its threads cannot take
     * at once on the caller's thread: the tick's (blocked behind a slot) or the turn's own (one table turning on and
     * on, deeper in its stack at each turn, while the others wait).
     */
    static ExecutorService pool(CamelContext camel, Object owner, String name, int threads, int tables) {
        ThreadPoolProfile profile = new ThreadPoolProfileBuilder(name).poolSize(threads).maxPoolSize(threads).maxQueueSize(Math.max(1, tables))
                .rejectedPolicy(ThreadPoolRejectedPolicy.Abort).build(); // refused only once stopping: TickScheduler drops the turn
        return camel.getExecutorServiceManager().newThreadPool(owner, name, profile);
    }
}
