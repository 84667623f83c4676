package io.hanacdc.pipeline;

import io.hanacdc.capture.CaptureVersion;
import io.hanacdc.schema.SourceTable;
import io.hanacdc.snapshot.SnapshotCopier;
import io.hanacdc.stream.KeyRefetcher;
import io.hanacdc.target.mysql.RowWriter;
import io.hanacdc.target.mysql.TargetTable;

/** What applying rows of one capture version needs: the version's shape on the target, its writer, re-reader and copier. */
record TableShape(CaptureVersion version, TargetTable target, RowWriter writer, KeyRefetcher refetcher, SnapshotCopier copier,
                  int[] keyIndexes) {
    SourceTable table() {
        return version.layout().table();
    }
}
