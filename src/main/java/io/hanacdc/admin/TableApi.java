package io.hanacdc.admin;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.hanacdc.capture.UnreadCapture;
import io.hanacdc.checkpoint.Position;
import io.hanacdc.common.CdcException;
import io.hanacdc.pipeline.TableCommands;
import io.hanacdc.pipeline.TableStatus;
import io.hanacdc.pipeline.TableWorker;
import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/** The admin API's logic, apart from HTTP: table status as JSON-ready maps, and commands by table name. */
public final class TableApi {
    /** A request the API refuses, with the HTTP status to answer. */
    public static final class Refused extends RuntimeException {
        final int status;

        Refused(int status, String message) {
            super(message);
            this.status = status;
        }

        /** The reply's JSON field: a 202 was accepted and waits for the table, anything else failed. */
        String field() {
            return status == 202 ? "queued" : "error";
        }
    }

    private static final ObjectMapper JSON = new ObjectMapper();
    private final List<TableWorker> workers;
    private final List<TableStatus> stopped;
    private final HeldBack heldBack;
    private final UnreadCapture unread;
    private final PendingRows pending;
    private final Duration commandWait;

    /** @param stopped the tables that cannot be replicated, each with its reason */
    public TableApi(List<TableWorker> workers, List<TableStatus> stopped, HeldBack heldBack, UnreadCapture unread, PendingRows pending) {
        this(workers, stopped, heldBack, unread, pending, Duration.ofSeconds(60));
    }

    /** @param commandWait how long a command call waits for the table to run it before answering 202 */
    public TableApi(List<TableWorker> workers, List<TableStatus> stopped, HeldBack heldBack, UnreadCapture unread, PendingRows pending,
                    Duration commandWait) {
        this.commandWait = commandWait;
        this.workers = workers;
        this.stopped = stopped;
        this.heldBack = heldBack;
        this.unread = unread;
        this.pending = pending;
    }

    /** The status of each table this process runs. */
    List<TableStatus> statuses() {
        return workers.stream().map(TableWorker::status).toList();
    }

    /** The task's tables, then the captured tables it does not read. */
    public List<Map<String, Object>> tables() {
        List<Map<String, Object>> out = new ArrayList<>();
        for (TableWorker w : workers) {
            Map<String, Object> m = describe(w.status());
            m.put("troubleSince", w.troubleSince().map(Instant::toString).orElse(null)); // failing or stopped since
            m.put("heldBackBy", heldBack.byTransaction(w)); // open transaction id -> its CDC rows waiting
            out.add(m);
        }
        for (TableStatus s : stopped) {
            Map<String, Object> m = describe(s);
            m.put("heldBackBy", Map.of());
            out.add(m);
        }
        for (UnreadCapture.Table t : unread.current()) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("table", t.id().toString());
            m.put("state", t.state());
            m.put("pendingRows", pending.count(t)); // null when the source cannot be read now
            m.put("warning", t.warning());
            m.put("command", t.command());
            out.add(m);
        }
        return out;
    }

    static Map<String, Object> describe(TableStatus s) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("table", s.table());
        m.put("target", s.target());
        m.put("state", s.state().label());
        m.put("phase", s.phase());
        m.put("paused", s.paused());
        m.put("rowsSnapshotted", s.rowsSnapshotted());
        m.put("rowsStreamed", s.rowsStreamed());
        m.put("batches", s.batches());
        m.put("lagSeconds", s.lag().toMillis() / 1000.0);
        m.put("lastDataId", s.lastDataId());
        m.put("lastTransactionId", s.lastTransactionId());
        m.put("lastSourceTime", s.lastSourceTime());
        m.put("watermark", s.watermark());
        m.put("key", s.key()); // the primary key, or the unique index standing in for one
        m.put("lastError", s.lastError());
        return m;
    }

    /** Runs pause, resume, resnapshot or reset on one table and waits for it to take effect. */
    public Map<String, Object> command(String table, String action, String body) {
        stopped.stream().filter(s -> s.table().equals(table)).findFirst().ifPresent(s -> {
            throw new Refused(409, "table " + table + " is stopped: " + s.lastError());
        });
        TableWorker worker = workers.stream().filter(w -> w.table().id().toString().equals(table)).findFirst()
                .orElseThrow(() -> new Refused(404, "no table " + table + " in this task"));
        if (worker.standby()) {
            throw new Refused(409, "no replica owns table " + table + " at this moment (the replicas are spreading their tables): try again in a few seconds");
        }
        TableCommands.Command command = switch (action) {
            case "pause" -> TableCommands.pause();
            case "resume" -> TableCommands.resume();
            case "resnapshot" -> TableCommands.resnapshot();
            case "reset" -> reset(body);
            default -> throw new Refused(404, "unknown action " + action + ": use reset, pause, resume or resnapshot");
        };
        try {
            Position p = worker.submit(command).get(commandWait.toMillis(), TimeUnit.MILLISECONDS);
            return describe(worker.status().withPosition(p));
        } catch (ExecutionException e) {
            throw new Refused(409, e.getCause().getMessage());
        } catch (TimeoutException e) {
            throw new Refused(202, "the table is busy (e.g. copying a chunk or applying a long batch): the command stays queued and"
                    + " runs between its next two batches; GET /api/tables shows when it took effect");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new Refused(503, "interrupted");
        }
    }

    private static TableCommands.Command reset(String body) {
        JsonNode n;
        try {
            n = JSON.readTree(body == null || body.isBlank() ? "{}" : body);
        } catch (Exception e) {
            throw new Refused(400, "reset body is not JSON: " + body);
        }
        try {
            if ("latest".equals(n.path("to").asText())) {
                return TableCommands.resetToLatest();
            }
            if (n.has("dataId") && n.get("dataId").canConvertToLong()) {
                return TableCommands.resetToDataId(n.get("dataId").asLong());
            }
            if (n.has("timestamp")) {
                return TableCommands.resetToTime(Instant.parse(n.get("timestamp").asText()));
            }
        } catch (DateTimeParseException | CdcException e) {
            throw new Refused(400, e.getMessage());
        }
        throw new Refused(400, "reset needs {\"to\":\"latest\"}, {\"dataId\":N} or {\"timestamp\":\"2024-01-31T12:00:00Z\"}");
    }
}
