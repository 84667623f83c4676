package io.hanacdc.pipeline;

import io.hanacdc.common.CdcException;
import io.hanacdc.schema.TableId;

/**
 * A streamed table has no key any more at the source: its rows no longer find their target row, so the table stops
 * before another batch is applied by the old key. Rows changed between the key's loss and this check may have been
 * merged on the target, hence the copy the message asks for.
 */
final class KeyLostException extends CdcException {
    KeyLostException(TableId table) {
        super("table " + table + " is stopped: it has no key any more at the source (its primary key, or the unique index over NOT NULL"
                + " columns that served as its key, was dropped, or a key column now takes NULL). Give it a key again, then load it"
                + " anew: bin/hana-cdc resnapshot " + table + " (rows changed since the key went may have been merged on the target)");
    }
}
