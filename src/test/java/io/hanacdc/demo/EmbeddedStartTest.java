package io.hanacdc.demo;

import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hanacdc.testing.IntegrationTest;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import org.junit.jupiter.api.Test;

/** The embedded databases the demo and a fresh machine rely on actually start and answer. */
@IntegrationTest
class EmbeddedStartTest {
    @Test
    void embeddedPostgresAndMariadbStart() throws Exception {
        for (String url : new String[] {EmbeddedDatabases.postgresUrl(), EmbeddedDatabases.mariadbUrl()}) {
            try (Connection c = DriverManager.getConnection(url); ResultSet rs = c.createStatement().executeQuery("SELECT 1")) {
                assertTrue(rs.next(), url);
            }
        }
    }
}
