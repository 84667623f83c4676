package io.hanacdc.source;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.hanacdc.common.CdcException;
import io.hanacdc.config.CaptureOptions;
import org.junit.jupiter.api.Test;

/** Sources are found through their providers (META-INF/services): each takes its own URLs, and a URL none takes is refused. */
class SourceDialectsTest {

    @Test
    void eachSourceTakesItsOwnUrls() {
        assertEquals("hana", SourceDialects.forUrl("jdbc:sap://h:30015/?databaseName=T", CaptureOptions.DEFAULT).name());
        assertEquals("postgresql", SourceDialects.forUrl("jdbc:postgresql://h:5432/db", CaptureOptions.DEFAULT).name());
    }

    @Test
    void aUrlNoSourceTakesIsRefusedNamingTheFormsAndHidingThePassword() {
        CdcException e = assertThrows(CdcException.class,
                () -> SourceDialects.forUrl("jdbc:oracle:thin:@h:1521/x?password=secret", CaptureOptions.DEFAULT));
        assertEquals("hanacdc.source.url jdbc:oracle:thin:@h:1521/x?password=*** is not a supported source: use"
                + " jdbc:sap://host:port/?databaseName=TENANT (SAP HANA) or jdbc:postgresql://host:port/database", e.getMessage());
    }
}
