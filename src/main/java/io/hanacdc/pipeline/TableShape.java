package io.hanacdc.pipeline;

import io.hanacdc.capture.CaptureVersion;
import io.hanacdc.schema.SourceTable;
import io.hanacdc.snapshot.SnapshotCopier;
import io.hanacdc.stream.KeyRefetcher;
import io.hanacdc.sink.TargetTable;

/** What applying rows of one capture version needs: the version's shape on the target (which writes them), its re-reader and copier. */
record TableShape(CaptureVersion captureVersion, TargetTable target, KeyRefetcher refetcher, SnapshotCopier copier,
                  int[] keyIndexes) {
    SourceTable table() {
        return captureVersion.layout().table();
    }
}
