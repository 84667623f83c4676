package io.hanacdc.pipeline;

import org.apache.camel.builder.RouteBuilder;

/**
 * One route per table, from one template: a timer drives the table's worker. Each table has its own
 * timer thread, so a slow or failing table never delays another. Workers are registry beans named
 * hanacdc-worker-N, so YAML routes can reach them too.
 */
public final class TableRoutes extends RouteBuilder {
    public static final String TEMPLATE = "hanacdc-table";
    private final CdcTask task;
    private final long pollMillis;

    public TableRoutes(CdcTask task, long pollMillis) {
        this.task = task;
        this.pollMillis = pollMillis;
    }

    @Override
    public void configure() {
        routeTemplate(TEMPLATE)
                .templateParameter("worker")
                .templateParameter("period")
                .from("timer:{{worker}}?period={{period}}&delay=0")
                .to("bean:{{worker}}?method=poll");
        for (int i = 0; i < task.workers().size(); i++) {
            String bean = "hanacdc-worker-" + i;
            getContext().getRegistry().bind(bean, task.workers().get(i));
            templatedRoute(TEMPLATE)
                    .routeId("table " + task.workers().get(i).table().id())
                    .parameter("worker", bean)
                    .parameter("period", String.valueOf(pollMillis));
        }
    }
}
