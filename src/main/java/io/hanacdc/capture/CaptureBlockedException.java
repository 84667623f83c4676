package io.hanacdc.capture;

import io.hanacdc.common.CdcException;
import io.hanacdc.schema.TableId;
import java.sql.SQLException;
import java.util.List;

/**
 * Capture of a table must change (move to a new version, or its triggers be re-created) and the
 * source user may not do it. The message names the table, says why, and carries the script a DBA runs
 * as it is; the table stays stopped until it has run, since the changes it re-reads must not be lost.
 */
public final class CaptureBlockedException extends CdcException {
    CaptureBlockedException(TableId table, String what, SQLException cause, List<String> script) {
        super("table " + table + " is stopped: " + what + ", which the source user may not do (" + cause.getMessage().strip() + ")."
                + " A DBA (or the table's owner) runs this script as it is, in one session; the table goes on by itself at the next"
                + " schema check:\n" + String.join(";\n", script) + ";", cause);
    }
}
