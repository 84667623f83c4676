package io.hanacdc.verify;

import java.util.ArrayList;
import java.util.List;
import java.util.function.LongConsumer;

/**
 * What the comparison of one table has found so far: the differences (the first MAX_LISTED listed,
 * the rest counted), the source rows covered, and the rows read into this process to compare them.
 */
final class Findings {
    static final int MAX_LISTED = 1000;
    private final List<Difference> listed = new ArrayList<>();
    private final LongConsumer progress;
    private long unlisted;
    private long compared;
    private long fetched;

    /** @param progress receives the number of source rows compared so far, after each step */
    Findings(LongConsumer progress) {
        this.progress = progress;
    }

    void add(Difference d) {
        if (listed.size() < MAX_LISTED) {
            listed.add(d);
        } else {
            unlisted++;
        }
    }

    /** Source rows found equal or compared. */
    void compared(long rows) {
        compared += rows;
        progress.accept(compared);
    }

    void fetched(long rows) {
        fetched += rows;
    }

    TableComparison.Outcome outcome(long sourceRows, long targetRows, String method) {
        return new TableComparison.Outcome(sourceRows, targetRows, compared, List.copyOf(listed), unlisted, fetched, method);
    }
}
