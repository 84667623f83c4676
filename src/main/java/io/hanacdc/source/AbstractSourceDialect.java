package io.hanacdc.source;

import io.hanacdc.config.CaptureOptions;
import io.hanacdc.schema.TableId;
import io.hanacdc.sql.Identifiers;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * What the source dialects do alike: ANSI-quoted names, capture options, and catalog reads of one
 * shape, each dialect giving the SQL of its catalog.
 */
public abstract class AbstractSourceDialect implements SourceDialect {
    /**
     * A source's catalog queries, bound as {@link CatalogReads} binds them: {@code tables} and {@code schemaRows} (table
     * and its row count) to a schema; {@code estimate} and {@code sequence} (increment, cache size, cycling) to a schema and
     * table or sequence; {@code stamps} and {@code triggers} (schema, table and trigger name) formatted with a condition on
     * {@code schemaColumn} and {@code tableColumn} naming the tables.
     */
    public record Catalog(String tables, String estimate, String schemaRows, String sequence, String triggers, String stamps,
                          String schemaColumn, String tableColumn) {}

    private final CaptureOptions options;
    private final Catalog catalog;

    protected AbstractSourceDialect(CaptureOptions options, Catalog catalog) {
        this.options = options;
        this.catalog = catalog;
    }

    @Override
    public CaptureOptions captureOptions() {
        return options;
    }

    @Override
    public String quote(String identifier) {
        return Identifiers.ansi(identifier);
    }

    @Override
    public List<TableId> listTables(Connection c, String schema) throws SQLException {
        return CatalogReads.strings(c, catalog.tables(), schema, null).stream().map(t -> new TableId(schema, t)).toList();
    }

    @Override
    public Map<TableId, TableStamp> stamps(Connection c, Collection<TableId> tables) throws SQLException {
        return CatalogReads.stamps(c, catalog.stamps().formatted(CatalogReads.anyOf(catalog.schemaColumn(), catalog.tableColumn(), tables)));
    }

    @Override
    public long estimateRows(Connection c, TableId id) throws SQLException {
        return CatalogReads.number(c, catalog.estimate(), id);
    }

    @Override
    public Map<String, Long> estimateRows(Connection c, String schema) throws SQLException {
        return CatalogReads.counts(c, catalog.schemaRows(), schema);
    }

    /**
     * The sequence's settings as the catalog has them; a sequence the catalog does not show this user is no verdict: the
     * check fails, to be made again at the next schema check.
     */
    @Override
    public Optional<String> sequenceDeparture(Connection c, String schema, String sequence) throws SQLException {
        try (PreparedStatement ps = CatalogReads.prepare(c, catalog.sequence(), schema, sequence); ResultSet rs = ps.executeQuery()) {
            if (!rs.next()) {
                throw new SQLException("the data-id sequence " + qualified(schema, sequence) + " is not in the catalog as the source user sees it");
            }
            return sequenceDeparture(rs, qualified(schema, sequence));
        }
    }

    /** How the settings in the row of the catalog's sequence query differ from the watermark's; empty while they hold. */
    protected abstract Optional<String> sequenceDeparture(ResultSet settings, String sequence) throws SQLException;

    @Override
    public Map<TableId, Set<String>> workingTriggers(Connection c, Collection<TableId> tables) throws SQLException {
        String sql = catalog.triggers().formatted(CatalogReads.anyOf(catalog.schemaColumn(), catalog.tableColumn(), tables));
        Map<TableId, Set<String>> out = new HashMap<>();
        try (PreparedStatement ps = c.prepareStatement(sql); ResultSet rs = ps.executeQuery()) {
            while (rs.next()) {
                out.computeIfAbsent(new TableId(rs.getString(1), rs.getString(2)), k -> new HashSet<>()).add(rs.getString(3));
            }
        }
        return out;
    }
}
