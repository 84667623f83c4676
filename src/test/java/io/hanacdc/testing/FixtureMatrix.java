package io.hanacdc.testing;

import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.provider.Arguments;

/**
 * The (source, target) fixture pairs a {@link BehaviourSuite} runs with, named by its
 * {@code @MethodSource("io.hanacdc.testing.FixtureMatrix#…")}, in the order reports number them.
 * Every run takes the pairs that matter most, the sources into the default target (HANA's runs
 * skipped, saying so, unless one is configured); -Dhanacdc.test.all-fixtures=true (mvn
 * -Pall-fixtures) takes every source into every target, which .ci/run's time budget leaves out.
 */
public final class FixtureMatrix {
    private static final String ALL_FIXTURES = "hanacdc.test.all-fixtures";

    private FixtureMatrix() {}

    /** Every source into every target, on every run. */
    public static Stream<Arguments> all() {
        return SourceFixture.all().stream().flatMap(s -> TargetFixture.all().stream().map(t -> Arguments.of(s, t)));
    }

    /** PostgreSQL with statement triggers and SAP HANA, into the default target; every pair with -Pall-fixtures. */
    public static Stream<Arguments> selected() {
        return selected(List.of(SourceFixture.POSTGRES, SourceFixture.HANA));
    }

    /** {@link #selected}, and PostgreSQL with row triggers: for suites whose behaviour depends on the trigger level. */
    public static Stream<Arguments> selectedWithRowTriggers() {
        return selected(List.of(SourceFixture.POSTGRES, SourceFixture.POSTGRES_ROW_TRIGGERS, SourceFixture.HANA)); // 17: newestPostgres
    }

    /**
     * PostgreSQL (statement triggers) and SAP HANA into every MySQL/MariaDB target this run has: the default one and the
     * embedded MariaDB when it is another release (the run against this machine's servers); every pair with -Pall-fixtures.
     */
    public static Stream<Arguments> intoEveryMariaDb() {
        return Boolean.getBoolean(ALL_FIXTURES) ? all()
                : Stream.of(SourceFixture.POSTGRES, SourceFixture.HANA)
                        .flatMap(s -> Stream.of(TargetFixture.DEFAULT, TargetFixture.EMBEDDED_MARIADB).map(t -> Arguments.of(s, t)));
    }

    /**
     * PostgreSQL (statement triggers) and SAP HANA into the PostgreSQL target, on every run; nothing with -Pall-fixtures,
     * whose {@link #all} has these pairs already. A suite names it beside its own factory.
     */
    public static Stream<Arguments> intoPostgres() {
        return Boolean.getBoolean(ALL_FIXTURES) ? Stream.empty()
                : Stream.of(SourceFixture.POSTGRES, SourceFixture.HANA).map(s -> Arguments.of(s, TargetFixture.POSTGRES));
    }

    /** The PostgreSQL trigger levels, each into the default target and into the PostgreSQL target: suites of PostgreSQL's own behaviour. */
    public static Stream<Arguments> levelsIntoDatabases() {
        return Stream.of("statement", "row").flatMap(l -> Stream.of(TargetFixture.DEFAULT, TargetFixture.POSTGRES).map(t -> Arguments.of(l, t)));
    }

    /**
     * The newest PostgreSQL release (17, embedded) on each side once: as the source into the default target, and as the
     * target of the default PostgreSQL source; nothing with -Pall-fixtures, whose {@link #all} has these pairs already.
     */
    public static Stream<Arguments> newestPostgres() {
        return Boolean.getBoolean(ALL_FIXTURES) ? Stream.empty()
                : Stream.of(Arguments.of(SourceFixture.POSTGRES_17, TargetFixture.DEFAULT), Arguments.of(SourceFixture.POSTGRES, TargetFixture.POSTGRES_17));
    }

    /** The default target and the PostgreSQL target. */
    public static Stream<TargetFixture> databases() {
        return Stream.of(TargetFixture.DEFAULT, TargetFixture.POSTGRES);
    }

    /** The default target; with -Pall-fixtures the PostgreSQL target too: for a suite too long to run twice in .ci/run. */
    public static Stream<TargetFixture> defaultTargetOrBoth() {
        return Boolean.getBoolean(ALL_FIXTURES) ? databases() : Stream.of(TargetFixture.DEFAULT);
    }

    private static Stream<Arguments> selected(List<SourceFixture> sources) {
        return Boolean.getBoolean(ALL_FIXTURES) ? all() : sources.stream().map(s -> Arguments.of(s, TargetFixture.DEFAULT));
    }
}
