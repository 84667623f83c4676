package io.hanacdc.source;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.zaxxer.hikari.HikariDataSource;
import io.hanacdc.config.CaptureOptions;
import io.hanacdc.config.CdcConfig;
import io.hanacdc.source.postgres.PostgresDialect;
import io.hanacdc.testing.IntegrationTest;
import io.hanacdc.testing.TestDatabases;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * Batch queries are prepared on the PostgreSQL server (for binary rows), each with its own text: the
 * source pool bounds how many a connection keeps there, unless the user's URL says otherwise.
 */
@IntegrationTest
class SourcePoolTest {
    @Test
    void aSourceConnectionKeepsAtMostSixteenServerPreparedStatements() throws Exception {
        assertEquals(16, preparedAfterFortyBatchQueries(""));
    }

    @Test
    void aCacheSizeInTheUrlWins() throws Exception {
        assertEquals(40, preparedAfterFortyBatchQueries("preparedStatementCacheQueries=64"));
    }

    private static long preparedAfterFortyBatchQueries(String urlSetting) throws Exception {
        String url = TestDatabases.freshPostgres("pool");
        url = urlSetting.isEmpty() ? url : url + (url.contains("?") ? "&" : "?") + urlSetting;
        Map<String, String> props = Map.of("hanacdc.source.url", url, "hanacdc.target.url", "jdbc:mysql://unused/db", "hanacdc.tables", "s.t");
        CdcConfig cfg = CdcConfig.load(k -> Optional.ofNullable(props.get(k)));
        PostgresDialect dialect = new PostgresDialect(CaptureOptions.DEFAULT);
        try (HikariDataSource pool = SourcePools.open(cfg, dialect, 1); Connection c = pool.getConnection()) {
            for (int i = 0; i < 40; i++) {
                try (PreparedStatement ps = dialect.bulkQuery(c, "SELECT g FROM generate_series(1, " + (i + 2) + ") g"); ResultSet rs = ps.executeQuery()) {
                    while (rs.next()) {
                        rs.getInt(1);
                    }
                }
            }
            try (PreparedStatement ps = c.prepareStatement("SELECT count(*) FROM pg_prepared_statements"); ResultSet rs = ps.executeQuery()) {
                rs.next();
                return rs.getLong(1);
            }
        }
    }
}
