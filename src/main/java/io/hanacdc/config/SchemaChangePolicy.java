package io.hanacdc.config;

import io.hanacdc.common.CdcException;
import io.hanacdc.schema.TableId;
import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;
import java.util.function.Function;

/**
 * What the target does with each kind of source schema change: {@code hanacdc.schema-changes.<kind>}
 * for all tables, {@code hanacdc.schema-changes.<kind>.<schema>.<table>} for one. Capture always follows
 * the source (so the business's writes never fail on it); the policy decides whether the target table follows.
 */
public final class SchemaChangePolicy {
    public enum Kind {
        ADD_COLUMN(Action.APPLY, "a column added"), DROP_COLUMN(Action.APPLY, "a column dropped"),
        RENAME_COLUMN(Action.APPLY, "a column renamed"),
        WIDEN_COLUMN(Action.APPLY, "a column widened so every old value fits (longer varchar, bigger integer or decimal, NOT NULL to NULL…)"),
        /** Any other type or nullability change: values may not fit the target's column any more. */
        CHANGE_TYPE(Action.STOP, "any other change of a column's type or nullability (a narrowing that could truncate target data)"),
        CHANGE_KEY(Action.STOP, "a change of the primary key"),
        /** The source table was dropped and created again: the target is emptied and copied anew. */
        RECREATE_TABLE(Action.APPLY, "the table dropped and created again: `apply` empties the target table and loads it anew");

        final Action fallback;
        /** The change, as the configuration reference names it. */
        final String doc;

        Kind(Action fallback, String doc) {
            this.fallback = fallback;
            this.doc = doc;
        }

        public String key() {
            return name().toLowerCase(Locale.ROOT).replace('_', '-');
        }

        /** {@code hanacdc.schema-changes.<kind>}, the setting for all tables; with {@code .<schema>.<table>} appended, for one. */
        public String setting() {
            return "hanacdc.schema-changes." + key();
        }
    }

    /** IGNORE keeps the target as it is: a dropped column stays (made nullable); no other kind allows it. */
    public enum Action { APPLY, IGNORE, STOP }

    private final Function<String, Optional<String>> props;

    public SchemaChangePolicy(Function<String, Optional<String>> props) {
        this.props = props;
        for (Kind k : Kind.values()) {
            action(k, k.setting()); // bad values fail at start
        }
    }

    public Action action(Kind kind, TableId table) {
        String perTable = kind.setting() + "." + table.schema() + "." + table.name();
        return props.apply(perTable).isPresent() ? action(kind, perTable) : action(kind, kind.setting());
    }

    private Action action(Kind kind, String key) {
        String value = props.apply(key).map(String::strip).orElse(kind.fallback.name()).toUpperCase(Locale.ROOT);
        Action action = Arrays.stream(Action.values()).filter(a -> a.name().equals(value)).findFirst()
                .orElseThrow(() -> new CdcException(key + " must be apply, ignore or stop, not '" + value.toLowerCase(Locale.ROOT) + "'"));
        if (action == Action.IGNORE && kind != Kind.DROP_COLUMN) {
            throw new CdcException(key + "=ignore is not possible: only a dropped column can be kept on the target (use apply or stop)");
        }
        return action;
    }
}
