package io.hanacdc.sink.kafka;

import io.hanacdc.schema.SourceColumn;
import io.hanacdc.schema.SourceTable;
import io.hanacdc.sql.KeyRange;
import io.hanacdc.sql.RangeChecksums;
import io.hanacdc.sink.TargetRows;
import io.hanacdc.sink.TargetSession;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.function.Predicate;
import java.util.stream.Collectors;
import java.util.stream.LongStream;

/**
 * verify's reads of a table's topic: the last state per key (TopicState), each row decoded back into the values
 * the source side reads (EventValues). Keys are found by their JSON, rendered from the source's key values as
 * the events render them; the topic's keys are listed in the order of their JSON bytes. A topic too large to
 * hold is compared one bucket of keys per pass (TopicState#fitBuckets).
 */
final class KafkaRows implements TargetRows {
    private final SourceTable table;
    private final TopicState state;
    private List<ByteBuffer> sortedKeys;
    /** Renders source keys as the events do; one for all lookups. */
    private final EventJson keys;
    private final EventValues values;
    private int buckets = 1;
    /** The bucket the state holds; -1 before the first read. */
    private int bucket = -1;
    /** The keys each bucket held when last read. */
    private long[] sizes = new long[1];

    KafkaRows(SourceTable table, TypeModes modes, TopicState state) {
        this.table = table;
        this.state = state;
        this.keys = new EventJson("", null, table, modes, 0, 0);
        this.values = new EventValues(table, modes);
    }

    /** The keys of the topic: every bucket's as read in its pass, once the passes have run. */
    @Override
    public long count(TargetSession s) {
        if (buckets == 1) {
            read(0);
        }
        return LongStream.of(sizes).sum();
    }

    @Override
    public int passes(TargetSession s) {
        buckets = state.fitBuckets();
        bucket = 0;
        sizes = new long[buckets];
        sizes[0] = state.size();
        return buckets;
    }

    @Override
    public Predicate<Object[]> pass(TargetSession s, int p) {
        read(p);
        sortedKeys = null;
        return key -> bucketOf(key) == p;
    }

    /** Looks keys up bucket by bucket (a recheck's keys may come from any pass). */
    @Override
    public List<Object[]> rowsByKey(TargetSession s, List<Object[]> keys) {
        Map<Integer, List<Object[]>> byBucket = keys.stream().collect(Collectors.groupingBy(this::bucketOf, TreeMap::new, Collectors.toList()));
        List<Object[]> out = new ArrayList<>();
        byBucket.forEach((b, inBucket) -> {
            read(b);
            for (Object[] key : inBucket) {
                byte[] value = state.get(keyBytes(key));
                if (value != null) {
                    out.add(values.row(ConnectSchemas.payload(TopicState.read(value)).get("after")));
                }
            }
        });
        return out;
    }

    /** Brings the state of a bucket up to date, reading the topic again from its start when another bucket is held. */
    private void read(int b) {
        if (b != bucket) {
            state.select(b, buckets);
            bucket = b;
        }
        state.refresh();
        sizes[b] = state.size();
    }

    private int bucketOf(Object[] key) {
        return buckets == 1 ? 0 : TopicState.bucketOf(keyBytes(key).array(), buckets);
    }

    @Override
    public List<Object[]> keysAfter(TargetSession s, Optional<KeyRange> range, Object[] after, int limit) {
        if (range.isPresent()) {
            throw new IllegalStateException("a topic is compared row by row, never by key range");
        }
        if (after == null || sortedKeys == null) { // the keys as of the pass's start: a key added since is not extra yet
            read(Math.max(bucket, 0));
            sortedKeys = state.keys();
            Collections.sort(sortedKeys);
        }
        int from = after == null ? 0 : Collections.binarySearch(sortedKeys, keyBytes(after));
        from = after == null ? 0 : from >= 0 ? from + 1 : -from - 1;
        List<Object[]> out = new ArrayList<>();
        for (int i = from; i < sortedKeys.size() && out.size() < limit; i++) {
            out.add(values.key(TopicState.read(sortedKeys.get(i).array())));
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
