package io.hanacdc.stream;

/**
 * One change as a target that passes every change on (Kafka) sees it: one per CDC row, in data-id order,
 * never coalesced, and one per row a (re-)snapshot copied.
 *
 * @param kind   what happened to the row
 * @param values the whole row (INSERT, UPDATE, READ), the key values (DELETE), null (TRUNCATE); in the table's column order
 * @param cdc    the CDC row it stands for (data id, transaction, capture time and version); null for a copied row, and
 *               for the changes a change route returned, which are coalesced
 */
public record ChangeEvent(Kind kind, Object[] values, ChangeRow cdc) {
    public enum Kind { INSERT, UPDATE, DELETE, TRUNCATE, READ }
}
