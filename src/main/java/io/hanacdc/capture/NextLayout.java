package io.hanacdc.capture;

import io.hanacdc.schema.SchemaDiff;
import io.hanacdc.schema.SourceColumn;
import io.hanacdc.schema.SourceTable;
import io.hanacdc.source.CaptureLayout;
import io.hanacdc.source.CaptureNames;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * The layout of a table's next capture version: which CDC column holds each column of its new shape.
 * A CDC table only ever gains columns, so a name once used by any version is never given to another column.
 */
final class NextLayout {
    private final CaptureNames names;
    private final boolean keysOnly;

    NextLayout(CaptureNames names, boolean keysOnly) {
        this.names = names;
        this.keysOnly = keysOnly;
    }

    /**
     * The next version's layout, giving each column of the new shape its CDC column: the same as before for a column whose type did
     * not change (renamed or not); a fresh one, never used by an earlier version, for a new or retyped column.
     */
    CaptureLayout of(List<CaptureVersion> versions, SourceTable now, SchemaDiff diff) {
        CaptureLayout current = versions.get(versions.size() - 1).layout();
        Set<String> taken = allCdcColumns(versions);
        int captureVersion = current.captureVersion() + 1;
        List<String> out = new ArrayList<>();
        for (SourceColumn c : now.columns()) {
            if (keysOnly && !now.primaryKey().contains(c.name())) {
                out.add(null);
                continue;
            }
            SourceColumn before = diff.changed().stream().filter(ch -> ch.after().name().equals(c.name()))
                    .map(SchemaDiff.Change::before).findFirst()
                    .orElse(diff.added().contains(c) ? null : c);
            String reused = before == null || !before.sourceType().equals(c.sourceType()) ? null : current.cdcColumn(before.name());
            if (reused != null) {
                out.add(reused);
                continue;
            }
            String name = names.cdcColumn(c.name(), "");
            for (int i = 0; taken.contains(name); i++) {
                name = names.cdcColumn(c.name(), "$v" + captureVersion + (i == 0 ? "" : "_" + i));
            }
            taken.add(name);
            out.add(name);
        }
        return new CaptureLayout(now, captureVersion, out);
    }

    private static Set<String> allCdcColumns(List<CaptureVersion> versions) {
        Set<String> out = new HashSet<>();
        versions.forEach(v -> v.layout().cdcColumns().stream().filter(Objects::nonNull).forEach(out::add));
        return out;
    }

    /** Columns of the new layout the CDC table does not have yet, named and typed as the CDC table needs them. */
    static List<SourceColumn> newCdcColumns(List<CaptureVersion> versions, CaptureLayout next) {
        Set<String> existing = allCdcColumns(versions);
        List<SourceColumn> out = new ArrayList<>();
        for (int i = 0; i < next.cdcColumns().size(); i++) {
            String cdc = next.cdcColumns().get(i);
            if (cdc != null && !existing.contains(cdc)) {
                out.add(next.table().columns().get(i).renamed(cdc));
            }
        }
        return out;
    }
}
