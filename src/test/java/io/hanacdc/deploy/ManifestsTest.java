package io.hanacdc.deploy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hanacdc.config.DocumentedSettings;
import java.io.StringReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.yaml.snakeyaml.Yaml;

/**
 * The Kubernetes and Camel K manifests checked offline: they parse, carry the fields the API server
 * requires, reference each other consistently (service account, config map, secret, ports, probes),
 * use only settings application.properties documents, keep credentials out of the ConfigMap and the
 * environment (files of the Secret, mounted alike in both), and name the version pom.xml builds.
 */
class ManifestsTest {
    /** Where the Deployment and the Integration mount the Secret's files. */
    private static final String SECRETS = "/etc/hana-cdc/secrets";

    @Test
    void manifestsAreCompleteAndConsistent() throws Exception {
        Map<String, Map<String, Object>> byKind = new HashMap<>();
        try (Stream<Path> files = Files.list(Path.of("k8s"))) {
            for (Path f : files.filter(p -> p.toString().endsWith(".yaml")).toList()) {
                for (Object doc : new Yaml().loadAll(Files.readString(f))) {
                    Map<String, Object> m = map(doc, f.toString());
                    for (String field : List.of("apiVersion", "kind", "metadata")) {
                        assertNotNull(m.get(field), f + ": " + field + " missing");
                    }
                    assertNotNull(map(m.get("metadata"), f + " metadata").get("name"), f + ": metadata.name missing");
                    assertEquals(null, byKind.put((String) m.get("kind"), m), f + ": one " + m.get("kind") + " only");
                }
            }
        }
        assertEquals(Set.of("ConfigMap", "Secret", "ServiceAccount", "Role", "RoleBinding", "Deployment", "Service", "Integration"),
                byKind.keySet());
        Set<String> documented = DocumentedSettings.inApplicationProperties();

        Properties config = new Properties();
        config.load(new StringReader((String) map(byKind.get("ConfigMap").get("data"), "ConfigMap data").get("application.properties")));
        for (String key : config.stringPropertyNames()) {
            assertTrue(documented.contains(key), "ConfigMap key " + key + " is not documented in application.properties");
            assertFalse((key.contains("password") || key.contains("token") || key.contains("secret")) && !key.endsWith("-file"),
                    "credential " + key + " belongs in the Secret; the ConfigMap names only its file");
        }
        // Each credential is a file of the Secret, in the one folder where the Deployment and the Integration mount it.
        Map<String, Object> secret = map(byKind.get("Secret").get("stringData"), "Secret stringData");
        Map<String, String> secretFiles = new HashMap<>();
        for (String key : config.stringPropertyNames()) {
            if (key.endsWith("-file")) {
                Path file = Path.of(config.getProperty(key));
                assertEquals(SECRETS, file.getParent().toString(), key + " names a file of the mounted Secret");
                assertTrue(secret.containsKey(file.getFileName().toString()), key + ": the Secret has no key " + file.getFileName());
                secretFiles.put(file.getFileName().toString(), key);
            }
        }
        assertEquals(secret.keySet(), secretFiles.keySet(), "every key of the Secret is read by a -file setting");
        if (!Set.of("127.0.0.1", "localhost", "::1").contains(config.getProperty("hanacdc.admin.host"))) {
            assertTrue(config.containsKey("hanacdc.admin.token-file") || config.containsKey("hanacdc.admin.token"),
                    "bound beyond loopback, the task starts only with the admin token");
        }

        Map<String, Object> pod = map(path(byKind.get("Deployment"), "spec", "template", "spec"), "pod spec");
        assertEquals(name(byKind.get("ServiceAccount")), pod.get("serviceAccountName"));
        Map<String, Object> container = map(((List<?>) pod.get("containers")).get(0), "container");
        assertEquals("/health/live", path(container, "livenessProbe", "httpGet", "path"));
        assertEquals("/health/ready", path(container, "readinessProbe", "httpGet", "path"));
        Map<String, Object> port = map(((List<?>) container.get("ports")).get(0), "port");
        assertEquals(Integer.parseInt(config.getProperty("hanacdc.admin.port")), port.get("containerPort"));
        assertEquals(name(byKind.get("ConfigMap")), path(named(pod.get("volumes"), "config"), "configMap", "name"));
        assertEquals(name(byKind.get("Secret")), path(named(pod.get("volumes"), "secrets"), "secret", "secretName"));
        assertEquals(null, container.get("envFrom"), "no credential in the environment");
        String configFile = env(container, "HANACDC_CONFIG");
        assertEquals(named(container.get("volumeMounts"), "config").get("mountPath") + "/application.properties", configFile,
                "HANACDC_CONFIG names the mounted file");
        assertEquals(SECRETS, named(container.get("volumeMounts"), "secrets").get("mountPath"));
        String version = pomVersion();
        assertEquals("hana-cdc:" + version, ((String) container.get("image")).replaceAll(".*/", ""), "the image of the build's version");
        assertEquals(path(byKind.get("Deployment"), "spec", "selector", "matchLabels"), path(byKind.get("Service"), "spec", "selector"));

        assertEquals("kubernetes", config.getProperty("hanacdc.cluster"));
        assertTrue(config.containsKey("hanacdc.cluster.secret-file"), "replicas sharing the task start only with the cluster secret, a file of the Secret");
        List<?> rules = (List<?>) byKind.get("Role").get("rules");
        Map<String, Object> leases = map(rules.get(0), "rule");
        assertEquals(List.of("leases"), leases.get("resources"));
        assertTrue(((List<?>) leases.get("verbs")).containsAll(List.of("get", "create", "update")));
        assertEquals(name(byKind.get("Role")), path(byKind.get("RoleBinding"), "roleRef", "name"));
        assertEquals(name(byKind.get("ServiceAccount")), map(((List<?>) byKind.get("RoleBinding").get("subjects")).get(0), "subject").get("name"));

        Map<String, Object> integration = byKind.get("Integration");
        assertEquals("camel.apache.org/v1", integration.get("apiVersion"));
        assertFalse(((List<?>) path(integration, "spec", "sources")).isEmpty(), "the Integration has sources");
        assertTrue(((List<?>) path(integration, "spec", "traits", "camel", "properties"))
                .contains("camel.main.routes-builder-classes=" + io.hanacdc.HanaCdcRoutes.class.getName()), "the Integration starts the task");
        assertTrue(((List<?>) path(integration, "spec", "dependencies")).contains("mvn:io.hanacdc:hana-cdc:" + version),
                "the Integration depends on the build's version");
        Map<String, Object> mount = map(path(integration, "spec", "traits", "mount"), "mount trait");
        assertEquals(List.of("configmap:" + name(byKind.get("ConfigMap"))), mount.get("configs"));
        assertEquals(List.of("secret:" + name(byKind.get("Secret")) + "@" + SECRETS), mount.get("resources"),
                "the Integration mounts the Secret where the ConfigMap's -file settings look");
        assertTrue(((List<?>) path(integration, "spec", "traits", "environment", "vars"))
                .contains("HANACDC_CONFIG=/etc/camel/conf.d/_configmaps/" + name(byKind.get("ConfigMap")) + "/application.properties"));
    }

