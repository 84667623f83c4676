/**
 * Which CDC rows are safe to apply: the watermark (H, A) of DESIGN §3 (docs/design.md) — PgQ's
 * snapshot idea, with the CDC sequence as the horizon.
 *
 * <p><b>Invariant.</b> Every CDC row with data id ≤ H that a batch does not return belongs to a
 * transaction in A (open when A was read) or was rolled back. Broken, rows are lost for good.
 *
 * <p><b>Why H → A → batch keeps it.</b> A trigger takes its data id inside its open transaction, so
 * every row with id ≤ H was written by a transaction that began before H was read. When A is read
 * after H, that transaction is in A or finished: committed, and visible to the batch that runs after,
 * or rolled back, and gone. A row held back by A is due once a later watermark no longer lists its
 * transaction. Read A before H, and a transaction that begins in between is neither in A nor
 * finished: its rows are skipped.
 *
 * <p><b>Forms.</b> {@link OpenTransactionsWatermark} reads H, then A, through the source dialect, which keeps
 * the SQL:
 * <ul>
 * <li>SAP HANA (READ COMMITTED, a snapshot per statement): H is a NEXTVAL of the NO CACHE sequence,
 *     ≥ every id allocated before it; A is SYS.M_TRANSACTIONS' UPDATE_TRANSACTION_IDs of every status
 *     but INACTIVE (needs CATALOG READ to see other users' transactions).
 * <li>PostgreSQL: H is the sequence's last_value; A is what pg_current_snapshot() does not show: its
 *     xip list and every xid ≥ its xmax ({@link Watermark#openFrom}). The row write assigns the xid
 *     before its trigger's nextval, and a transaction that gets an xid after the snapshot gets one
 *     ≥ xmax, so the batch may run in any later statement. For the same reason a snapshot taken before H
 *     holds every transaction that took an id up to H and is not finished: H and A are one statement.
 * </ul>
 * <p><b>Keeping A.</b> A watermark that held no transaction open (none listed, no open-ended part) stays true for a
 * later H while no id was taken since but the ones reading H takes (HANA's own NEXTVAL): every row at or below H
 * was written by a transaction finished at it. {@link OpenTransactionsWatermark} then keeps that A unread, which
 * spares HANA's M_TRANSACTIONS at each idle tick. Never a PostgreSQL snapshot: a transaction at or above its xmax
 * may have written below H, and a kept A would hold its rows until the next id is taken.
 *
 * Without the right to read A, {@link GapProbeWatermark} settles each missing id by inserting a
 * placeholder row with it (needs only DML on the CDC schema); {@link WatermarkChoice} picks the form.
 *
 * <p><b>Batch.</b> {@code id ≤ H_now ∧ tx ∉ A_now ∧ (id > H_prev ∨ tx ∈ A_prev)}, in id order:
 * {@link StreamRange#selects} in Java, {@link BatchPredicate} in SQL. A window is drained, in batches,
 * before the next watermark is read.
 *
 * <p><b>Tests.</b> WatermarkModelTest runs {@link StreamRange} against random schedules of concurrent
 * transactions (as shared/model/watermark_sim.py): an exact A and PostgreSQL snapshots lose nothing, a snapshot
 * also when taken before H; an exact A read before H, or xmax ignored, lose rows; so do an A kept after ids were taken, or a snapshot kept
 * (OpenTransactionsWatermarkTest: when the reader keeps A). BatchQueryEquivalence, run by the source behaviour
 * suite on every source (HANA's SQL on a live HANA): the SQL selects exactly what {@link StreamRange#selects} does. IsolationTest and GapProbeTest: real concurrent source
 * transactions (PostgreSQL; SAP HANA's too where a live one is configured). WatermarkProbeTest: {@code hana-cdc check}'s watermark probe, which checks the
 * guarantee on the user's own engine, fails when A misses an open transaction. HanaSqlGoldenTest pins
 * HANA's H, A and batch SQL, every status but INACTIVE counting as open.
 */
package io.hanacdc.watermark;
