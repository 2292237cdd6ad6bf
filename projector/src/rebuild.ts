import { availableParallelism } from 'node:os';
import type { Kysely } from 'kysely';
import { SingleBar } from 'cli-progress';
import { createDb, createLogger, type Logger } from '@bt/platform';
import {
  comparePositions,
  formatPosition,
  parsePosition,
  START,
  type EventStore,
  type PersonalDataSettings,
  type Position,
} from '@bt/event-store';
import { CHECKPOINT_NAME, type Database, READ_MODELS, type ReadModelName, READ_SCHEMA, WHOLE } from '@bt/read-models';
import { buildDeferredIndexes, prepareShadow, takeRebuildLock } from './rebuild-shadow';
import { foldLog, releaseAll, type FoldResult, type RebuildTimings } from './rebuild-fold';
import { foldInPartitions } from './rebuild-partitions';
import { bucketsDone, EVENTS_PER_BUCKET, foldInBuckets } from './rebuild-buckets';
import { catchUpAndSwap } from './rebuild-catch-up';
import { catchUpOnly, liveUntil } from './rebuild-only';
import type { ReadModelDiff } from './rebuild-diff';

/** What a partition's worker thread (rebuild-worker.ts) takes from the rebuild. */
export { foldLog } from './rebuild-fold';
export { partitionCheckpoint } from './rebuild-shadow';
export type { PartitionMessage, PartitionWork } from './rebuild-partitions';

export interface RebuildOptions {
  store: EventStore;
  /** Postgres holding the read models. */
  databaseUrl: string;
  /** Drop a half-built shadow schema and start from the first event (default: resume it). */
  fresh?: boolean;
  /** Events per page of the log; default 5000. */
  pageSize?: number;
  /**
   * Save state and checkpoint (in the background, while folding goes on) after this many events...;
   * default 200,000: Postgres writes one flush on the other core while the next is folded (every
   * 1,000,000 left it idle during the fold, then the fold waiting for it: 7.1k events/s over 996,895
   * events, against 8.8k).
   */
  flushEveryEvents?: number;
  /** ...or this long (ms), whichever comes first; default 60,000. What a killed rebuild can lose. */
  flushEveryMs?: number;
  /** Show a progress bar (events/s, ETA) on stderr. */
  progress?: boolean;
  log?: (line: string) => void;
  /** Progress at each saved flush (info); the platform's logger by default. */
  logger?: Logger;
  /** When a user's next snapshot for asOf replays is due (snapshots/snapshots.ts; tests take them often). */
  snapshots?: { minEvents?: number; growth?: number };
  /** Called after each saved flush (tests use it to kill a rebuild half-way). */
  onFlush?: (position: string) => void;
  /**
   * Fold the users in this many groups by the projector partitions' hash, each in its own worker
   * thread reading the log (default 1: one fold in this thread). More folds at once use more cores.
   */
  partitions?: number;
  /** Groups folded at once (default: all of them); fewer bound the memory (each holds its users' states). */
  parallel?: number;
  /**
   * Buckets of users folded at once (each in a worker thread) by a rebuild in buckets (one group,
   * from the first event); default: two for a log of more than four buckets' worth, on more than one core.
   */
  threads?: number;
  /** The event store's URL, for the worker threads' own connections; required with `partitions` above 1. */
  eventStoreUrl?: string;
  /** The keys of the personal fields, for the worker threads' stores (as `store` has them). */
  personalData?: PersonalDataSettings;
  /**
   * Swap in these read models only (rebuild-only.ts), caught up to the live checkpoints, while the
   * others keep being projected live; default: every one, as one schema.
   */
  only?: readonly ReadModelName[];
  /** Compare the rebuilt read models (`only`'s, or all) with the live ones (the result's `diff`); swapped only with `swap`. */
  diff?: boolean;
  swap?: boolean;
  /** The code's versions recorded for the swapped read models (READ_MODEL_VERSIONS by default; tests bump one). */
  versions?: Readonly<Partial<Record<ReadModelName, number>>>;
  /** With `only`: which of them still want a rebuild, asked once the rebuild lock is held (none: nothing is done). */
  stillWanted?: (db: Kysely<Database>) => Promise<ReadModelName[]>;
}

export interface RebuildResult {
  /** Events folded by this run (a resumed run counts only its own). */
  events: number;
  /** The checkpoint the new read models start from. */
  position: string | undefined;
  /** Where this run resumed from, when a shadow schema was already half built. */
  resumedFrom: string | undefined;
  seconds: number;
  eventsPerSecond: number;
  /** Where the time went (ms): waiting for pages of the log, folding, waiting for flushes, the final swap. */
  timings: RebuildTimings;
  /** Users set aside because an event of theirs could not be projected (see projection_failures). */
  setAside: number;
  /** With `diff`: how each read model's rebuilt rows differ from the live ones. */
  diff?: ReadModelDiff[];
  /** False when `diff` without `swap` (or nothing `stillWanted`) left the live read models as they were. */
  swapped: boolean;
  /** The read models swapped in alone (`only`, after `stillWanted`). */
  only?: ReadModelName[];
}

