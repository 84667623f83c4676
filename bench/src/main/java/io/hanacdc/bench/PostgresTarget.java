package io.hanacdc.bench;

import java.sql.Connection;
import java.util.List;
import java.util.Map;

/**
 * A scenario's PostgreSQL target (13): the database {@code <name>_tgt} on the same local server as the source, its
 * tables in the URL's current schema (public), as a user maps one PostgreSQL database into another.
 */
public final class PostgresTarget implements BenchTarget {
    private final Databases dbs;
    private final String db;

    public PostgresTarget(Databases dbs, String name) throws Exception {
        this.dbs = dbs;
        this.db = dbs.freshPg(name + "_tgt");
    }

    @Override
    public Map<String, String> env() {
        return Map.of("HANACDC_TARGET_URL", dbs.pgUrl(db));
    }

    @Override
    public Progress progress() throws Exception {
        return PositionProbe.postgres(dbs, db);
    }

    @Override
    public String check(List<String> tables, long rowsPerTable) throws Exception {
        try (Connection c = dbs.pg(db)) {
            return BenchTarget.countEach(c, "\"", "\"", tables, rowsPerTable);
        }
    }

    @Override
    public void close() throws Exception {
        dbs.dropPg(db);
    }
}
