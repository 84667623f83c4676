package io.hanacdc.bench;

import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;

/**
 * The events hana-cdc writes to Kafka for {@link OrdersShape} inserts, rendered here for the raw producer baseline:
 * the same key ({@code {"id":…}}) and the same Debezium envelope, field for field and value for value (decimals as
 * strings, timestamps as ISO-8601 text, the source block with transaction, data id and capture version), so the
 * baseline sends records of the same size. The streaming run reports the mean size of hana-cdc's own events
 * beside the baseline's, which shows whether they still match.
 */
final class OrdersEvents {
    /** A statement of the backlog inserts 100k rows, so a transaction id stands for that many rows. */
    private static final long ROWS_PER_SOURCE_TRANSACTION = 100_000;
    private static final long FIRST_TRANSACTION_ID = 5_000_000;
    private final String database;
    private final String table;
    private final MessageDigest md5 = OrdersShape.md5();

    OrdersEvents(String database, String table) {
        this.database = database;
        this.table = table;
    }

    static byte[] key(long g) {
        return ("{\"id\":" + g + "}").getBytes(StandardCharsets.UTF_8);
    }

    /** The c event of row g, captured with data id g at {@code capturedMs}, written at {@code nowMs}. */
    byte[] value(long g, long capturedMs, long nowMs) {
        Object[] r = OrdersShape.row(g, md5);
        String after = "{\"id\":" + r[0] + ",\"customer_id\":" + r[1] + ",\"status\":\"" + r[2] + "\",\"amount\":\""
                + ((BigDecimal) r[3]).toPlainString() + "\",\"created_at\":\"" + DateTimeFormatter.ISO_LOCAL_DATE_TIME.format((LocalDateTime) r[4])
                + "\",\"note\":\"" + r[5] + "\",\"active\":" + r[6] + ",\"qty\":" + r[7] + "}";
        String source = "{\"connector\":\"hana-cdc\",\"name\":\"bench\",\"ts_ms\":" + capturedMs + ",\"snapshot\":\"false\",\"db\":\""
                + database + "\",\"schema\":\"public\",\"table\":\"" + table + "\",\"txId\":"
                + (FIRST_TRANSACTION_ID + g / ROWS_PER_SOURCE_TRANSACTION) + ",\"data_id\":" + g + ",\"capture_version\":1}";
        return ("{\"before\":null,\"after\":" + after + ",\"op\":\"c\",\"ts_ms\":" + nowMs + ",\"source\":" + source + "}")
                .getBytes(StandardCharsets.UTF_8);
    }
}
