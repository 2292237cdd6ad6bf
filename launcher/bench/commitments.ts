import { send, load, type Run } from './http-load';
import { startBenchProduct } from './product';
import { fmt, ms, report, type BenchDatabase } from './report';

/** On/off pairs of the figure: its median ratio, so one noisy round cannot carry it. */
const PAIRS = 8;
const median = (values: readonly number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

/** Until the log writer has followed every event (an "on" round then does no "off" round's leaves). */
const caughtUp = async (bench: BenchDatabase) => {
  for (let i = 0; i < 600; i++) {
    const head = await bench.store.headPosition();
    const { rows } = await bench.pool.query<{ commit: string | null }>('select position_commit::text as commit from transparency.follower');
    const at = rows[0]?.commit;
    if (at && BigInt(at) >= head.commit) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the transparency log did not catch up in a minute');
};

/**
 * The cost of appending a commitment (issue 39: under 10% on POST /api/bets): the writes of the
 * `writes` section from 32 clients, on a product with its transparency log on and one with it off
 * (TRANSPARENCY_LOG=off), in eight on/off pairs on the same database (this machine's spare CPU moves
 * from second to second; the order alternates from pair to pair), each product started afresh for
 * its round and warmed up first, an "on" one until its log has caught up with the rounds before.
 * The figure is the median of the pairs' ratios.
 */
export const commitmentOverhead = async (bench: BenchDatabase, writes: number): Promise<void> => {
  const perRun = Math.ceil(writes / PAIRS);
  console.log(`\nwrites with and without commitments: POST /api/bets, ${PAIRS} on/off pairs of ${fmt(perRun)} commands from 32 clients...`);
  const body = JSON.stringify({ sport: 'football', event: 'Bench @ Mark', betType: 'moneyline', stake: 10, odds: '-110', outcome: 'win' });
  let keys = 0;
  const round = async (pair: number, mode: 'on' | 'off'): Promise<Run> => {
    const product = await startBenchProduct(bench.databaseUrl, bench.dataDir, { TRANSPARENCY_LOG: mode });
    try {
      const reg = await send(`${product.url}/api/auth/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: `commit-${mode}-${pair}-${Date.now()}@bench.test`, password: 'secret123' }),
      });
      const { token } = JSON.parse(reg.body) as { token: string };
      const placeBet = () => ({
        url: `${product.url}/api/bets`,
        method: 'POST',
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': 'application/json',
          'idempotency-key': `commit-${process.pid}-${keys++}`,
        },
        body,
      });
      await load(Math.ceil(perRun / 2), 32, placeBet, 201); // warm-up, not counted
      if (mode === 'on') await caughtUp(bench);
      const run = await load(perRun, 32, placeBet, 201);
      console.log(`  pair ${pair}, commitments ${mode}: ${fmt(run.perSecond)} commands/s, p99 ${ms(run.p99)}`);
      return run;
    } finally {
      await product.stop();
    }
  };
  const pairs: { on: Run; off: Run }[] = [];
  for (let pair = 1; pair <= PAIRS; pair++) {
    const runs: Partial<Record<'on' | 'off', Run>> = {};
    for (const mode of pair % 2 === 1 ? (['on', 'off'] as const) : (['off', 'on'] as const)) runs[mode] = await round(pair, mode);
    pairs.push({ on: runs.on!, off: runs.off! });
  }
  const added = pairs.map(({ on, off }) => (off.perSecond / on.perSecond - 1) * 100).sort((a, b) => a - b);
  const signed = (value: number) => `${value >= 0 ? '+' : ''}${fmt(value, 1)}%`;
  report(
    'POST /api/bets, commitments on',
    `${fmt(median(pairs.map(({ on }) => on.perSecond)))} commands/s (median), p99 ${ms(median(pairs.map(({ on }) => on.p99)))}`,
    `commitments off: ${fmt(median(pairs.map(({ off }) => off.perSecond)))}/s, p99 ${ms(median(pairs.map(({ off }) => off.p99)))}`,
    `${signed(median(added))} time per command (median of ${PAIRS} pairs; ${added.map(signed).join(', ')})`,
    '< 10% added',
  );
};
