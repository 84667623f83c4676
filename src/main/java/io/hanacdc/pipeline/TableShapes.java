package io.hanacdc.pipeline;

import io.hanacdc.capture.CaptureVersion;
import io.hanacdc.capture.TableHistory;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;

/** The table's shapes by capture version, made when first needed. */
final class TableShapes {
    private final TableHistory history;
    private final Function<CaptureVersion, TableShape> make;
    private final Map<Integer, TableShape> made = new ConcurrentHashMap<>();

    TableShapes(TableHistory history, Function<CaptureVersion, TableShape> make) {
        this.history = history;
        this.make = make;
    }

    TableHistory history() {
        return history;
    }

    TableShape get(Connection source, int version) throws SQLException {
        TableShape shape = made.get(version);
        return shape != null ? shape : made.computeIfAbsent(version, v -> make.apply(find(source, v)));
    }

    private CaptureVersion find(Connection source, int version) {
        try {
            return history.get(source, version);
        } catch (SQLException e) {
            throw new IllegalStateException("could not read the schema history of " + history.table() + ": " + e.getMessage(), e);
        }
    }

    TableShape latest() {
        return made.computeIfAbsent(history.latest().version(), v -> make.apply(history.latest()));
    }
}
