package io.hanacdc.source;

import io.hanacdc.schema.TableId;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.function.ToIntFunction;

/**
 * Names of the capture objects of a table, derived deterministically from the source table so that
 * install, uninstall and every replica agree without asking. Names that would exceed the source's
 * identifier limit keep a readable prefix and end in a hash of the full name, so two long names
 * that differ only at the end still differ.
 */
public final class CaptureNames {
    private static final int HASH_CHARS = 12;
    private final String cdcSchema;
    private final int maxBytes;
    private final ToIntFunction<String> length;

    /** Names measured in UTF-8 bytes. */
    public CaptureNames(String cdcSchema, int maxBytes) {
        this(cdcSchema, maxBytes, s -> s.getBytes(StandardCharsets.UTF_8).length);
    }

    /** Names within the source's identifier limit, measured as the source measures them. */
    public CaptureNames(String cdcSchema, SourceDialect dialect) {
        this(cdcSchema, dialect.maxIdentifierBytes(), dialect::identifierBytes);
    }

    private CaptureNames(String cdcSchema, int maxBytes, ToIntFunction<String> length) {
        this.cdcSchema = cdcSchema;
        this.maxBytes = maxBytes;
        this.length = length;
    }

    public String cdcSchema() {
        return cdcSchema;
    }

    public String sequence() {
        return CdcColumns.SEQUENCE;
    }

    /** CDC table: {@code <schema>$<table>} in the CDC schema. */
    public String cdcTable(TableId t) {
        return fit(t.schema() + "$" + t.name(), "");
    }

    /** The table's capture-error table (keys whose capture failed), in the CDC schema. */
    public String errorTable(TableId t) {
        return fit(t.schema() + "$" + t.name(), "$err");
    }

    /** The table's qualified capture tables: its CDC table, then its capture-error table where triggers record failures. */
    public List<String> captureTables(SourceDialect dialect, TableId t) {
        List<String> out = new ArrayList<>();
        out.add(dialect.qualified(cdcSchema, cdcTable(t)));
        if (dialect.recordsCaptureErrors()) {
            out.add(dialect.qualified(cdcSchema, errorTable(t)));
        }
        return out;
    }

    /** Trigger (or trigger function) for one operation: ins, upd, del, fn. */
    public String trigger(TableId t, String kind) {
        return fit(t.schema() + "$" + t.name(), "$" + kind);
    }

    /** A CDC-table column for a source column, with a suffix telling versions apart; shortened like other names when too long. */
    public String cdcColumn(String column, String suffix) {
        return fit(column, suffix);
    }

    private String fit(String base, String suffix) {
        String full = base + suffix;
        if (bytes(full) <= maxBytes) {
            return full;
        }
        String tail = "~" + hash(base) + suffix;
        int room = maxBytes - bytes(tail);
        StringBuilder prefix = new StringBuilder();
        for (int i = 0; i < base.length(); ) {
            int cp = base.codePointAt(i);
            String ch = new String(Character.toChars(cp));
            if (bytes(prefix.toString()) + bytes(ch) > room) {
                break;
            }
            prefix.append(ch);
            i += Character.charCount(cp);
        }
        return prefix + tail;
    }

    private int bytes(String s) {
        return length.applyAsInt(s);
    }

    private static String hash(String s) {
        try {
            byte[] d = MessageDigest.getInstance("SHA-256").digest(s.getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(d).substring(0, HASH_CHARS);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
