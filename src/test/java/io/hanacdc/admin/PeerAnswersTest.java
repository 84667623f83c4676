package io.hanacdc.admin;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Another replica's answer is used only in the shape and types this API writes, rebuilt field by field. */
class PeerAnswersTest {
    private static final String ROW = "{\"table\":\"public.t\",\"state\":\"streaming\",\"paused\":false,\"rowsSnapshotted\":12,"
            + "\"rowsStreamed\":3,\"lagSeconds\":0.25,\"lastDataId\":9007199254740993,\"watermark\":\"H=1\",\"lastError\":null,"
            + "\"heldBackBy\":{\"744\":2}";

    @Test
    void aTableRowIsRebuiltFromTheFieldsThisApiWrites() throws Exception {
        List<Map<String, Object>> rows = PeerAnswers.tables("[" + ROW + ",\"injected\":\"<script>\",\"owner\":\"someone\"}]");
        Map<String, Object> row = rows.get(0);
        assertEquals("public.t", row.get("table"));
        assertEquals(9007199254740993L, ((Number) row.get("lastDataId")).longValue(), "a large id kept exact");
        assertEquals(Map.of("744", 2), row.get("heldBackBy"));
        assertTrue(!row.containsKey("injected") && !row.containsKey("owner"), "fields this API does not write are left out: " + row);
        assertEquals("<img src=x>", PeerAnswers.tables("[{\"table\":\"t\",\"lastError\":\"<img src=x>\"}]").get(0).get("lastError"),
                "text stays text: the page escapes it");
    }

    @Test
    void anAnswerOfAnotherTypeOrShapeIsRefusedWhole() {
        for (String body : new String[] {"[" + ROW + ",\"rowsSnapshotted\":\"<img src=x onerror=alert(1)>\"}]",
                "[" + ROW + ",\"lastDataId\":\"1\"}]", "[" + ROW + ",\"paused\":\"false\"}]", "[" + ROW + ",\"state\":[\"x\"]}]",
                "[" + ROW + ",\"heldBackBy\":{\"x\":1}}]", "[" + ROW + ",\"heldBackBy\":{\"1\":\"<b>\"}}]", "[{\"state\":\"streaming\"}]",
                "{\"table\":\"t\"}", "<html>", "", "[1]"}) {
            assertThrows(PeerAnswers.Unexpected.class, () -> PeerAnswers.tables(body), body);
        }
    }

    @Test
    void commandsAndHistories() throws Exception {
        assertEquals(Map.of("error", "no table x in this task"), PeerAnswers.command(404, "{\"error\":\"no table x in this task\"}"));
        assertEquals(Map.of("queued", "busy"), PeerAnswers.command(202, "{\"queued\":\"busy\"}"));
        assertThrows(PeerAnswers.Unexpected.class, () -> PeerAnswers.command(409, "{\"error\":1}"));
        assertThrows(PeerAnswers.Unexpected.class, () -> PeerAnswers.command(409, "{\"error\":\"x\",\"more\":\"y\"}"));
        assertThrows(PeerAnswers.Unexpected.class, () -> PeerAnswers.command(200, "{\"table\":\"t\",\"rowsStreamed\":\"1\"}"));
        Map<String, Object> h = PeerAnswers.history(200, "{\"stepSeconds\":10,\"lastAt\":1700000000000,\"lagSeconds\":[0.5,1],\"rowsPerSecond\":[2,3]}");
        assertEquals(List.of(0.5, 1.0), h.get("lagSeconds"));
        assertEquals(1_700_000_000_000L, h.get("lastAt"));
        for (String body : new String[] {"{\"stepSeconds\":10,\"lastAt\":1,\"lagSeconds\":[\"1\"],\"rowsPerSecond\":[2]}",
                "{\"stepSeconds\":10,\"lastAt\":1,\"lagSeconds\":[1,2],\"rowsPerSecond\":[2]}",
                "{\"stepSeconds\":\"10\",\"lastAt\":1,\"lagSeconds\":[],\"rowsPerSecond\":[]}"}) {
            assertThrows(PeerAnswers.Unexpected.class, () -> PeerAnswers.history(200, body), body);
        }
    }
}
