import type pg from 'pg';
import { formatPosition, type EventStore } from '@bt/event-store';
import { CHECKPOINT_NAME } from '@bt/read-models';
import { startBenchProduct } from './product';
import { send, summarise, type Latency } from './http-load';

export interface CatchUpOptions {
  pool: pg.Pool;
  store: EventStore;
  databaseUrl: string;
  dataDir: string;
}

export interface CatchUpResult {
  /** Seconds from the product's start until its read models held the whole log. */
  seconds: number;
  /** GET /healthz, one client, one request after another, while the projector caught up. */
  health: Latency & { max: number };
}

/**
 * The product started over a log its read models do not hold yet (a first start over an imported
 * log, a restart after a long stop, a deployment after a rebuild was dropped): how the process
 * answers meanwhile, with its projector on a worker thread (`projectorThread`) or on the main
 * thread. The read models are dropped first, so each run catches up on the whole log.
 */
export async function catchUpLatency(options: CatchUpOptions, projectorThread: boolean): Promise<CatchUpResult> {
  const { pool, store, databaseUrl, dataDir } = options;
  await pool.query('drop schema if exists read cascade');
  const head = formatPosition(await store.headPosition());
  const started = performance.now();
  const product = await startBenchProduct(databaseUrl, dataDir, { PROJECTOR_THREAD: projectorThread ? '1' : '0' });
  try {
    let caughtUp = false;
    const watch = (async () => {
      while (!caughtUp) {
        const { rows } = await pool.query<{ position: string }>('select position from read.checkpoints where name = $1', [CHECKPOINT_NAME]);
        if (rows[0]?.position === head) caughtUp = true;
        else await new Promise((r) => setTimeout(r, 100));
      }
    })();
    const samples: number[] = [];
    while (!caughtUp) {
      const t = performance.now();
      const answer = await send(`${product.url}/healthz`);
      if (answer.status !== 200) throw new Error(`GET /healthz answered ${answer.status}`);
      samples.push(performance.now() - t);
    }
    await watch;
    return { seconds: (performance.now() - started) / 1000, health: { ...summarise(samples), max: Math.max(...samples) } };
  } finally {
    await product.stop();
  }
}