/** The progress bar on stderr (events/s, ETA) up to the log's head, or nothing when not wanted. */
const progressBar = (enabled: boolean | undefined, head: Position, resumedFrom: string | undefined) => {
  if (!enabled) return undefined;
  const started = performance.now();
  const bar = new SingleBar({
    stream: process.stderr,
    format: 'Rebuilding read models [{bar}] {percentage}% | {value}/{total} | {speed} events/s | ETA {eta_formatted}',
    etaBuffer: 20,
    fps: 5,
    hideCursor: true,
  });
  bar.start(Math.max(Number(head.prepare), 1), Number(resumedFrom ? (parsePosition(resumedFrom)?.prepare ?? 0) : 0), { speed: 0 });
  return {
    update(prepare: bigint, events: number) {
      const seconds = (performance.now() - started) / 1000;
      if (Number(prepare) > bar.getTotal()) bar.setTotal(Number(prepare));
      bar.update(Number(prepare), { speed: Math.round(events / Math.max(seconds, 0.001)) });
    },
    stop: () => bar.stop(),
  };
};

/**
 * Rebuilds every read model from the first event into the shadow schema, then swaps it in.
 *
 * The same engine as the live projector folds the whole log in memory (readAllPages), and every
 * `flushEveryEvents`/`flushEveryMs` writes the changed rows (new ones by COPY) with the shadow
 * checkpoint in one transaction, in the background while folding goes on. A killed rebuild therefore resumes from
 * its last flush when run again. Once caught up, under the lock every live write takes, it folds
 * the last events, renames `read` away and the shadow to `read`, drops the old one and notifies,
 * all in one transaction: readers see the old models or the new ones, never neither. The live
 * projector notices on its next write and follows on from the new checkpoint.
 *
 * With `partitions` above 1, the users are folded in that many groups (the projector partitions'
 * hash), each in a worker thread that reads the whole log and folds its users' events up to the
 * log's head when the rebuild started, with its own checkpoint row (a killed run resumes each
 * group from its own); `parallel` of them at once. The catch-up then folds on from that position
 * for everyone, each user's state loaded from the rows the groups wrote.
 *
 * Its phases: the rebuild lock and the shadow schema made ready (rebuild-shadow.ts), the fold
 * (rebuild-fold.ts, or rebuild-partitions.ts in groups), the deferred indexes and the releases of
 * ended imports, then the catch-up and the swap (rebuild-catch-up.ts).
 */
