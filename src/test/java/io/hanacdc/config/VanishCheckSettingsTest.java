package io.hanacdc.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hanacdc.common.CdcException;
import io.hanacdc.schema.TableId;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** hanacdc.vanish-check.interval-s: on by default where TRUNCATE is not captured (SAP HANA), off on PostgreSQL, per table too. */
class VanishCheckSettingsTest {
    private static final String HANA = "jdbc:sap://hana:30013/?databaseName=H00";
    private static final String POSTGRES = "jdbc:postgresql://pg:5432/db";
    private static final TableId T = new TableId("SALES", "ORDERS");

    private static VanishCheckSettings load(String sourceUrl, Map<String, String> settings) {
        return new VanishCheckSettings(new CdcConfig.Reader(k -> Optional.ofNullable(settings.get(k))), sourceUrl);
    }

    @Test
    void onForHanaOffForPostgresByDefault() {
        assertEquals(Optional.of(Duration.ofSeconds(300)), load(HANA, Map.of()).interval(T));
        assertEquals(Optional.empty(), load(POSTGRES, Map.of()).interval(T));
    }

    @Test
    void zeroTurnsItOffAndATableKeyWins() {
        Map<String, String> s = new HashMap<>(Map.of(VanishCheckSettings.KEY, "0"));
        assertEquals(Optional.empty(), load(HANA, s).interval(T));
        s.put(VanishCheckSettings.KEY + ".SALES.ORDERS", "30");
        assertEquals(Optional.of(Duration.ofSeconds(30)), load(HANA, s).interval(T));
        assertEquals(Optional.empty(), load(HANA, s).interval(new TableId("SALES", "LINES")));
        assertEquals(Optional.of(Duration.ofSeconds(5)), load(POSTGRES, Map.of(VanishCheckSettings.KEY, "5")).interval(T));
        assertEquals(Optional.empty(), load(HANA, Map.of(VanishCheckSettings.KEY + ".SALES.ORDERS", "0")).interval(T));
    }

    @Test
    void aNegativeOrNonNumericIntervalIsRefusedNamingTheKey() {
        String m = assertThrows(CdcException.class, () -> load(HANA, Map.of(VanishCheckSettings.KEY, "-1"))).getMessage();
        assertTrue(m.contains(VanishCheckSettings.KEY), m);
        String t = assertThrows(CdcException.class, () -> load(HANA, Map.of(VanishCheckSettings.KEY + ".SALES.ORDERS", "soon")).interval(T))
                .getMessage();
        assertTrue(t.contains(VanishCheckSettings.KEY + ".SALES.ORDERS"), t);
    }
}
