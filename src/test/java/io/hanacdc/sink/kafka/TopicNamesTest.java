package io.hanacdc.sink.kafka;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hanacdc.common.CdcException;
import io.hanacdc.config.TargetNames;
import io.hanacdc.schema.TableId;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** Any source name maps to a topic name Kafka allows, no two to the same one, and collisions Kafka refuses are refused at start. */
class TopicNamesTest {
    private final TopicNames names = new TopicNames("erp", new TargetNames("${table}", Map.of()));

    @Test
    void lettersDigitsAndUnderscoreStayEverythingElseIsEscapedPerUtf8Byte() {
        assertEquals("erp.SALES.ORDER_ITEMS", names.topic(new TableId("SALES", "ORDER_ITEMS")));
        assertEquals("erp.My-20Schema.Order-20-22Lines-22", names.topic(new TableId("My Schema", "Order \"Lines\"")));
        assertEquals("a-2Eb", TopicNames.escape("a.b"));
        assertEquals("x-2Dy", TopicNames.escape("x-y"));
        assertEquals("-C3-A9t-C3-A9", TopicNames.escape("été"));
        assertEquals("erp.hanacdc-positions", names.positions());
    }

    /**
     * A sink subscribes with one topics.regex per source schema (docs/kafka-connect.md): it takes that schema's tables,
     * whatever their names, and none of the topics a consumer must not read — the positions, the schema changes, and
     * the heartbeat table's topic (in hanacdc.cdc-schema) — nor another schema's, even one whose name starts alike.
     * The regex for all schemas but the CDC schema takes every table's topic and none of those either.
     */
    @Test
    void oneTopicsRegexPerSchemaTakesItsTablesAndNoInternalTopic() {
        Pattern sales = Pattern.compile("erp\\.SALES\\..*");
        Pattern allButCdc = Pattern.compile("erp\\.(?!hanacdc\\.)[^.]+\\.[^.]+");
        List<String> internal = List.of(names.positions(), names.schemaChanges(), names.topic(new TableId("hanacdc", "hanacdc_heartbeat")));
        for (TableId id : List.of(new TableId("SALES", "ORDERS"), new TableId("SALES", "a.b c"), new TableId("SALES", "hanacdc-positions"),
                new TableId("SALES", "schema-changes"))) {
            assertTrue(sales.matcher(names.topic(id)).matches(), names.topic(id));
            assertTrue(allButCdc.matcher(names.topic(id)).matches(), names.topic(id));
        }
        for (String topic : internal) {
            assertTrue(!sales.matcher(topic).matches() && !allButCdc.matcher(topic).matches(), topic);
        }
        for (TableId other : List.of(new TableId("SALES.X", "T"), new TableId("SALESX", "T"), new TableId("SAL", "ES.T"))) {
            assertTrue(!sales.matcher(names.topic(other)).matches(), names.topic(other));
        }
    }

    @Test
    void namesThatWouldMeetAfterEscapingStayApart() {
        // "a.b" in one part against a dot between parts, and an escape sequence typed literally
        assertTrue(!names.topic(new TableId("s", "a.b")).equals(names.topic(new TableId("s.a", "b"))));
        assertTrue(!TopicNames.escape("-2E").equals(TopicNames.escape(".")));
    }

    @Test
    void topicsDifferingOnlyInDotAgainstUnderscoreAreRefusedNamingBothTables() {
        CdcException e = assertThrows(CdcException.class, () -> names.check(List.of(new TableId("S_A", "B"), new TableId("S", "A_B"))));
        assertTrue(e.getMessage().contains("S_A.B") && e.getMessage().contains("S.A_B") && e.getMessage().contains("topic-prefix"), e.getMessage());
        assertDoesNotThrow(() -> names.check(List.of(new TableId("S", "A"), new TableId("S", "B"))));
    }

    /** The target naming settings name topics as they name tables: the schema part mapped, the table part by the template. */
    @Test
    void targetNamingShapesTopicNamesAndTwoTablesOnOneTopicAreRefused() {
        TopicNames mapped = new TopicNames("erp", new TargetNames("${schema}_${table}", Map.of("SALES", "sales replica")));
        assertEquals("erp.sales-20replica.SALES_ORDERS", mapped.topic(new TableId("SALES", "ORDERS")));
        assertEquals("erp.HR.HR_STAFF", mapped.topic(new TableId("HR", "STAFF")));
        TopicNames flat = new TopicNames("erp", new TargetNames("${table}", Map.of("S1", "db", "S2", "db")));
        CdcException e = assertThrows(CdcException.class, () -> flat.check(List.of(new TableId("S1", "T"), new TableId("S2", "T"))));
        assertTrue(e.getMessage().contains("both write to topic erp.db.T") && e.getMessage().contains("table-name"), e.getMessage());
    }

    @Test
    void aTopicNameLongerThanKafkaAllowsIsRefused() {
        CdcException e = assertThrows(CdcException.class, () -> names.check(List.of(new TableId("S", "T".repeat(250)))));
        assertTrue(e.getMessage().contains("249"), e.getMessage());
    }
}
