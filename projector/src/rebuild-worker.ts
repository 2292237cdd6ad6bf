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
import type { BucketThreadWork } from './rebuild-partitions';

export default async function foldInThread(work: (PartitionWork | BucketThreadWork) & { port: MessagePort }) {
  return 'bucket' in work ? foldOneBucket(work) : foldPartition(work);
}

/** A bucket of a rebuild folded in buckets (rebuild-buckets.ts), on connections of its own. */
async function foldOneBucket(work: BucketThreadWork & { port: MessagePort }) {
  const post = (message: PartitionMessage) => work.port.postMessage(message);
  // One connection for the bucket's writes (COPY), one for its snapshots and holds.
  const { db, pool } = createDb<Database>(work.databaseUrl, 2);
  try {
    return await foldBucket(work, {
      db,
      pool,
      log: (line) => post({ log: line }),
      onPage: (events) => post({ bucketPage: events }),
    });
  } finally {
    work.port.close();
    await db.destroy();
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
