package io.hanacdc.admin;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * What another replica's answer must be to be used: the JSON this API writes, field by field, each of the type it
 * writes (a table's counts numbers, its state text, its pause a boolean). An answer is rebuilt from the fields read
 * this way, never passed on as it came; fields this version does not know are left out; an answer of another shape
 * or type is refused whole.
 */
final class PeerAnswers {
    /** An answer that is not what a replica of this task writes. */
    static final class Unexpected extends Exception {
        Unexpected(String message) {
            super(message);
        }
    }

    private enum Kind { TEXT, NUMBER, FLAG, COUNTS }

    /** A table's row (TableApi.tables, .describe): every field but "table" may be null. */
    private static final Map<String, Kind> ROW = Map.ofEntries(Map.entry("table", Kind.TEXT), Map.entry("target", Kind.TEXT), Map.entry("key", Kind.TEXT),
            Map.entry("state", Kind.TEXT), Map.entry("phase", Kind.TEXT), Map.entry("paused", Kind.FLAG),
            Map.entry("rowsSnapshotted", Kind.NUMBER), Map.entry("rowsStreamed", Kind.NUMBER), Map.entry("batches", Kind.NUMBER),
            Map.entry("lagSeconds", Kind.NUMBER), Map.entry("lastDataId", Kind.NUMBER), Map.entry("lastTransactionId", Kind.NUMBER),
            Map.entry("lastSourceTime", Kind.TEXT), Map.entry("watermark", Kind.TEXT), Map.entry("lastError", Kind.TEXT),
            Map.entry("troubleSince", Kind.TEXT), Map.entry("heldBackBy", Kind.COUNTS), Map.entry("pendingRows", Kind.NUMBER),
            Map.entry("warning", Kind.TEXT), Map.entry("command", Kind.TEXT));

    private static final ObjectMapper JSON = new ObjectMapper();

    private PeerAnswers() {}

    /** GET /api/tables?local=true: a list of table rows. */
    static List<Map<String, Object>> tables(String body) throws Unexpected {
        JsonNode list = parse(body);
        if (!list.isArray()) {
            throw new Unexpected("not a list of tables");
        }
        List<Map<String, Object>> out = new ArrayList<>();
        for (JsonNode row : list) {
            out.add(row(row));
        }
        return out;
    }

    /** A command's answer: the table's row when done (200), else {"queued": text} (202) or {"error": text}. */
    static Map<String, Object> command(int status, String body) throws Unexpected {
        return status == 200 ? row(parse(body)) : refusal(status, body);
    }

    /** GET /api/history?local=true, or a table's history when found (200); else {"error": text}. */
    static Map<String, Object> history(int status, String body) throws Unexpected {
        if (status != 200) {
            return refusal(status, body);
        }
        JsonNode n = parse(body);
        if (!n.isObject() || !n.path("stepSeconds").isNumber() || !n.path("lastAt").canConvertToLong()) {
            throw new Unexpected("not a history");
        }
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("stepSeconds", n.get("stepSeconds").numberValue());
        out.put("lastAt", n.get("lastAt").asLong());
        out.put("lagSeconds", numbers(n.path("lagSeconds")));
        out.put("rowsPerSecond", numbers(n.path("rowsPerSecond")));
        if (((List<?>) out.get("lagSeconds")).size() != ((List<?>) out.get("rowsPerSecond")).size()) {
            throw new Unexpected("a history whose two series differ in length");
        }
        return out;
    }

    private static Map<String, Object> refusal(int status, String body) throws Unexpected {
        JsonNode n = parse(body);
        String field = status == 202 ? "queued" : "error";
        if (!n.isObject() || n.size() != 1 || !n.path(field).isTextual()) {
            throw new Unexpected("not a refusal");
        }
        return Map.of(field, n.get(field).asText());
    }

    private static Map<String, Object> row(JsonNode n) throws Unexpected {
        if (!n.isObject() || !n.path("table").isTextual()) {
            throw new Unexpected("not a table's row");
        }
        Map<String, Object> out = new LinkedHashMap<>();
        for (Map.Entry<String, Kind> field : ROW.entrySet()) {
            JsonNode v = n.get(field.getKey());
            if (v != null) {
                out.put(field.getKey(), value(field.getKey(), field.getValue(), v));
            }
        }
        return out;
    }

    private static Object value(String name, Kind kind, JsonNode v) throws Unexpected {
        if (v.isNull()) {
            return null;
        }
        boolean fits = switch (kind) {
            case TEXT -> v.isTextual();
            case NUMBER -> v.isNumber();
            case FLAG -> v.isBoolean();
            case COUNTS -> v.isObject();
        };
        if (!fits) {
            throw new Unexpected(name + " is not " + kind.name().toLowerCase(Locale.ROOT));
        }
        return switch (kind) {
            case TEXT -> v.asText();
            case NUMBER -> v.numberValue();
            case FLAG -> v.asBoolean();
            case COUNTS -> counts(name, v);
        };
    }

    /** Transaction id to rows: both numbers (the id as its decimal text, a JSON object's key). */
    private static Map<String, Object> counts(String name, JsonNode v) throws Unexpected {
        Map<String, Object> out = new LinkedHashMap<>();
        for (Map.Entry<String, JsonNode> e : (Iterable<Map.Entry<String, JsonNode>>) v::fields) {
            if (!e.getKey().matches("-?[0-9]{1,19}") || !e.getValue().isNumber()) {
                throw new Unexpected(name + " is not a count per transaction");
            }
            out.put(e.getKey(), e.getValue().numberValue());
        }
        return out;
    }

    private static List<Double> numbers(JsonNode list) throws Unexpected {
        if (!list.isArray()) {
            throw new Unexpected("a series that is not a list");
        }
        List<Double> out = new ArrayList<>();
        for (JsonNode n : list) {
            if (!n.isNumber()) {
                throw new Unexpected("a series of something else than numbers");
            }
            out.add(n.doubleValue());
        }
        return out;
    }

    private static JsonNode parse(String body) throws Unexpected {
        try {
            return JSON.readTree(body == null ? "" : body);
        } catch (JsonProcessingException e) {
            throw new Unexpected("not JSON");
        }
    }
}
