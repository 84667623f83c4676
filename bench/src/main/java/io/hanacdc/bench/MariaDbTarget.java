package io.hanacdc.bench;

import java.sql.Connection;
import java.util.List;
import java.util.Map;

/** A scenario's MariaDB target: the database {@code <name>_tgt}, its rows counted by COUNT(*). */
public final class MariaDbTarget implements BenchTarget {
    private final Databases dbs;
    private final String db;

    public MariaDbTarget(Databases dbs, String name) throws Exception {
        this.dbs = dbs;
        this.db = dbs.freshMysql(name + "_tgt");
    }

    /** The target database's name. */
    public String db() {
        return db;
    }

    @Override
    public Map<String, String> env() {
        return Map.of("HANACDC_TARGET_URL", dbs.targetUrlForProduct(db));
    }

    @Override
    public Progress progress() throws Exception {
        return new PositionProbe(dbs, db);
    }

    @Override
    public String check(List<String> tables, long rowsPerTable) throws Exception {
        try (Connection c = dbs.mysql(db)) {
            return BenchTarget.countEach(c, "`", "`", tables, rowsPerTable);
        }
    }

    @Override
    public void close() throws Exception {
        dbs.dropMysql(db);
    }
}
