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
 * @param state      whether the version captures, or marks capture suspended (triggers disabled) or resumed (the table is loaded anew)
 */
public record CaptureVersion(CaptureLayout layout, Map<String, Long> columnIds, long tableOid, long switchHigh, State state) {
    /**
     * What a version marks: capture as usual; capture suspended ({@code bin/hana-cdc suspend}: its triggers disabled, nothing
     * of the table is captured from its switch point on); capture resumed, after which the table is loaded anew since its
     * changes while suspended were not captured.
     */
    public enum State { CAPTURING, SUSPENDED, RESUMED }

    public CaptureVersion(CaptureLayout layout, Map<String, Long> columnIds, long tableOid, long switchHigh) {
        this(layout, columnIds, tableOid, switchHigh, State.CAPTURING);
    }

    /** Whether the source table is another object than the one this version captured (0: recorded without its id). */
    public boolean recreatedAs(TableStamp stamp) {
        return tableOid != 0 && tableOid != stamp.objectId();
    }

    /** The version's number: the {@code __$TRIGGER_ID} of the CDC rows its triggers write. */
    public int number() {
        return layout.captureVersion();
    }
}
