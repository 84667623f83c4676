package io.hanacdc;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.library.Architectures;
import com.tngtech.archunit.library.Architectures.LayeredArchitecture;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The architecture's rules, read from the compiled classes (so a name written inline counts as much as an
 * import): no package cycle, each package uses only those below it in {@link #LAYERS}, and a database's home
 * is reached only through the interfaces it implements (java.util.ServiceLoader finds it), never named.
 */
class ArchitectureTest {
    /** Each database's home: its SQL and knowledge, behind the source and target interfaces. */
    static final List<String> HOMES = List.of("source.hana", "source.postgres", "sink.mysql", "sink.kafka", "sink.postgres");

    /**
     * The layer order, bottom first: a package may use its own layer and those below. "homes" stands for
     * {@link #HOMES}; "" is the root package, the application's assembly.
     */
    static final List<String> LAYERS = List.of("common", "schema", "sql", "config", "db", "source", "control", "watermark", "capture",
            "stream", "checkpoint", "sink", "snapshot", "verify", "check", "homes", "cluster", "changes", "pipeline", "admin",
            "cli", "");

    private static JavaClasses classes;

    @BeforeAll
    static void read() {
        classes = new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS).importPackages("io.hanacdc");
    }

    @Test
    void noPackageCycle() {
        slices().matching("io.hanacdc.(**)").should().beFreeOfCycles().check(classes);
    }

    @Test
    void eachPackageUsesOnlyThoseBelowIt() {
        LayeredArchitecture layers = Architectures.layeredArchitecture().consideringOnlyDependenciesInLayers();
        for (String layer : LAYERS) {
            layers = layers.layer(name(layer)).definedBy(packages(layer));
        }
        for (int i = 0; i < LAYERS.size() - 1; i++) {
            String[] above = LAYERS.subList(i + 1, LAYERS.size()).stream().map(ArchitectureTest::name).toArray(String[]::new);
            layers = layers.whereLayer(name(LAYERS.get(i))).mayOnlyBeAccessedByLayers(above);
        }
        layers.check(classes);
    }

    @Test
    void aHomeIsNeverNamedOutsideItself() {
        for (String home : HOMES) {
            noClasses().that().resideOutsideOfPackage("io.hanacdc." + home + "..").should().dependOnClassesThat()
                    .resideInAPackage("io.hanacdc." + home + "..").because("the rest reaches " + home + " through its interfaces")
                    .check(classes);
        }
    }

    private static String name(String layer) {
        return layer.isEmpty() ? "application" : layer;
    }

    private static String[] packages(String layer) {
        if (layer.equals("homes")) {
            return HOMES.stream().map(h -> "io.hanacdc." + h + "..").toArray(String[]::new);
        }
        // source and target are their interfaces' packages alone: their subpackages are homes
        return new String[] {layer.isEmpty() ? "io.hanacdc" : "io.hanacdc." + layer + (layer.equals("source") || layer.equals("sink") ? "" : "..")};
    }
}
