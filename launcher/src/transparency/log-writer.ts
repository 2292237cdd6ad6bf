import { sql, type Kysely } from 'kysely';
import {
  checkpointText,
  COMMITTING_EVENT_TYPES,
  commitmentChanged,
  commitmentFields,
  commitmentLeafHash,
  foldPick,
  IMPORT_METADATA_KEY,
  leafSaltOf,
  MerkleLog,
  parseEvent,
  signNote,
  upcastEvent,
  UNIT_SIZE_EVENT_TYPES,
  useWasmSha256,
  type CommittingEvent,
  type Pick as PickState,
} from '@bt/contracts';
import { appendsNoEventSql, START, type EventStore, type Position, type RecordedEvent } from '@bt/event-store';
import type { LogDatabase } from '@bt/query-api';

export interface LogWriterOptions {
  store: EventStore;
  /** The log's tables (query-api's logTables). */
  db: Kysely<LogDatabase>;
  /** The Ed25519 signing key (32-byte seed) and the log's origin, which names the key too. */
  secretKey: Uint8Array;
  origin: string;
  /** How often a checkpoint is signed while leaves arrive (at least once a minute). */
  signEveryMs: number;
  /** How often the follower looks for new events once caught up. */
  pollMs: number;
  log: (line: string) => void;
  clock?: () => Date;
}

const PAGE = 500;
const pickIdOf = (event: CommittingEvent) => ('betId' in event.data ? event.data.betId : event.data.parlayId);

/** A committing event of the log, read in the current schema; undefined for every other (and for one that does not parse). */
const committingEvent = (event: RecordedEvent): CommittingEvent | undefined => {
  if (!COMMITTING_EVENT_TYPES.includes(event.type)) return undefined;
  try {
    return parseEvent(event.type, upcastEvent(event).data) as CommittingEvent;
  } catch {
    return undefined; // the projector sets such an event aside; it commits to nothing
  }
};

/**
 * Appends one page of the event log's committing events to the log as leaves, in commit order, with
 * the follower's place, in one transaction: after a crash the log goes on from the last page that
 * committed, so no leaf is lost or appended twice. Returns how many events it read.
 */
export const followOnce = async (options: Pick<LogWriterOptions, 'store' | 'db'>): Promise<number> => {
  const { db } = options;
  await useWasmSha256(); // a leaf's four hashes at about half noble's CPU
  const at = await db.selectFrom('follower').selectAll().executeTakeFirst();
  const after: Position = at ? { commit: BigInt(at.position_commit), prepare: BigInt(at.position_prepare) } : START;
  const events = await options.store.readAll({ after, maxCount: PAGE });
  if (events.length === 0) return 0;
  await db.transaction().execute(async (trx) => {
    // It appends no event: readers of the log do not wait for it (a page of an import's events is
    // hundreds of picks, and every live read waited until they were written).
    await sql.raw(appendsNoEventSql).execute(trx);
    await sql`select pg_advisory_xact_lock(hashtext('transparency-log'))`.execute(trx);
    const now = await trx.selectFrom('follower').selectAll().executeTakeFirst();
    if ((now?.position_commit ?? '0') !== (at?.position_commit ?? '0') || (now?.position_prepare ?? '0') !== (at?.position_prepare ?? '0'))
      return; // another writer moved on
    const committing = events.flatMap((event) => {
      const parsed = committingEvent(event);
      return parsed ? [{ recorded: event, event: parsed }] : [];
    });
    const ids = [...new Set(committing.map(({ event }) => pickIdOf(event)))];
    const stored = ids.length === 0 ? [] : await trx.selectFrom('picks').selectAll().where('pick_id', 'in', ids).execute();
    const picks = new Map(stored.map((row) => [row.pick_id, row.state as PickState]));
    const last = await trx
      .selectFrom('leaves')
      .select(sql<string>`coalesce(max(index) + 1, 0)`.as('next'))
      .executeTakeFirstOrThrow();
    let next = Number(last.next);
    // A unit size applied later commits the units again, with the pick's last salt (the stake's digest stays
    // the same, so a verifier sees that only the units changed: anchorOf); a pick without a leaf (imported) gets none.
    const recommitted = [
      ...new Set(committing.filter(({ event }) => UNIT_SIZE_EVENT_TYPES.includes(event.type)).map(({ event }) => pickIdOf(event))),
    ];
    const lastSalt = new Map(
      recommitted.length === 0
        ? []
        : (
            await trx
              .selectFrom('leaves')
              .select(['pick_id', 'commitment_salt'])
              .where('pick_id', 'in', recommitted)
              .orderBy('index')
              .execute()
          ).map((row) => [row.pick_id, row.commitment_salt] as const),
    );
    const leaves: LogDatabase['leaves'][] = [];
    for (const { recorded, event } of committing) {
      const id = pickIdOf(event);
      const before = picks.get(id);
      const after = foldPick(before, event);
      if (!after) continue;
      picks.set(id, after);
      const salt = 'commitmentSalt' in event.data ? event.data.commitmentSalt : lastSalt.get(id);
      if (!salt || recorded.metadata[IMPORT_METADATA_KEY] !== undefined || !commitmentChanged(before, after)) continue;
      lastSalt.set(id, salt);
      const fields = commitmentFields(after, salt);
      leaves.push({
        index: String(next++),
        hash: commitmentLeafHash(fields, leafSaltOf(salt)),
        user_id: event.data.userId,
        pick_id: id,
        commitment_salt: salt,
        fields: JSON.stringify(fields),
        stake: String(after.data.stake),
        event_id: recorded.id,
        position_commit: String(recorded.position.commit),
        position_prepare: String(recorded.position.prepare),
      });
    }
    if (leaves.length > 0) await trx.insertInto('leaves').values(leaves).execute();
    const states = ids.flatMap((id) => (picks.has(id) ? [{ pick_id: id, state: JSON.stringify(picks.get(id)) }] : []));
    if (states.length > 0)
      await trx
        .insertInto('picks')
        .values(states)
        .onConflict((oc) => oc.column('pick_id').doUpdateSet((eb) => ({ state: eb.ref('excluded.state') })))
        .execute();
    await eraseDeletedUsers(trx, events);
    const end = events[events.length - 1].position;
    const position = { position_commit: String(end.commit), position_prepare: String(end.prepare) };
    await trx
      .insertInto('follower')
      .values({ id: 1, ...position })
      .onConflict((oc) => oc.column('id').doUpdateSet(position))
      .execute();
  });
  return events.length;
};

