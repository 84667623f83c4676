package io.hanacdc.pipeline;

import io.hanacdc.capture.CaptureVersion;
import io.hanacdc.capture.TableHistory;
import io.hanacdc.checkpoint.PositionStore;
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
import io.hanacdc.target.mysql.MySqlTarget;
import io.hanacdc.target.mysql.RowWriter;
import io.hanacdc.target.mysql.TargetNaming;
import io.hanacdc.target.mysql.TargetTable;
import javax.sql.DataSource;

/** Assembles the worker of one table from the task's shared parts. */
final class TableWorkerFactory {
    private final CdcConfig cfg;
    private final SourceDialect dialect;
    private final CaptureNames names;
    private final DataSource source;
    private final MySqlTarget target;
    private final TargetNaming naming;
    private final PositionStore store;
    private final WatermarkChoice watermarks;
    private final TableObserver observer;
    private final ChangeHook hook;
    private final StreamSlots slots;

    TableWorkerFactory(CdcConfig cfg, SourceDialect dialect, CaptureNames names, DataSource source, MySqlTarget target,
                       TargetNaming naming, PositionStore store, WatermarkChoice watermarks, TableObserver observer, ChangeHook hook) {
        this.cfg = cfg;
        this.dialect = dialect;
        this.names = names;
        this.source = source;
        this.target = target;
        this.naming = naming;
        this.store = store;
        this.watermarks = watermarks;
        this.observer = observer;
        this.hook = hook;
        this.slots = new StreamSlots(cfg.parallelTables());
    }

    /** The worker of one table, whose capture versions the history lists. */
    TableWorker create(TableHistory history) {
        SourceTable table = history.latest().layout().table();
        TableShapes shapes = new TableShapes(history, this::shape, dialect);
        WatermarkReader watermark = watermarks.forTable(table);
        StreamStep stream = new StreamStep(watermark, new BatchReader(dialect, names, history), shapes,
                new TargetSchemaChange(cfg.schemaChanges(), target.flavor(), store, dialect.columnIdsSurviveRenames()),
                store, observer, hook, cfg.batchSize());
        TableCommands.Context commands = new TableCommands.Context(dialect, watermark,
                dialect.qualified(names.cdcSchema(), names.cdcTable(table.id())));
        VanishCheck vanishCheck = new VanishCheck(cfg.vanishCheck().interval(table.id()), new VanishQueries(dialect,
                dialect.qualified(table.id().schema(), table.id().name()), names.captureTables(dialect, table.id())), store, stream, observer);
        return new TableWorker(table, naming.describe(table.id()), source, target, stream, slots, new Resnapshot(stream), vanishCheck, store,
                commands, observer);
    }

    private TableShape shape(CaptureVersion version) {
        SourceTable table = version.layout().table();
        TargetTable targetTable = naming.table(table);
        RowWriter writer = new RowWriter(targetTable, target.flavor());
        int[] keyIndexes = table.primaryKey().stream().mapToInt(k -> table.columnNames().indexOf(k)).toArray();
        SnapshotCopier copier = new SnapshotCopier(dialect, table, writer, store, cfg.snapshotChunkSize(), hook, keyIndexes);
        return new TableShape(version, targetTable, writer, new KeyRefetcher(dialect, table), copier, keyIndexes);
    }
}