    /** The version pom.xml builds (the project's own, not its parent's or a dependency's). */
    private static String pomVersion() throws Exception {
        Matcher m = Pattern.compile("<artifactId>hana-cdc</artifactId>\\s*<version>([^<]+)</version>").matcher(Files.readString(Path.of("pom.xml")));
        assertTrue(m.find(), "pom.xml has the project's version");
        return m.group(1);
    }

    /** The entry of a list of named mappings (volumes, mounts) with the given name. */
    private static Map<String, Object> named(Object list, String name) {
        for (Object o : (List<?>) list) {
            if (name.equals(map(o, name).get("name"))) {
                return map(o, name);
            }
        }
        throw new AssertionError("no entry named " + name + " in " + list);
    }

    private static String env(Map<String, Object> container, String name) {
        for (Object e : (List<?>) container.get("env")) {
            Map<String, Object> var = map(e, "env");
            if (name.equals(var.get("name"))) {
                return (String) var.get("value");
            }
        }
        throw new AssertionError("container has no env " + name);
    }

    private static String name(Map<String, Object> doc) {
        return (String) map(doc.get("metadata"), "metadata").get("name");
    }

    private static Object path(Map<String, Object> doc, String... keys) {
        Object cur = doc;
        for (String k : keys) {
            cur = map(cur, k).get(k);
        }
        return cur;
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> map(Object o, String what) {
        assertTrue(o instanceof Map, what + " is not a mapping: " + o);
        return (Map<String, Object>) o;
    }
}
