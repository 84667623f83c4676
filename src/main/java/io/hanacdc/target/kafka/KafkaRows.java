package io.hanacdc.target.kafka;

import io.hanacdc.schema.SourceColumn;
import io.hanacdc.schema.SourceTable;
import io.hanacdc.sql.KeyRange;
import io.hanacdc.sql.RangeChecksums;
import io.hanacdc.target.TargetRows;
import io.hanacdc.target.TargetSession;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;

/**
 * verify's reads of a table's topic: the last state per key (TopicState), each row decoded back into the values
 * the source side reads (EventValues). Keys are found by their JSON, rendered from the source's key values as
 * the events render them; the topic's keys are listed in the order of their JSON bytes.
 */
final class KafkaRows implements TargetRows {
    private final SourceTable table;
    private final TopicState state;
    private List<ByteBuffer> sortedKeys;
    /** Renders source keys as the events do; one for all lookups. */
    private final EventJson keys;

    KafkaRows(SourceTable table, TopicState state) {
        this.table = table;
        this.state = state;
        this.keys = new EventJson("", null, table, 0, 0);
    }

    @Override
    public long count(TargetSession s) {
        state.refresh();
        return state.size();
    }

    @Override
    public List<Object[]> rowsByKey(TargetSession s, List<Object[]> keys) {
        state.refresh();
        List<Object[]> out = new ArrayList<>();
        for (Object[] key : keys) {
            byte[] value = state.get(keyBytes(key));
            if (value != null) {
                out.add(EventValues.row(table, ConnectSchemas.payload(TopicState.read(value)).get("after")));
            }
        }
        return out;
    }

    @Override
    public List<Object[]> keysAfter(TargetSession s, Optional<KeyRange> range, Object[] after, int limit) {
        if (range.isPresent()) {
            throw new IllegalStateException("a topic is compared row by row, never by key range");
        }
        if (after == null || sortedKeys == null) { // the keys as of the pass's start: a key added since is not extra yet
            state.refresh();
            sortedKeys = state.keys();
            Collections.sort(sortedKeys);
        }
        int from = after == null ? 0 : Collections.binarySearch(sortedKeys, keyBytes(after));
        from = after == null ? 0 : from >= 0 ? from + 1 : -from - 1;
        List<Object[]> out = new ArrayList<>();
        for (int i = from; i < sortedKeys.size() && out.size() < limit; i++) {
            out.add(EventValues.key(table, TopicState.read(sortedKeys.get(i).array())));
        }
        return out;
    }

    @Override
    public List<String> missingColumns(TargetSession s) {
        return List.of(); // every event carries all columns of its capture version
    }

    @Override
    public Optional<String> checksumsUnavailable() {
        return Optional.of("a topic has no SQL to sum rows with");
    }

    @Override
    public Optional<SourceColumn> unrenderable() {
        return Optional.empty();
    }

    @Override
    public void close() {
        keys.close();
        state.close();
    }

    @Override
    public RangeChecksums.Bounds bounds(TargetSession s) {
        throw new IllegalStateException("a topic is compared row by row");
    }

    @Override
    public List<RangeChecksums.Sum> sums(TargetSession s, List<KeyRange> parts) {
        throw new IllegalStateException("a topic is compared row by row");
    }

    /** A source key as the topic's keys are held (TopicState): as the events render it. */
    private ByteBuffer keyBytes(Object[] key) {
        return ByteBuffer.wrap(TopicState.payload(keys.key(key, true)));
    }
}
