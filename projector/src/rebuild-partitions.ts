import { MessageChannel } from 'node:worker_threads';
import { Piscina } from 'piscina';
import type { Kysely } from 'kysely';
import { threadFile, tsxThreadArgs } from '@bt/platform';
import { formatPosition, type PersonalDataSettings, type Position } from '@bt/event-store';
import { type Database, type Partition } from '@bt/read-models';
import { shadowFolder, type FoldResult, type FoldRun, type RebuildTimings } from './rebuild-fold';
import type { BucketWork, FoldedBucket } from './rebuild-buckets';
import { takenBuckets } from './rebuild-spill';
import { partitionCheckpoint } from './rebuild-shadow';

/** What a partition's worker thread is given (rebuild-worker.ts). */
export interface PartitionWork {
  databaseUrl: string;
  eventStoreUrl: string;
  personalData: PersonalDataSettings | undefined;
  partition: Partition;
  resumedFrom: string | undefined;
  until: string;
  pageSize: number;
  flushEveryEvents: number;
  flushEveryMs: number;
  snapshots?: FoldRun['snapshots'];
}

/** What it passes on while it folds (its result is the task's); a bucket's thread, each bucket it folded and wrote. */
export type PartitionMessage = { log: string } | { page: { prepare: string; events: number } } | { bucketFolded: FoldedBucket };

/**
 * What a bucket's worker thread is given (rebuild-worker.ts): every bucket to fold, and the shared
 * index of the next one not yet taken (an Int32Array's one element): it folds them one after the
 * other with rebuild-buckets.ts' foldBucket, taking each in turn with the other folders, and answers
 * how many it folded.
 */
export interface BucketThreadWork {
  buckets: readonly BucketWork[];
  next: SharedArrayBuffer;
  databaseUrl: string;
}

/** Built to JavaScript (`npm run build:server`), the worker is the rebuild-worker.js beside this bundle. */
const WORKER = threadFile(import.meta.url, 'rebuild-worker');

/**
 * Worker threads (piscina, as query-api's replays) folding the groups, `parallel` at once; each
 * resolves to its events and timings, and passes its log lines and progress on as it goes.
 */
const threadPool = (parallel: number, youngMb: number, started = 0) =>
  new Piscina({
    filename: WORKER.filename,
    minThreads: started,
    maxThreads: parallel,
    // As TypeScript, a thread loads tsx as the process did (`tsx`, or `--import tsx`); V8's flags
    // (REBUILD_NODE_FLAGS) are refused for a thread: its limits are set below.
    execArgv: WORKER.built ? [] : tsxThreadArgs(),
    // A group's young generation as the rebuild's own flags give the main thread (REBUILD_NODE_FLAGS' semi-space
    // of 64 MB; a bucket's, half of that), and room for a group's states past V8's default limit (about
    // 4 GB here): a group needing more than 12 GB wants more groups (REBUILD_PARTITIONS) and the memory to match.
    resourceLimits: { maxYoungGenerationSizeMb: youngMb, maxOldGenerationSizeMb: 12_288 },
  });

/**
 * Worker threads to fold buckets in (rebuild-buckets.ts), `parallel` of them, started at once: each
 * loads the rebuild's code (most of a second of a core, as TypeScript) while the log is still being
 * spilled, rather than after it. Destroy them when done (`foldTogether` does not).
 */
export const bucketThreads = (parallel: number): Piscina => threadPool(parallel, 32, parallel);

/**
 * Folds buckets (rebuild-buckets.ts) in this thread (`here`) and in `threads` threads of `pool`
 * (bucketThreads) at once, each taking the next bucket not yet taken from a shared index (no
 * message to this thread needed: it is busy folding its own), each thread on its own connections;
 * `folded` is told of each bucket once written. This thread folds as a worker would: it has the
 * rebuild's code loaded, which a third thread would have loaded again (0.85 s of a core at 300k
 * events, as TypeScript, while the log is spilled). A failure stops every folder at its next bucket.
 */