export async function rebuildReadModels(options: RebuildOptions): Promise<RebuildResult> {
  const { store } = options;
  const pageSize = options.pageSize ?? 5000;
  const flushEveryEvents = options.flushEveryEvents ?? 200_000;
  const flushEveryMs = options.flushEveryMs ?? 60_000;
  const partitions = options.partitions ?? 1;
  const log = options.log ?? (() => undefined);
  const logger = options.logger ?? createLogger('rebuild');
  if (!Number.isInteger(partitions) || partitions < 1) throw new Error('rebuild: partitions: a whole number, 1 or more');
  if (partitions > 1 && !options.eventStoreUrl)
    throw new Error('rebuild: partitions above 1 need the event store URL (their threads connect)');
  const { db, pool } = createDb<Database>(options.databaseUrl, 4);
  let unlock: (() => Promise<void>) | undefined;
  let bar: ReturnType<typeof progressBar>;
  try {
    unlock = await takeRebuildLock(pool);
    const only = options.stillWanted ? await options.stillWanted(db) : options.only;
    if (only?.length === 0) {
      const timings = { read: 0, fold: 0, write: 0, swap: 0 };
      return {
        events: 0,
        position: undefined,
        resumedFrom: undefined,
        seconds: 0,
        eventsPerSecond: 0,
        timings,
        setAside: 0,
        swapped: false,
      };
    }
    const { resumedFrom, resumedGroups, groups } = await prepareShadow(db, { fresh: options.fresh, partitions, log });

    // Some read models only: folded up to where the live ones stand (none gets ahead of its live rows).
    const partial = only !== undefined || options.diff === true;
    const models = only ?? READ_MODELS.map((model) => model.name);
    const head = partial ? await liveUntil(db) : await store.headPosition();
    const ahead = [resumedFrom, ...resumedGroups.values()].some((at) => at && comparePositions(parsePosition(at) ?? START, head) > 0);
    if (partial && ahead) throw new Error('rebuild: the half-built rebuild is ahead of the live read models; start over with --fresh');
    const started = performance.now();
    bar = progressBar(options.progress, head, resumedFrom);
    const progress = (prepare: bigint, events: number) => bar?.update(prepare, events);
    const common = { pageSize, flushEveryEvents, flushEveryMs, snapshots: options.snapshots };

    // The fold: in buckets of users (a fresh or bucketed rebuild), on from a checkpoint, or the
    // groups' in worker threads up to the head as it is now.
    let resumedBuckets: string | undefined;
    // Some read models only fold up to the live checkpoint, on one thread (buckets read to the head).
    const buckets = partitions === 1 && !resumedFrom && !partial;
    if (!buckets && (await bucketsDone(db))) {
      throw new Error('rebuild: the half-built rebuild was folded in buckets; resume it in one group, or start over with --fresh');
    }
    const fold: FoldResult = buckets
      ? await foldInBuckets({
          ...common,
          eventsPerBucket: Math.min(flushEveryEvents, EVENTS_PER_BUCKET),
          threads: options.threads ?? (availableParallelism() > 1 ? undefined : 1),
          databaseUrl: options.databaseUrl,
          store,
          db,
          pool,
          log,
          logger,
          onFlush: options.onFlush,
          onProgress: (done, events) => progress(BigInt(Math.round(done * Number(head.prepare))), events),
        }).then((result) => ((resumedBuckets = result.resumed), result))
      : partitions === 1
        ? await foldLog({
            ...common,
            store,
            db,
            pool,
            resumedFrom,
            partition: WHOLE,
            until: partial ? head : undefined,
            checkpoint: CHECKPOINT_NAME,
            emptyTables: !resumedFrom,
            log,
            logger,
            onFlush: options.onFlush,
            onPage: (at, count) => progress(at.prepare, count),
          })
        : await foldInPartitions({
            db,
            databaseUrl: options.databaseUrl,
            eventStoreUrl: options.eventStoreUrl!,
            personalData: options.personalData,
            groups,
            resumed: resumedGroups,
            until: head,
            parallel: Math.max(1, Math.min(options.parallel ?? partitions, partitions)),
            common,
            log,
            progress,
          });
    const { engine, snapshots, timings } = fold;
    bar?.stop();
    bar = undefined;

    // The shadow filled: its indexes built, and the users whose imports ended released, as the
    // live projector would (imports/release.ts).
    let mark = performance.now();
    await buildDeferredIndexes(db);
    timings.swap += performance.now() - mark;
    mark = performance.now();
    const folded = formatPosition(fold.position);
    // Some only: the catch-up releases the holds the live projector released, no more.
    if (!partial) await releaseAll(db, store, (work) => db.transaction().execute((trx) => work(trx, folded)));
    timings.swap += performance.now() - mark;
    mark = performance.now();

    // Caught up: the last events and the swap, while no live batch can write.
    const catchUp = { db, store, engine, snapshots, from: fold.position, pageSize, log };
    const swap = !options.diff || options.swap === true;
    const some = partial
      ? await catchUpOnly({ ...catchUp, models, diff: options.diff === true, swap, versions: options.versions })
      : undefined;
    const last = some ? { position: fold.position, events: some.events, setAside: 0 } : await catchUpAndSwap(catchUp);
    timings.swap += performance.now() - mark;

    const events = fold.events + last.events;
    const seconds = (performance.now() - started) / 1000;
    const result: RebuildResult = {
      events,
      position: last.position === START ? undefined : formatPosition(last.position),
      resumedFrom:
        resumedFrom ??
        resumedBuckets ??
        (resumedGroups.size > 0 ? [...resumedGroups].map(([name, position]) => `${name}@${position}`).join(', ') : undefined),
      seconds,
      eventsPerSecond: Math.round(events / Math.max(seconds, 0.001)),
      timings: Object.fromEntries(Object.entries(timings).map(([k, v]) => [k, Math.round(v)])) as RebuildTimings,
      setAside: last.setAside,
      diff: some?.diff,
      swapped: swap,
      only: only ? [...only] : undefined,
    };
    if (partial) log(`rebuild: ${swap ? 'swapped in' : 'built (not swapped)'}: ${models.join(', ')}`);
    log(
      `rebuild: ${events} events in ${seconds.toFixed(1)} s (${result.eventsPerSecond} events/s); read models at ${result.position ?? 'the start'}`,
    );
    if (last.setAside > 0) {
      log(
        `rebuild: ${last.setAside} user(s) set aside (see ${READ_SCHEMA}.projection_failures); fix the cause, then rebuild or run projections:retry`,
      );
    }
    return result;
  } finally {
    bar?.stop();
    await unlock?.();
    await db.destroy();
  }
}
