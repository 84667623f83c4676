package io.hanacdc.pipeline;

import io.hanacdc.capture.CaptureVersion;
import io.hanacdc.capture.CaptureVersions;
import java.sql.Connection;
import java.sql.SQLException;
import io.hanacdc.schema.SchemaDiff;
import io.hanacdc.schema.SourceColumn;
import io.hanacdc.schema.SourceTable;
import io.hanacdc.source.SourceDialect;
import io.hanacdc.stream.KeyRefetcher;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;

/** The table's shapes by capture version, made when first needed. */
final class TableShapes {
    private final CaptureVersions versions;
    private final Function<CaptureVersion, TableShape> make;
    private final Map<Integer, TableShape> made = new ConcurrentHashMap<>();
    private final Map<List<Integer>, KeyRefetcher> mapped = new ConcurrentHashMap<>();
    private final SourceDialect dialect;
    private final boolean idsSurviveRenames;

    TableShapes(CaptureVersions versions, Function<CaptureVersion, TableShape> make, SourceDialect dialect) {
        this.versions = versions;
        this.make = make;
        this.dialect = dialect;
        this.idsSurviveRenames = dialect.columnIdsSurviveRenames();
    }

    CaptureVersions versions() {
        return versions;
    }

    TableShape get(Connection source, int captureVersion) throws SQLException {
        TableShape shape = made.get(captureVersion);
        return shape != null ? shape : made.computeIfAbsent(captureVersion, v -> make.apply(find(source, v)));
    }

    private CaptureVersion find(Connection source, int captureVersion) {
        try {
            return versions.get(source, captureVersion);
        } catch (SQLException e) {
            throw new IllegalStateException("could not read the schema history of " + versions.table() + ": " + e.getMessage(), e);
        }
    }

    /**
     * The re-reader of a shape's rows: a shape older than the source's current one reads renamed
     * columns under their new names and dropped ones as NULL (rows of that version are applied to a
     * target that still has its columns).
     */
    KeyRefetcher refetcher(TableShape shape) {
        CaptureVersion latest = versions.latest();
        if (latest.number() == shape.captureVersion().number()) {
            return shape.refetcher();
        }
        return mapped.computeIfAbsent(List.of(shape.captureVersion().number(), latest.number()), k -> {
            SourceTable t = shape.table();
            SchemaDiff diff = SchemaDiff.of(t, shape.captureVersion().columnIds(), latest.layout().table(), latest.columnIds(), idsSurviveRenames);
            List<String> names = new ArrayList<>();
            for (SourceColumn c : t.columns()) {
                names.add(diff.dropped().contains(c) ? null : diff.changed().stream().filter(ch -> ch.before().equals(c))
                        .map(ch -> ch.after().name()).findFirst().orElse(c.name()));
            }
            return new KeyRefetcher(dialect, t, names);
        });
    }
}
