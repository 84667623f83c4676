package io.hanacdc.capture;

import io.hanacdc.source.CaptureLayout;
import io.hanacdc.source.TableStamp;
import java.util.Map;

/**
 * A capture version as the schema-history table records it ({@link CaptureVersionStore}).
 *
 * @param columnIds  the source's stable id of each column (see {@link TableStamp})
 * @param tableOid   the source table's object id when the version was recorded
 * @param switchHigh every row of earlier versions has a data id at most this (read after the switch took its locks)
 */
public record CaptureVersion(CaptureLayout layout, Map<String, Long> columnIds, long tableOid, long switchHigh) {
    /** Whether the source table is another object than the one this version captured (0: recorded without its id). */
    public boolean recreatedAs(TableStamp stamp) {
        return tableOid != 0 && tableOid != stamp.objectId();
    }

    /** The version's number: the {@code __$TRIGGER_ID} of the CDC rows its triggers write. */
    public int number() {
        return layout.captureVersion();
    }
}
