package io.hanacdc.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hanacdc.common.CdcException;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * An address read from hanacdc_replica chooses where a request goes and nothing else: http or https, host and port;
 * user info, a path, a query or a fragment are refused, and so is a host hanacdc.cluster.peers does not allow.
 * Replicas that share a task do not start without the cluster secret.
 */
class PeerAddressTest {
    private static final PeerAllowList ANY = PeerAllowList.parse("");

    @Test
    void onlySchemeHostAndPort() {
        assertEquals("http://10.0.0.5:8080", PeerAddress.parse("http://10.0.0.5:8080", ANY).toString());
        assertEquals("https://replica-1.example:8443", PeerAddress.parse("HTTPS://replica-1.example:8443/", ANY).toString());
        assertEquals("http://[::1]:8080", PeerAddress.parse("http://[::1]:8080", ANY).toString());
        assertEquals("http://h:80", PeerAddress.parse("http://h", ANY).toString(), "the default port, said");
        assertEquals("http://h:80/api/tables?local=true", PeerAddress.parse("http://h", ANY).resolve("/api/tables?local=true").toString());
        for (String bad : new String[] {"http://user@127.0.0.1:9000/any/path?x=", "http://user:pw@h:1", "http://h:1/any", "http://h:1?x=",
                "http://h:1/#f", "http://h:1//", "ftp://h:1", "file:///etc/passwd", "javascript:alert(1)", "//h:1", "h:1", "", " ",
                "http:/h", "http://h:1/%2e%2e/"}) {
            assertThrows(IllegalArgumentException.class, () -> PeerAddress.parse(bad, ANY), bad);
        }
        assertThrows(IllegalArgumentException.class, () -> PeerAddress.parse(null, ANY));
    }

    @Test
    void theAllowListTakesNamesAsWrittenAndRangesOfAddresses() {
        PeerAllowList list = PeerAllowList.parse("10.244.0.0/16, fd00::/8, replica-1.example, 192.168.1.7");
        assertTrue(list.allows("10.244.3.9"));
        assertFalse(list.allows("10.245.0.1"));
        assertTrue(list.allows("[fd00::1]"));
        assertFalse(list.allows("[fe80::1]"));
        assertTrue(list.allows("REPLICA-1.example"));
        assertFalse(list.allows("replica-2.example"), "a name not listed");
        assertFalse(list.allows("10.244.0.1.nip.io"), "a name is never resolved into a range");
        assertTrue(list.allows("192.168.1.7"));
        assertFalse(list.allows("192.168.1.8"));
        assertThrows(IllegalArgumentException.class, () -> PeerAddress.parse("http://10.1.0.1:8080", list));
        assertEquals("http://10.244.0.9:8080", PeerAddress.parse("http://10.244.0.9:8080", list).toString());
        for (String bad : new String[] {"10.0.0.0/33", "10.0.0.0/x", "not a host", "fd00::/129", "-x"}) {
            CdcException e = assertThrows(CdcException.class, () -> PeerAllowList.parse(bad), bad);
            assertTrue(e.getMessage().contains("hanacdc.cluster.peers"), e.getMessage());
        }
    }

    @Test
    void replicasSharingATaskNeedTheSecretAndAnAddressTheOthersTake() {
        Map<String, String> props = new HashMap<>(Map.of("hanacdc.cluster", "file", "hanacdc.cluster.file.root", "/tmp"));
        CdcException none = assertThrows(CdcException.class, () -> ClusterSettings.load(k -> Optional.ofNullable(props.get(k))));
        assertTrue(none.getMessage().contains("hanacdc.cluster.secret is not set") && none.getMessage().contains("hanacdc.cluster.secret-file"),
                none.getMessage());
        props.put("hanacdc.cluster.secret", "short");
        CdcException shortOne = assertThrows(CdcException.class, () -> ClusterSettings.load(k -> Optional.ofNullable(props.get(k))));
        assertTrue(shortOne.getMessage().contains("shorter than 32"), shortOne.getMessage());
        props.put("hanacdc.cluster.secret", "0123456789abcdef0123456789abcdef");
        props.put("hanacdc.cluster.address", "http://me@10.0.0.1:8080/x");
        ClusterSettings settings = ClusterSettings.load(k -> Optional.ofNullable(props.get(k)));
        assertFalse(settings.key().toString().contains("0123"), "the secret is never printed");
        CdcException address = assertThrows(CdcException.class, () -> settings.peerAddress("127.0.0.1", 8080));
        assertTrue(address.getMessage().contains("hanacdc.cluster.address") && address.getMessage().contains("http://me@10.0.0.1:8080/x"),
                address.getMessage());
        assertEquals(Duration.ofMillis(10000), settings.replicaTimeout());
        Map<String, String> alone = Map.of();
        assertEquals(null, ClusterSettings.load(k -> Optional.ofNullable(alone.get(k))).key(), "a task that runs alone needs no secret");
    }
}
