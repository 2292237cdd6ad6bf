import { send, load, merged, type Run } from './http-load';
import { startBenchProduct } from './product';
import { fmt, ms, report, type BenchDatabase } from './report';

/**
 * The cost of appending a commitment (issue 39: under 10% on POST /api/bets): the writes of the
 * `writes` section from 32 clients, on a product with its transparency log on and one with it off
 * (TRANSPARENCY_LOG=off), in alternating rounds on the same database (this machine's spare CPU moves
 * from second to second), each product started afresh for its round and warmed up first.
 */
export const commitmentOverhead = async (bench: BenchDatabase, writes: number, rounds: number): Promise<void> => {
  console.log(`\nwrites with and without commitments: POST /api/bets, ${fmt(writes)} commands each way from 32 clients...`);
  const runs: Record<'on' | 'off', Run[]> = { on: [], off: [] };
  const body = JSON.stringify({ sport: 'football', event: 'Bench @ Mark', betType: 'moneyline', stake: 10, odds: '-110', outcome: 'win' });
  let keys = 0;
  for (let round = 1; round <= rounds; round++) {
    for (const mode of round % 2 === 1 ? (['on', 'off'] as const) : (['off', 'on'] as const)) {
      const product = await startBenchProduct(bench.databaseUrl, bench.dataDir, { TRANSPARENCY_LOG: mode });
      try {
        const reg = await send(`${product.url}/api/auth/register`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email: `commit-${mode}-${round}-${Date.now()}@bench.test`, password: 'secret123' }),
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
        await load(Math.ceil(writes / rounds / 2), 32, placeBet, 201); // warm-up, not counted
        const run = await load(Math.ceil(writes / rounds), 32, placeBet, 201);
        console.log(`  round ${round}, commitments ${mode}: ${fmt(run.perSecond)} commands/s, p99 ${ms(run.p99)}`);
        runs[mode].push(run);
      } finally {
        await product.stop();
      }
    }
  }
  const on = merged(runs.on);
  const off = merged(runs.off);
  const added = (off.perSecond / on.perSecond - 1) * 100;
  report(
    'POST /api/bets, commitments on',
    `${fmt(on.perSecond)} commands/s, p99 ${ms(on.p99)}`,
    `commitments off: ${fmt(off.perSecond)}/s, p99 ${ms(off.p99)}`,
    `${added >= 0 ? '+' : ''}${fmt(added, 1)}% time per command`,
    '< 10% added',
  );
};
