package io.hanacdc.db;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hanacdc.config.CdcConfig.Endpoint;
import java.sql.SQLException;
import org.junit.jupiter.api.Test;

/** The one line a failed connection prints never holds a password, not even inside the driver's own message. */
class DataSourcesTest {
    @Test
    void aDriverMessageQuotingTheUrlIsMasked() {
        String url = "jdbc:sap://h:1/?databaseName=H00&password=s3cret";
        String line = DataSources.describe("source", new Endpoint(url, "", ""),
                new SQLException("No suitable driver found for " + url, "08001"));
        assertFalse(line.contains("s3cret"), line);
        assertTrue(line.contains("No suitable driver found for jdbc:sap://h:1/?databaseName=H00&password=***"), line);
    }
}
