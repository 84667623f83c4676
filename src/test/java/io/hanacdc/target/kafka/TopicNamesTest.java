package io.hanacdc.target.kafka;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hanacdc.CdcException;
import io.hanacdc.schema.TableId;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Any source name maps to a topic name Kafka allows, no two to the same one, and collisions Kafka refuses are refused at start. */
class TopicNamesTest {
    private final TopicNames names = new TopicNames("erp");

    @Test
    void lettersDigitsAndUnderscoreStayEverythingElseIsEscapedPerUtf8Byte() {
        assertEquals("erp.SALES.ORDER_ITEMS", names.topic(new TableId("SALES", "ORDER_ITEMS")));
        assertEquals("erp.My-20Schema.Order-20-22Lines-22", names.topic(new TableId("My Schema", "Order \"Lines\"")));
        assertEquals("a-2Eb", TopicNames.escape("a.b"));
        assertEquals("x-2Dy", TopicNames.escape("x-y"));
        assertEquals("-C3-A9t-C3-A9", TopicNames.escape("été"));
        assertEquals("erp.hanacdc-positions", names.positions());
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

    @Test
    void aTopicNameLongerThanKafkaAllowsIsRefused() {
        CdcException e = assertThrows(CdcException.class, () -> names.check(List.of(new TableId("S", "T".repeat(250)))));
        assertTrue(e.getMessage().contains("249"), e.getMessage());
    }
}
