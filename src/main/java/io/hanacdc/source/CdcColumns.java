package io.hanacdc.source;

/** Bookkeeping columns of every CDC table (DESIGN §2). */
public final class CdcColumns {
    public static final String DATA_ID = "__$DATA_ID";
    public static final String TRIGGER_ID = "__$TRIGGER_ID";
    public static final String TRANSACTION_ID = "__$TRANSACTION_ID";
    public static final String CREATE_TIME = "__$CREATE_TIME";
    public static final String OPERATION = "__$OPERATION";

    /** Capture version of rows written between a source ALTER and capture following it (keys only, re-read under the next version). */
    public static final int GAP_CAPTURE_VERSION = 0;

    public static final int OP_DELETE = 1;
    public static final int OP_INSERT = 2;
    public static final int OP_UPDATE_BEFORE = 3;
    public static final int OP_UPDATE_AFTER = 4;
    /**
     * A key to re-read from the source (upsert its row, or delete it when gone): a key whose capture
     * failed (HANA record-and-resync), or the old key of a HANA update that changed the key.
     */
    public static final int OP_RESYNC = 5;
    /** The table was emptied (PostgreSQL TRUNCATE): no row image; every row captured before it is gone, every row after it stays. */
    public static final int OP_TRUNCATE = 6;
    /**
     * The after-image of an update that moved a row to a new key: the same transaction's previous row in the CDC table is
     * that row's old key ({@link #OP_UPDATE_BEFORE}, or {@link #OP_RESYNC} on HANA), so the target can move its row by an
     * UPDATE of the key, keeping what refers to it, instead of a delete and an insert. Written only where the pair is
     * certain: every row trigger's key change; a statement trigger's only in a statement of one row.
     */
    public static final int OP_UPDATE_AFTER_NEW_KEY = 7;
    /**
     * The old key of a row moved to another key that another row of the same statement holds again (UPDATE … SET K = K + 1):
     * neither removed nor re-read, only the pair of the new image after it (PostgreSQL's row triggers, which see the
     * statement's end; HANA's record {@link #OP_RESYNC} instead, not knowing whether another row will take the key).
     */
    public static final int OP_MOVED_FROM = 8;

    /** Registry of installed capture, one row per source table, in the CDC schema. */
    public static final String CAPTURE_REGISTRY = "hanacdc_capture";
    /** Every capture version of every captured table: its layout, and the data id up to which rows of earlier versions were written. */
    public static final String SCHEMA_HISTORY = "hanacdc_schema_history";
    /** Which task reads which captured table, in the CDC schema. */
    public static final String SUBSCRIPTIONS = "hanacdc_subscription";
    /** One row per task, updated every few seconds and captured like any table: proves the whole pipeline alive. */
    public static final String HEARTBEAT = "hanacdc_heartbeat";
    /** Replicas sharing a task: one row per live replica, its heartbeat count and admin address. */
    public static final String REPLICAS = "hanacdc_replica";
    /** Replicas sharing a task: which replica owns each table, and to which one it is being handed. */
    public static final String TABLE_OWNERS = "hanacdc_table_owner";
    /** The preflight gate's last pass per task: a fingerprint of the capture versions and settings its probes proved. */
    public static final String GATE_PASSES = "hanacdc_preflight";
    /** The shared data-id sequence, in the CDC schema. */
    public static final String SEQUENCE = "hanacdc_data_id";

    private CdcColumns() {}
}
