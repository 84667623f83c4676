package io.hanacdc.capture;

import io.hanacdc.schema.TableId;
import io.hanacdc.schema.TablePattern;
import io.hanacdc.source.CaptureNames;
import io.hanacdc.source.SourceDialect;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.function.Predicate;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Captured tables whose changes nothing in this task applies: those the task still subscribes to but
 * its hanacdc.tables no longer lists, and those no task subscribes to at all. Their triggers keep
 * writing CDC rows nobody applies, and a subscription keeps them from purge, so each is named with
 * the command that ends its capture: in the log when it appears, and to status, API and health.
 * Read again at every schema check, since another replica or task may subscribe at any time.
 */
public final class UnreadCapture {
    private static final Logger LOG = LoggerFactory.getLogger(UnreadCapture.class);
    /** What a shell passes through unquoted: anything else is put in single quotes. */
    private static final Pattern SHELL_SAFE = Pattern.compile("[A-Za-z0-9_.,:/@%+=-]+");

    /**
     * One such table.
     *
     * @param state       {@code unlisted} (this task subscribes but does not list it) or {@code unsubscribed} (no task does)
     * @param appliedHigh the data id up to which this task last published the table applied (0: none), see CdcPurger
     */
    public record Table(TableId id, String state, long appliedHigh, String warning) {
        /** The command that ends this task's reading of the table, and its capture when no other task reads it. */
        public String command() {
            return command(id);
        }

        static String command(TableId id) {
            String spelled = TablePattern.spell(id);
            return "bin/hana-cdc uninstall --table " + (SHELL_SAFE.matcher(spelled).matches() ? spelled : "'" + spelled.replace("'", "'\\''") + "'");
        }
    }

    private final CaptureRegistry registry;
    private final CaptureNames names;
    private final String task;
    private final Predicate<TableId> listed;
    private volatile List<Table> current = List.of();

    /** @param listed whether this task reads the table (its hanacdc.tables, and the heartbeat table) */
    public UnreadCapture(SourceDialect dialect, CaptureNames names, String task, Predicate<TableId> listed) {
        this.registry = new CaptureRegistry(dialect, names);
        this.names = names;
        this.task = task;
        this.listed = listed;
    }

    /** Reads the tables anew; one that was not among them at the last refresh is logged as a warning. */
    public synchronized void refresh(Connection c) throws SQLException {
        List<Table> found = find(c);
        Set<TableId> before = current.stream().map(Table::id).collect(Collectors.toSet());
        Set<TableId> now = found.stream().map(Table::id).collect(Collectors.toSet());
        found.stream().filter(t -> !before.contains(t.id())).forEach(t -> LOG.warn(t.warning()));
        before.stream().filter(id -> !now.contains(id)).forEach(id -> LOG.info("table {}: its capture is read again or was removed", id));
        current = found;
    }

    /** As of the last refresh. */
    public List<Table> current() {
        return current;
    }

    public List<Table> find(Connection c) throws SQLException {
        if (!registry.exists(c)) {
            return List.of();
        }
        List<Table> out = new ArrayList<>();
        CaptureRegistry.Subscriptions read = registry.subscriptions(c, task);
        read.mine().forEach((id, high) -> {
            if (!listed.test(id)) {
                out.add(new Table(id, "unlisted", high, "table " + id + " is captured for task " + task + ", whose hanacdc.tables no longer"
                        + " lists it: every write to it still adds a row to " + cdcTable(id) + ", which this task neither applies nor lets"
                        + " be purged. End its capture: " + Table.command(id) + " (or list the table again to resume where it stopped)"));
            }
        });
        for (TableId id : read.unsubscribed()) {
            out.add(new Table(id, "unsubscribed", 0, "table " + id + " is captured but no task reads it: every write to it still adds"
                    + " a row to " + cdcTable(id) + ", which nothing applies or purges. End its capture: " + Table.command(id)));
        }
        return out;
    }

    private String cdcTable(TableId id) {
        return "CDC table " + names.cdcSchema() + "." + names.cdcTable(id);
    }
}
