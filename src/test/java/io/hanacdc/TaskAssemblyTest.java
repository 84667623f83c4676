package io.hanacdc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.util.Properties;
import org.apache.camel.Service;
import org.apache.camel.impl.DefaultCamelContext;
import org.junit.jupiter.api.Test;

/** The task is put together once per Camel context: a second builder finds it instead of adding its services again. */
class TaskAssemblyTest {
    @Test
    void aSecondAssemblyInTheSameContextFindsTheFirst() throws Exception {
        try (DefaultCamelContext camel = new DefaultCamelContext()) {
            Properties settings = new Properties();
            settings.put("hanacdc.source.url", "jdbc:postgresql://127.0.0.1:1/none");
            settings.put("hanacdc.target.url", "jdbc:mysql://127.0.0.1:1/none");
            settings.put("hanacdc.tables", "public.t");
            settings.put("hanacdc.admin.token", "t0ken-for-tests");
            camel.getPropertiesComponent().setOverrideProperties(settings);
            TaskAssembly first = TaskAssembly.in(camel, () -> { });
            TaskAssembly second = TaskAssembly.in(camel, () -> { });
            assertSame(first, second);
            assertEquals(1, camel.hasServices(TaskService.class).size(), "the task is one service of the context");
            Object called = camel.getRegistry().lookupByName(TaskService.BEAN);
            assertInstanceOf(TaskCalls.class, called, "routes call the task by this name");
            // the bean component stops a Service bean with the first route that calls it: the task's pools would close under its batches
            assertFalse(called instanceof Service, "what routes call is not the task's service");
        }
    }
}
