package io.hanacdc.sink.kafka;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.connect.cli.ConnectStandalone;
import org.apache.kafka.connect.runtime.Connect;
import org.apache.kafka.connect.runtime.rest.entities.ConnectorStateInfo;
import org.apache.kafka.connect.runtime.standalone.StandaloneHerder;
import org.apache.kafka.connect.util.FutureCallback;

/**
 * Kafka Connect in standalone mode, in the test's JVM, as {@code connect-standalone.sh} assembles it: the worker
 * with Connect's JsonConverter (schemas on) for keys and values, plugins found on the class path, offsets in a
 * file; connectors are added by their configuration as a properties file would give it.
 */
final class ConnectWorker implements AutoCloseable {
    private final Connect<StandaloneHerder> connect;
    private final Path offsets;

    private ConnectWorker(Connect<StandaloneHerder> connect, Path offsets) {
        this.connect = connect;
        this.offsets = offsets;
    }

    static ConnectWorker start(String bootstrapServers) throws Exception {
        Path offsets = Files.createTempFile("connect-offsets", ".dat");
        Map<String, String> worker = new HashMap<>();
        worker.put("bootstrap.servers", bootstrapServers);
        worker.put("key.converter", "org.apache.kafka.connect.json.JsonConverter");
        worker.put("value.converter", "org.apache.kafka.connect.json.JsonConverter");
        worker.put("key.converter.schemas.enable", "true");
        worker.put("value.converter.schemas.enable", "true");
        worker.put("offset.storage.file.filename", offsets.toString());
        worker.put("offset.flush.interval.ms", "1000");
        worker.put("listeners", "http://127.0.0.1:0");
        worker.put("plugin.discovery", "service_load"); // the plugins' service manifests: no scan of the whole class path
        // hana-cdc writes its events in transactions: a sink must not see an aborted one
        worker.put("consumer.isolation.level", "read_committed");
        worker.put("consumer.auto.offset.reset", "earliest");
        return new ConnectWorker(new ConnectStandalone().startConnect(worker), offsets);
    }

    /** Adds a connector and waits until it and its task run. */
    void add(String name, Map<String, String> config) throws Exception {
        Map<String, String> c = new HashMap<>(config);
        c.put("name", name);
        FutureCallback<Object> created = new FutureCallback<>();
        connect.herder().putConnectorConfig(name, c, false, (error, result) -> created.onCompletion(error, result));
        created.get(60, TimeUnit.SECONDS);
        long deadline = System.currentTimeMillis() + 60_000;
        while (!running(name)) {
            if (System.currentTimeMillis() > deadline) {
                throw new AssertionError("connector " + name + " does not run: " + connect.herder().connectorStatus(name));
            }
            Thread.sleep(100);
        }
    }

    /** Fails, with the task's error, when a connector's task has failed. */
    void assertRunning(String name) {
        ConnectorStateInfo status = connect.herder().connectorStatus(name);
        for (ConnectorStateInfo.TaskState t : status.tasks()) {
            if (t.state().equals("FAILED")) {
                throw new AssertionError("connector " + name + " task " + t.id() + " failed: " + t.trace());
            }
        }
    }

    private boolean running(String name) {
        ConnectorStateInfo status = connect.herder().connectorStatus(name);
        assertRunning(name);
        return status.connector().state().equals("RUNNING") && !status.tasks().isEmpty()
                && status.tasks().stream().allMatch(t -> t.state().equals("RUNNING"));
    }

    void remove(String name) throws Exception {
        FutureCallback<Object> deleted = new FutureCallback<>();
        connect.herder().deleteConnectorConfig(name, (error, result) -> deleted.onCompletion(error, result));
        deleted.get(60, TimeUnit.SECONDS);
    }

    @Override
    public void close() throws Exception {
        connect.stop();
        connect.awaitStop();
        Files.deleteIfExists(offsets);
    }
}
