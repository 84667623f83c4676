package io.hanacdc.config;

import io.hanacdc.GoldenFiles;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** docs/configuration.md is what the declarations generate: a setting changed without it fails here. */
class ConfigurationReferenceTest {
    @Test
    void theReferenceIsGeneratedFromTheDeclarations() throws Exception {
        GoldenFiles.assertText(Path.of("docs/configuration.md"), ConfigurationReference.markdown());
    }
}
