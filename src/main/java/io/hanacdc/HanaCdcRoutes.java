package io.hanacdc;

import io.hanacdc.admin.AdminRoutes;
import io.hanacdc.pipeline.MaintenanceRoutes;
import io.hanacdc.pipeline.TableRoutes;
import org.apache.camel.RuntimeCamelException;
import org.apache.camel.builder.RouteBuilder;
import org.apache.camel.builder.RouteBuilderLifecycleStrategy;

/**
 * The whole task as one RouteBuilder: before its routes are declared, the task is put together in the context it is
 * added to (TaskAssembly: settings, the task as a service and a bean, once per context); configure() then declares
 * the routes — the tables' tick, housekeeping, admin API — which call the task bean by name. Application hosts it in
 * camel-main; any other Camel runtime (Camel K, camel-main with
 * camel.main.routes-builder-classes=io.hanacdc.HanaCdcRoutes) loads it by class name. The platform-http routes of
 * the admin API need the runtime's HTTP server; where it binds decides whether the task may start without
 * hanacdc.admin.token (HttpBinding).
 */
public final class HanaCdcRoutes extends RouteBuilder {
    private TaskAssembly assembly;

    public HanaCdcRoutes() {
        this(() -> { });
    }

    /** @param onStarted run once every route, the tables' included, has started */
    HanaCdcRoutes(Runnable onStarted) {
        addLifecycleInterceptor(new RouteBuilderLifecycleStrategy() {
            @Override
            public void beforeConfigure(RouteBuilder builder) {
                try {
                    assembly = TaskAssembly.in(getContext(), onStarted);
                } catch (Exception e) {
                    throw RuntimeCamelException.wrapRuntimeCamelException(e);
                }
            }
        });
    }

    @Override
    public void configure() throws Exception {
        getContext().addRoutes(new TableRoutes(assembly.cfg().pollInterval(), assembly.cfg().busyPollInterval(), TaskService.BEAN));
        getContext().addRoutes(new MaintenanceRoutes(assembly.cfg(), TaskService.BEAN));
        getContext().addRoutes(new AdminRoutes(assembly.task()::api, assembly.task()::view, assembly.metrics(), assembly.cfg().admin(),
                assembly.binding(), assembly.peers()));
    }
}
