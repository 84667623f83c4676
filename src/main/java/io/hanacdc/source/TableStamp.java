package io.hanacdc.source;

import io.hanacdc.schema.TableId;
import java.util.Map;

/**
 * What the schema poll reads of one table in one catalog query: the table's object id (a dropped and
 * re-created table gets a new one), a fingerprint of its columns, key and defaults (any change to the
 * table's shape changes it), and each column's stable id (a renamed column keeps its id).
 */
public record TableStamp(TableId table, long objectId, String fingerprint, Map<String, Long> columnIds) {}
