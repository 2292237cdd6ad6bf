import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { LOG_POSITION_HEADER } from '@bt/contracts';
import type { EventStore } from '@bt/event-store';
import { rebuildReadModels } from '@bt/projector';
import { signToken } from '@bt/platform';
import { BENCH_SECRET, startBenchProduct } from './product';
import { bulkLoad, userHistory } from './generate';
import { benchBet, watchCheckpoint } from './visible';
import { send, summarise, type Latency } from './http-load';

export interface LiveOptions {
  pool: pg.Pool;
  store: EventStore;
  databaseUrl: string;
  dataDir: string;
  bigUserBets: number;
  /** POST /api/bets in all, over 32 clients. */
  writes: number;
  /** The open loop's rate (writes a second, over the same 32 users) and how many it sends. */
  openRate: number;
  openWrites: number;
  log: (line: string) => void;
}

export interface LiveResult {
  /** From a write's 2xx to the read models' checkpoint passing its position: every write. */
  lag: Latency;
  /** POST /api/bets alone (to its 2xx): every write. */
  post: Latency;
  /** From sending the write to the checkpoint passing it: the big user's writes, the 100-bet user's. */
  bigVisible: Latency;
  smallVisible: Latency;
  bigLag: Latency;
  smallLag: Latency;
  perSecond: number;
  /** The open loop: writes sent at a fixed rate, none waiting for an earlier one to be visible. */
  open: { lag: Latency; post: Latency; perSecond: number };
}

const CLIENTS = 32;

/**
 * Live projection under load: a user with `bigUserBets` bets, one with 100 and 30 more with 100,
 * generated into the log and rebuilt, then the product with 32 clients (client 0 is the big user,
 * client 1 the 100-bet one) each writing POST /api/bets (a bet dated anywhere in the last two years,
 * won or lost: a change in the middle of a history) and waiting until the read models hold it
 * (LISTEN on the projector's channel: the checkpoint of each committed batch) before its next one.
 */
export async function liveProjection(options: LiveOptions): Promise<LiveResult> {
  const { pool, store, databaseUrl, dataDir, log } = options;
  const big = randomUUID();
  const small = randomUUID();
  const others = Array.from({ length: CLIENTS - 2 }, () => randomUUID());
  log(`  generating a ${options.bigUserBets.toLocaleString('en-US')}-bet user and ${CLIENTS - 1} 100-bet users, then rebuilding...`);
  await bulkLoad(pool, 'eventstore', userHistory(big, options.bigUserBets, 21));
  for (const [i, user] of [small, ...others].entries()) await bulkLoad(pool, 'eventstore', userHistory(user, 100, 22 + i));
  await rebuildReadModels({ store, databaseUrl, fresh: true, log: () => {} });

  const secret = BENCH_SECRET;
  const product = await startBenchProduct(databaseUrl, dataDir);
  const watcher = await watchCheckpoint(databaseUrl);
  try {
    const { visible } = watcher;

    const today = Date.now();
    const write = async (user: string, i: number) => {
      const body = benchBet('Live', i, today);
      const t0 = performance.now();
      const res = await send(`${product.url}/api/bets`, {
        method: 'POST',
        headers: { authorization: `Bearer ${signToken(user, secret)}`, 'content-type': 'application/json' },
        body,
      });
      const t1 = performance.now();
      if (res.status !== 201) throw new Error(`POST /api/bets: ${res.status} ${res.body.slice(0, 200)}`);
      const position = res.headers[LOG_POSITION_HEADER.toLowerCase()] as string;
      await visible(position);
      const t2 = performance.now();
      return { post: t1 - t0, lag: t2 - t1, visible: t2 - t0 };
    };

    // Warm-up, not counted: each user's first write loads their state (a one-time cost) and warms the JIT.
    const users = [big, small, ...others];
    for (let round = 0; round < 3; round++) await Promise.all(users.map((user, c) => write(user, round * CLIENTS + c)));

    const all = { post: [] as number[], lag: [] as number[] };
    const byUser = { big: { lag: [] as number[], visible: [] as number[] }, small: { lag: [] as number[], visible: [] as number[] } };
    let next = 0;
    const started = performance.now();
    await Promise.all(
      users.map(async (user, c) => {
        while (next < options.writes) {
          const i = next++;
          const t = await write(user, i);
          all.post.push(t.post);
          all.lag.push(t.lag);
          const mine = c === 0 ? byUser.big : c === 1 ? byUser.small : undefined;
          mine?.lag.push(t.lag);
          mine?.visible.push(t.visible);
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;

    // The open loop: the same users write at a fixed rate in all, each write sent on schedule
    // whether or not the earlier ones are visible yet (a closed loop synchronises its clients into
    // one batch after another; traffic from many people does not wait for each other).
    const open = { post: [] as number[], lag: [] as number[] };
    const interval = 1000 / options.openRate;
    const openStarted = performance.now();
    const sent: Promise<void>[] = [];
    for (let k = 0; k < options.openWrites; k++) {
      const due = openStarted + k * interval;
      const wait = due - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      sent.push(
        write(users[k % CLIENTS], options.writes + k).then((t) => {
          open.post.push(t.post);
          open.lag.push(t.lag);
        }),
      );
    }
    await Promise.all(sent);
    const openSeconds = (performance.now() - openStarted) / 1000;
    return {
      open: { lag: summarise(open.lag), post: summarise(open.post), perSecond: options.openWrites / openSeconds },
      lag: summarise(all.lag),
      post: summarise(all.post),
      bigVisible: summarise(byUser.big.visible),
      smallVisible: summarise(byUser.small.visible),
      bigLag: summarise(byUser.big.lag),
      smallLag: summarise(byUser.small.lag),
      perSecond: options.writes / seconds,
    };
  } finally {
    await watcher.close();
    await product.stop();
  }
}