/**
 * An account's deletion (AccountDeleted) takes its picks' texts out of the log: its leaves keep
 * their hash, salt, stake and place (every other user's proofs go through them) but not their
 * fields, and its picks' states go. What was committed stays committed; what it said is gone.
 */
async function eraseDeletedUsers(trx: Kysely<LogDatabase>, events: readonly RecordedEvent[]): Promise<void> {
  const users = events.filter((e) => e.type === 'AccountDeleted').map((e) => (e.data as { userId: string }).userId);
  if (users.length === 0) return;
  await trx.updateTable('leaves').set({ fields: '{}' }).where('user_id', 'in', users).execute();
  await trx
    .deleteFrom('picks')
    .where(sql<string>`state -> 'data' ->> 'userId'`, 'in', users)
    .execute();
}

/**
 * The signer's memory of the tree, read on from what it last saw. It signs only leaves committed in
 * Postgres, and leaves are never rewritten, so every checkpoint it signs extends the ones before.
 */
export const createSigner = (options: Pick<LogWriterOptions, 'db' | 'secretKey' | 'origin' | 'clock'>) => {
  const { db } = options;
  const tree = new MerkleLog();
  const clock = options.clock ?? (() => new Date());
  return async (): Promise<number | undefined> => {
    const signed = await db
      .selectFrom('checkpoints')
      .select(sql<string>`coalesce(max(size), 0)`.as('size'))
      .executeTakeFirstOrThrow();
    const rows = await db.selectFrom('leaves').select(['index', 'hash']).where('index', '>=', String(tree.size)).orderBy('index').execute();
    for (const row of rows) {
      if (Number(row.index) !== tree.size) throw new Error(`the transparency log has no leaf ${tree.size}`);
      tree.append(row.hash);
    }
    if (tree.size <= Number(signed.size)) return undefined;
    const at = clock();
    const text = checkpointText({ origin: options.origin, size: tree.size, root: tree.root(), time: at.toISOString() });
    const note = signNote(text, options.origin, options.secretKey);
    await db
      .insertInto('checkpoints')
      .values({ size: String(tree.size), root: tree.root(), signed_at: at, note })
      .execute();
    return tree.size;
  };
};

/** Runs the follower and the signer until `stop()` (which lets a page or a signature in hand finish). */
export const startLogWriter = (options: LogWriterOptions): { stop(): Promise<void> } => {
  let stopped = false;
  const sleeping = new Set<() => void>();
  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        sleeping.delete(wake);
        resolve();
      };
      const timer = setTimeout(wake, ms);
      sleeping.add(wake);
    });
  const sign = createSigner(options);
  const loop = async (step: () => Promise<unknown>, everyMs: number, name: string) => {
    while (!stopped) {
      try {
        await step();
      } catch (error) {
        options.log(`transparency log ${name}: ${(error as Error).message}`);
      }
      if (!stopped) await sleep(everyMs);
    }
  };
  // Once caught up it reads a page per poll, not one per few events: a page's transaction and round
  // trips cost the same for 5 events as for 500, so while commands arrive they are paid once a poll
  // at most. Only a full page (a backlog) is followed by the next at once.
  const follow = async () => {
    while (!stopped && (await followOnce(options)) === PAGE);
  };
  const running = Promise.all([loop(follow, options.pollMs, 'follower'), loop(sign, options.signEveryMs, 'signer')]);
  return {
    async stop() {
      stopped = true;
      for (const wake of [...sleeping]) wake();
      await running;
    },
  };
};

/** A service's log writer, from its settings (TRANSPARENCY_ORIGIN, TRANSPARENCY_SIGN_EVERY_MS) and signing key. */
export const startConfiguredLogWriter = (
  store: EventStore,
  db: Kysely<LogDatabase>,
  secretKey: Uint8Array,
  config: { transparencyOrigin: string; transparencySignEveryMs: number },
  logger: { warn(line: string): void },
): { stop(): Promise<void> } =>
  startLogWriter({
    store,
    db,
    secretKey,
    origin: config.transparencyOrigin,
    signEveryMs: config.transparencySignEveryMs,
    // Leaves gathered once a second (sooner only when checkpoints are signed sooner): a page's
    // transaction then holds a second of commands, and no checkpoint waits for them longer.
    pollMs: Math.min(1_000, config.transparencySignEveryMs),
    log: (line) => logger.warn(line),
  });
