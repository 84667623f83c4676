package io.hanacdc.testing;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Assumptions;

/**
 * A source the suites run against — a dialect with the capture settings it is held to — or why it
 * is not here: a test that asks for an absent one is skipped with the reason. Tests get sources of
 * their own on it ({@link #fresh}). Suites run per source and target fixture by extending {@link BehaviourSuite}.
 */
public final class SourceFixture {
    private enum Kind { POSTGRES, HANA }

    /** PostgreSQL with statement-level capture triggers (the default): the server HANACDC_TEST_PG_URL names, or the embedded one. */
    public static final SourceFixture POSTGRES = new SourceFixture("PostgreSQL (statement triggers)", Kind.POSTGRES, new PostgresSourceSql(TestDatabases::postgresServer), Map.of(), null);

    /** PostgreSQL with row-level capture triggers (hanacdc.capture.trigger-level=row). */
    public static final SourceFixture POSTGRES_ROW_TRIGGERS = new SourceFixture("PostgreSQL (row triggers)", Kind.POSTGRES,
            new PostgresSourceSql(TestDatabases::postgresServer), Map.of("hanacdc.capture.trigger-level", "row"), null);

    /** PostgreSQL 17, the newest release the embedded binaries offer, with statement triggers (Postgres17). */
    public static final SourceFixture POSTGRES_17 = new SourceFixture("PostgreSQL 17 (embedded, statement triggers)", Kind.POSTGRES,
            new PostgresSourceSql(Postgres17::url), Map.of(), Postgres17.absence());

    /** A live SAP HANA, which no server here runs: the one HANACDC_TEST_HANA_URL names (see HanaSourceSql). */
    public static final SourceFixture HANA = new SourceFixture("SAP HANA (HANACDC_TEST_HANA_URL)", Kind.HANA, new HanaSourceSql(), Map.of(),
            HanaSourceSql.URL != null && !HanaSourceSql.URL.isBlank() ? null
                    : "HANACDC_TEST_HANA_URL is not set (docs/hana.md says how to run against one)");

    private final String name;
    private final Kind kind;
    private final SourceSql sql;
    private final Map<String, String> settings;
    private final String absence;

    private SourceFixture(String name, Kind kind, SourceSql sql, Map<String, String> settings, String absence) {
        this.name = name;
        this.kind = kind;
        this.sql = sql;
        this.settings = settings;
        this.absence = absence;
    }

    /** Every source fixture. */
    public static List<SourceFixture> all() {
        return List.of(POSTGRES, POSTGRES_ROW_TRIGGERS, POSTGRES_17, HANA);
    }

    /** Skips the calling test, or the suite's run on this fixture, when the source is not here. */
    public void assumePresent() {
        Assumptions.assumeTrue(absence == null, () -> name + " skipped: " + absence);
    }

    /** Holds the calling test to PostgreSQL: on another source it is skipped, saying why. */
    public void assumePostgres(String why) {
        Assumptions.assumeTrue(kind == Kind.POSTGRES, () -> name + " skipped, PostgreSQL only: " + why);
    }

    /** A source of the caller's own, its tables in the dialect's schema (PostgreSQL: public of a new database). */
    public FreshSource fresh(String hint) throws Exception {
        return fresh(hint, null);
    }

    /** A source of the caller's own whose tables go into a schema of this name (on a shared server, with a suffix making it unique). */
    public FreshSource fresh(String hint, String schema) throws Exception {
        assumePresent();
        return sql.fresh(this, hint, schema);
    }

    SourceSql sql() {
        return sql;
    }

    /** The type conformance suite's cases for this source's types into that target. */
    public List<BoundaryCase> boundaryCases(TargetFixture target) {
        List<BoundaryCase> cases = kind == Kind.HANA ? BoundaryCases.hana() : BoundaryCases.postgres();
        return target.isPostgres() ? BoundaryCases.intoPostgres(cases, kind == Kind.HANA) : cases;
    }

    /** The capture settings this fixture holds the task to. */
    Pipeline capture(Pipeline p) {
        settings.forEach(p::set);
        return p;
    }

    @Override
    public String toString() {
        return name;
    }
}
