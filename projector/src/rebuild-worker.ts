/**
 * A rebuild's worker thread (piscina, rebuild-partitions.ts): folds one bucket of users
 * (rebuild-buckets.ts) or one group of a partitioned rebuild with its own connections, passes its
 * log lines and progress on through `port`, and answers its events and timings.
 */
import type { MessagePort } from 'node:worker_threads';
import { createEventStore, parsePosition } from '@bt/event-store';
import { personalFields } from '@bt/contracts';
import { createDb, createLogger } from '@bt/platform';
import type { Database } from '@bt/read-models';
import { foldLog, partitionCheckpoint, type PartitionMessage, type PartitionWork } from './rebuild';
import { foldBucket } from './rebuild-buckets';
import { takenBuckets } from './rebuild-spill';
import type { BucketThreadWork } from './rebuild-partitions';

export default async function foldInThread(work: (PartitionWork | BucketThreadWork) & { port: MessagePort }) {
  return 'buckets' in work ? foldBuckets(work) : foldPartition(work);
}

/**
 * The thread's connections for its buckets: one for a bucket's writes (COPY), one for its snapshots
 * and holds. Kept from one bucket to the next (a thread folds dozens to thousands of them): two new
 * connections per bucket cost about 17 ms of Postgres' CPU (a new backend each, its SCRAM password
 * check, its caches of the shadow's tables filled again) and about 10 ms of the rebuild's own: 1M
 * events (200 buckets) took 26.1 CPU-s of Postgres and 30.2 s of the rebuild's, 22.8 and 28.3 s with
 * them kept. Closed once the thread has had no bucket for a second, or when it ends.
 */
let kept: { url: string; connections: ReturnType<typeof createDb<Database>>; idle?: NodeJS.Timeout } | undefined;

const bucketConnections = (url: string) => {
  if (kept && kept.url !== url) void closeKept();
  kept ??= { url, connections: createDb<Database>(url, 2) };
  clearTimeout(kept.idle);
  return kept.connections;
};

const closeKept = () => {
  const closing = kept;
  kept = undefined;
  clearTimeout(closing?.idle);
  return closing?.connections.db.destroy().catch(() => undefined);
};

/**
 * Buckets of a rebuild folded in buckets (rebuild-buckets.ts), on the thread's connections: the next
 * one not yet taken (the shared index `next`), until none is left. Answers how many it folded.
 */
async function foldBuckets(work: BucketThreadWork & { port: MessagePort }): Promise<number> {
  const post = (message: PartitionMessage) => work.port.postMessage(message);
  const { db, pool } = bucketConnections(work.databaseUrl);
  const next = new Int32Array(work.next);
  let folded = 0;
  let failed = false;
  try {
    for (const i of takenBuckets(next, work.buckets.length)) {
      post({ bucketFolded: await foldBucket(work.buckets[i], { db, pool, log: (line) => post({ log: line }) }) });
      folded += 1;
    }
    return folded;
  } catch (error) {
    failed = true;
    Atomics.store(next, 0, work.buckets.length); // the other folders stop too
    throw error;
  } finally {
    work.port.close();
    if (failed) await closeKept();
    else if (kept) (kept.idle = setTimeout(() => void closeKept(), 1_000)).unref();
  }
}

async function foldPartition(work: PartitionWork & { port: MessagePort }) {
  const post = (message: PartitionMessage) => work.port.postMessage(message);
  // One connection for the fold's reads of the shadow schema, one for its background writes, one spare.
  const { db, pool } = createDb<Database>(work.databaseUrl, 3);
  const store = work.personalData
    ? await createEventStore(work.eventStoreUrl, { migrate: false }, { ...work.personalData, fields: personalFields })
    : await createEventStore(work.eventStoreUrl, { migrate: false });
  try {
    let lastPost = 0;
    const { events, timings } = await foldLog({
      ...work,
      store,
      db,
      pool,
      until: parsePosition(work.until),
      checkpoint: partitionCheckpoint(work.partition),
      emptyTables: false, // the groups write the same tables side by side
      log: (line) => post({ log: line }),
      logger: createLogger('rebuild'),
      onPage: (position, count) => {
        if (performance.now() - lastPost < 200) return;
        lastPost = performance.now();
        post({ page: { prepare: position.prepare.toString(), events: count } });
      },
    });
    return { events, timings };
  } finally {
    work.port.close();
    await store.close();
    await db.destroy();
  }
}