export async function foldTogether(
  pool: Piscina,
  threads: number,
  buckets: readonly BucketWork[],
  run: {
    databaseUrl: string;
    log: (line: string) => void;
    folded: (bucket: FoldedBucket) => void;
    here: (bucket: BucketWork) => Promise<FoldedBucket>;
  },
): Promise<void> {
  const next = new Int32Array(new SharedArrayBuffer(4));
  const stop = (error: unknown) => {
    Atomics.store(next, 0, buckets.length);
    throw error;
  };
  const inThread = async () => {
    const { port1, port2 } = new MessageChannel();
    let received = 0;
    let closed = false;
    let all: (() => void) | undefined;
    let expected = Number.POSITIVE_INFINITY;
    port1.on('message', (message: PartitionMessage) => {
      if ('log' in message) run.log(message.log);
      else if ('bucketFolded' in message) {
        run.folded(message.bucketFolded);
        received += 1;
        if (received >= expected) all?.();
      }
    });
    // The thread closes its end once done: every message it sent is in by then.
    port1.on('close', () => ((closed = true), all?.()));
    try {
      const work: BucketThreadWork = { buckets, next: next.buffer as SharedArrayBuffer, databaseUrl: run.databaseUrl };
      expected = (await pool.run({ ...work, port: port2 }, { transferList: [port2] })) as number;
      // The task's answer and the thread's messages come by different ports: its last buckets' may still be on their way.
      if (received < expected && !closed) await new Promise<void>((resolve) => (all = resolve));
    } finally {
      port1.close();
    }
  };
  const here = async () => {
    for (const i of takenBuckets(next, buckets.length)) run.folded(await run.here(buckets[i]));
  };
  // Every folder ended (the others stop at their next bucket) before a failure is passed on.
  const ended = await Promise.allSettled([here(), ...Array.from({ length: threads }, inThread)].map((folding) => folding.catch(stop)));
  for (const folder of ended) if (folder.status === 'rejected') throw folder.reason;
}

const partitionThreads = (
  parallel: number,
  log: (line: string) => void,
  onPage: (index: number, prepare: bigint, events: number) => void,
) => {
  const pool = threadPool(parallel, 192);
  return {
    async fold(work: PartitionWork): Promise<{ events: number; timings: RebuildTimings }> {
      const { port1, port2 } = new MessageChannel();
      port1.on('message', (message: PartitionMessage) => {
        if ('log' in message) log(message.log);
        else if ('page' in message) onPage(work.partition.index, BigInt(message.page.prepare), message.page.events);
      });
      try {
        return (await pool.run({ ...work, port: port2 }, { transferList: [port2] })) as {
          events: number;
          timings: RebuildTimings;
        };
      } finally {
        port1.close();
      }
    },
    close: () => pool.destroy(),
  };
};

/** What folding in groups needs besides each group's share (PartitionWork). */
export interface PartitionedFold {
  db: Kysely<Database>;
  databaseUrl: string;
  eventStoreUrl: string;
  personalData: PersonalDataSettings | undefined;
  groups: Partition[];
  /** Each group's checkpoint row in a half-built shadow, by name (partitionCheckpoint). */
  resumed: Map<string, string>;
  /** The position every group folds up to: the catch-up folds on from it. */
  until: Position;
  /** Groups folded at once. */
  parallel: number;
  common: Pick<PartitionWork, 'pageSize' | 'flushEveryEvents' | 'flushEveryMs' | 'snapshots'>;
  log: (line: string) => void;
  /** The furthest position a group reached and the most events one has read. */
  progress: (prepare: bigint, events: number) => void;
}

/**
 * Folds the users in groups by the projector partitions' hash, each in a worker thread reading the
 * log up to `until`, `parallel` at once. Answers a fresh engine for the catch-up (its states are
 * loaded from the rows the groups wrote), the events the busiest group read, and the groups' times
 * added up (they run side by side, so these add up to more than the run).
 */
export async function foldInPartitions(run: PartitionedFold): Promise<FoldResult> {
  const { groups, until, log } = run;
  const read = new Array<number>(groups.length).fill(0);
  const timings: RebuildTimings = { read: 0, fold: 0, write: 0, swap: 0 };
  let done = 0;
  const threads = partitionThreads(run.parallel, log, (index, prepare, count) => {
    read[index] = count;
    run.progress(prepare, Math.max(...read));
  });
  try {
    await Promise.all(
      groups.map(async (group) => {
        const result = await threads.fold({
          ...run.common,
          databaseUrl: run.databaseUrl,
          eventStoreUrl: run.eventStoreUrl,
          personalData: run.personalData,
          partition: group,
          resumedFrom: run.resumed.get(partitionCheckpoint(group)),
          until: formatPosition(until),
        });
        read[group.index] = result.events;
        for (const key of ['read', 'fold', 'write'] as const) timings[key] += result.timings[key];
        done += 1;
        log(`rebuild: group ${group.index + 1} of ${groups.length} folded (${done} done)`);
      }),
    );
  } finally {
    await threads.close();
  }
  const { engine, snapshots } = await shadowFolder(run.db, run.common.snapshots);
  return { engine, snapshots, position: until, events: Math.max(0, ...read), timings };
}
