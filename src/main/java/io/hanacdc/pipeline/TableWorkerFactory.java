package io.hanacdc.pipeline;

import io.hanacdc.capture.CaptureVersion;
import io.hanacdc.capture.CaptureVersions;
import io.hanacdc.config.CdcConfig;
import io.hanacdc.schema.SourceTable;
import io.hanacdc.snapshot.SnapshotCopier;
import io.hanacdc.source.CaptureNames;
import io.hanacdc.source.SourceDialect;
import io.hanacdc.stream.BatchReader;
import io.hanacdc.stream.ChangeHook;
import io.hanacdc.stream.KeyRefetcher;
import io.hanacdc.stream.VanishQueries;
import io.hanacdc.watermark.WatermarkChoice;
import io.hanacdc.watermark.WatermarkReader;
import io.hanacdc.sink.Target;
import io.hanacdc.sink.TargetTable;
import java.util.Optional;
import java.util.concurrent.Executor;
import javax.sql.DataSource;

/** Assembles the worker of one table from the task's shared parts. */
final class TableWorkerFactory {
    private final CdcConfig cfg;
    private final SourceDialect dialect;
    private final CaptureNames names;
    private final DataSource source;
    private final Target target;
    private final WatermarkChoice watermarks;
    private final TableObserver observer;
    private final ChangeHook hook;
    private final StreamSlots slots;
    private final Executor readers;

    TableWorkerFactory(CdcConfig cfg, SourceDialect dialect, CaptureNames names, DataSource source, Target target,
                       WatermarkChoice watermarks, TableObserver observer, ChangeHook hook, Executor readers) {
        this.cfg = cfg;
        this.dialect = dialect;
        this.names = names;
        this.source = source;
        this.target = target;
        this.watermarks = watermarks;
        this.observer = observer;
        this.hook = hook;
        this.slots = new StreamSlots(cfg.parallelTables());
        this.readers = readers;
    }

    /** The worker of one table with the given capture versions; {@code keyIndex}: the unique index serving as its key, if no primary key. */
    TableWorker create(CaptureVersions versions, Optional<String> keyIndex) {
        SourceTable table = versions.latest().layout().table();
        TableShapes shapes = new TableShapes(versions, this::shape, dialect);
        WatermarkReader watermark = watermarks.forTable(table);
        StreamStep stream = new StreamStep(watermark, new BatchReader(dialect, names, versions), shapes,
                new TargetSchemaChange(cfg.schemaChanges(), target, dialect.columnIdsSurviveRenames()),
                target, observer, hook, cfg.batchSize());
        TableCommands.Context commands = new TableCommands.Context(dialect, watermark,
                dialect.qualified(names.cdcSchema(), names.cdcTable(table.id())));
        VanishCheck vanishCheck = new VanishCheck(cfg.vanishCheck().interval(table.id()), new VanishQueries(dialect,
                dialect.qualified(table.id().schema(), table.id().name()), names.captureTables(dialect, table.id())), target, stream, observer);
        return new TableWorker(table, target.describe(table.id()), keyIndex, source, target, stream, slots, new Resnapshot(stream), vanishCheck,
                commands, observer, readers);
    }

    private TableShape shape(CaptureVersion captureVersion) {
        SourceTable table = captureVersion.layout().table();
        TargetTable targetTable = target.table(table, captureVersion.number());
        int[] keyIndexes = table.primaryKey().stream().mapToInt(k -> table.columnNames().indexOf(k)).toArray();
        SnapshotCopier copier = new SnapshotCopier(dialect, table, targetTable, target, cfg.snapshotChunkSize(), hook, keyIndexes, readers);
        return new TableShape(captureVersion, targetTable, new KeyRefetcher(dialect, table), copier, keyIndexes);
    }
}
