package io.hanacdc.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hanacdc.common.CdcException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Passwords and the admin token from files (Kubernetes and Docker secret volumes) as well as from values. */
class SecretFileTest {
    private static final String SOURCE = "jdbc:postgresql://pg:5432/db";
    @TempDir
    Path dir;

    private static Map<String, String> base() {
        Map<String, String> m = new HashMap<>();
        m.put("hanacdc.source.url", SOURCE);
        m.put("hanacdc.target.url", "jdbc:mysql://my:3306/replica");
        m.put("hanacdc.tables", "public.t");
        return m;
    }

    private static CdcConfig load(Map<String, String> settings) {
        return CdcConfig.load(k -> Optional.ofNullable(settings.get(k)));
    }

    private Path file(String name, String content) throws Exception {
        return Files.writeString(dir.resolve(name), content);
    }

    @Test
    void everyCredentialFromItsFile() throws Exception {
        Map<String, String> s = base();
        s.put("hanacdc.source.password-file", file("source", "src pw with spaces \n").toString());
        s.put("hanacdc.target.password-file", file("target", "tgt-pw\r\n").toString());
        s.put("hanacdc.admin.token-file", file("token", "t0ken").toString());
        s.put("hanacdc.alter.user", "DBA");
        s.put("hanacdc.alter.password-file", file("alter", "dba-pw\n").toString());
        CdcConfig cfg = load(s);
        assertEquals("src pw with spaces ", cfg.source().password(), "only the file's final newline is dropped");
        assertEquals("tgt-pw", cfg.target().password());
        assertEquals("t0ken", cfg.admin().token());
        assertTrue(cfg.admin().requiresToken());
        assertEquals("dba-pw", CdcConfig.alterSource(k -> Optional.ofNullable(s.get(k)), cfg.source(), Optional.empty()).password());
    }

    @Test
    void valuesStillWorkAndNothingSetMeansEmpty() {
        Map<String, String> s = base();
        s.put("hanacdc.source.password", "pw");
        CdcConfig cfg = load(s);
        assertEquals("pw", cfg.source().password());
        assertEquals("", cfg.target().password());
        assertFalse(cfg.admin().requiresToken());
    }

    @Test
    void aValueAndAFileTogetherAreRefused() throws Exception {
        Map<String, String> s = base();
        s.put("hanacdc.target.password", "pw");
        s.put("hanacdc.target.password-file", file("target", "other").toString());
        CdcException e = assertThrows(CdcException.class, () -> load(s));
        assertEquals("hanacdc.target.password and hanacdc.target.password-file are both set: set only one of them", e.getMessage());
    }

    @Test
    void aMissingUnreadableOrEmptyFileIsNamed() throws Exception {
        Map<String, String> s = base();
        Path missing = dir.resolve("nope");
        s.put("hanacdc.admin.token-file", missing.toString());
        assertEquals("hanacdc.admin.token-file=" + missing + " cannot be read: no such file",
                assertThrows(CdcException.class, () -> AdminSettings.load(k -> Optional.ofNullable(s.get(k)))).getMessage());

        s.put("hanacdc.admin.token-file", dir.toString());
        String directory = assertThrows(CdcException.class, () -> load(s)).getMessage();
        assertTrue(directory.startsWith("hanacdc.admin.token-file=" + dir + " cannot be read: "), directory);

        s.put("hanacdc.admin.token-file", file("empty", "\n").toString());
        assertTrue(assertThrows(CdcException.class, () -> load(s)).getMessage().endsWith(" is empty"),
                "an empty token file must not silently mean 'no token'");
    }
}
