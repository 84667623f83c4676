package io.hanacdc.admin;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hanacdc.common.CdcException;
import io.hanacdc.config.AdminSettings;
import java.time.Duration;
import java.util.Properties;
import org.apache.camel.impl.DefaultCamelContext;
import org.apache.camel.impl.engine.DefaultClassResolver;
import org.junit.jupiter.api.Test;

/**
 * Where the hosting runtime binds, for the runtimes no test here starts: Camel Quarkus (recognised
 * by its runtime class, faked here) and a runtime hana-cdc does not know. camel-main is covered by
 * CamelRuntimeEntryTest and AdminApiTest.
 */
class HttpBindingTest {
    private static final AdminSettings NO_TOKEN = new AdminSettings("127.0.0.1", 8080, "", Duration.ofMinutes(5));
    private static final AdminSettings TOKEN = new AdminSettings("127.0.0.1", 8080, "t0ken", Duration.ofMinutes(5));

    /** A context that looks like Camel Quarkus, with the given quarkus.http.host (null: unset). */
    private static DefaultCamelContext quarkus(String host) {
        DefaultCamelContext camel = new DefaultCamelContext();
        camel.setClassResolver(new DefaultClassResolver(camel) {
            @Override
            public Class<?> resolveClass(String name) {
                return name.equals("io.quarkus.runtime.Quarkus") ? Object.class : super.resolveClass(name);
            }
        });
        Properties p = new Properties();
        if (host != null) {
            p.setProperty("quarkus.http.host", host);
        }
        camel.getPropertiesComponent().setInitialProperties(p);
        return camel;
    }

    @Test
    void quarkusBindsEveryInterfaceUnlessToldOtherwise() {
        HttpBinding unset = HttpBinding.of(quarkus(null));
        assertEquals("0.0.0.0", unset.host().orElseThrow());
        CdcException e = assertThrows(CdcException.class, () -> unset.refuseExposureWithoutToken(NO_TOKEN));
        assertTrue(e.getMessage().contains("quarkus.http.host") && e.getMessage().contains("hanacdc.admin.token"), e.getMessage());
        assertDoesNotThrow(() -> unset.refuseExposureWithoutToken(TOKEN));
        for (String loopback : new String[] {"127.0.0.1", "localhost", "::1"}) {
            assertDoesNotThrow(() -> HttpBinding.of(quarkus(loopback)).refuseExposureWithoutToken(NO_TOKEN), loopback);
        }
        assertThrows(CdcException.class, () -> HttpBinding.of(quarkus("0.0.0.0")).refuseExposureWithoutToken(NO_TOKEN));
    }

    @Test
    void anUnknownRuntimeNeedsTheToken() {
        HttpBinding unknown = HttpBinding.of(new DefaultCamelContext());
        CdcException e = assertThrows(CdcException.class, () -> unknown.refuseExposureWithoutToken(NO_TOKEN));
        assertTrue(e.getMessage().contains("cannot tell") && e.getMessage().contains("hanacdc.admin.token"), e.getMessage());
        assertDoesNotThrow(() -> unknown.refuseExposureWithoutToken(TOKEN));
    }
}
