package io.hanacdc.source;

import io.hanacdc.CdcException;
import io.hanacdc.source.postgres.PostgresDialect;
import java.util.List;

/** Chooses the source dialect from the JDBC URL. */
public final class SourceDialects {
    private static final List<SourceDialect> ALL = List.of(new PostgresDialect());

    private SourceDialects() {}

    public static SourceDialect forUrl(String jdbcUrl) {
        return ALL.stream().filter(d -> d.accepts(jdbcUrl)).findFirst().orElseThrow(() -> new CdcException(
                "hanacdc.source.url " + jdbcUrl + " is not a supported source: use jdbc:postgresql://host:port/database"));
    }
}
