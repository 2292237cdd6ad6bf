/**
 * The advisory lock (two int4 keys, "bt_e" and "ro") a transaction on the event store's database
 * takes, as its first statement, to say that it appends no event: readers of the log then do not
 * wait for it to end (`readable_horizon()`, migration 2026-11-28-002). Only for transactions that
 * never append, or an event could be read past before it commits.
 */
export const READ_ONLY_LOCK: readonly [number, number] = [0x62745f65, 0x726f];

/** The statement that marks the transaction it runs in as appending no event (READ_ONLY_LOCK). */
export const appendsNoEventSql = `select pg_advisory_xact_lock_shared(${READ_ONLY_LOCK[0]}, ${READ_ONLY_LOCK[1]})`;
