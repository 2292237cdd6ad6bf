import { replayUserInSlices } from '@bt/read-models';
import { signToken } from '@bt/platform';
import { formatPosition } from '@bt/event-store';
import { BENCH_SECRET, startBenchProduct } from './product';
import { bulkLoad, userHistory } from './generate';
import { load, summarise } from './http-load';
import { fmt, ms, report, type BenchDatabase } from './report';

/**
 * The `replay` section: asOf for a big history. GET /api/stats?asOf= folds on from the user's
 * nearest snapshot (the projector takes them as it catches up); the baseline is the fold from the
 * first event (the code path before snapshots: one batched read of every stream, then the fold),
 * in this process.
 */
export const asOfReplay = async (bench: BenchDatabase, snapshotUserBets: number): Promise<void> => {
  const { pool, store, databaseUrl, dataDir: dir } = bench;
  const SNAPSHOT_USER_BETS = snapshotUserBets;
  const secret = BENCH_SECRET;
  const user = '00000000-0000-7000-8000-000000200000';
  const DAY = 86_400_000;
  console.log(`\nreplay: asOf for a ${fmt(SNAPSHOT_USER_BETS)}-bet user, from snapshots and from the first event...`);
  // Two years of history: the n-th event recorded at an even pace (so instants fall inside it).
  const total = [...userHistory(user, SNAPSHOT_USER_BETS, 9)].length;
  const first = Date.now() - 730 * DAY;
  const occurredAt = (n: number) => new Date(first + Math.floor((n * 730 * DAY) / total)).toISOString();
  await bulkLoad(pool, 'eventstore', userHistory(user, SNAPSHOT_USER_BETS, 9), 20_000, occurredAt);
  const product = await startBenchProduct(databaseUrl, dir);
  try {
    const head = formatPosition(await store.headPosition());
    const headers = { authorization: `Bearer ${signToken(user, secret)}`, 'x-min-position': head };
    // Until the projector has folded (and snapshotted) the whole history: replays measured while it
    // still catches up would compete with it, and find only the first snapshots.
    for (let i = 0; i < 1200; i++) {
      const { rows } = await pool.query<{ position: string }>(`select position from read.checkpoints where name = 'read_models'`);
      if (rows[0]?.position === head) break;
      await new Promise((ok) => setTimeout(ok, 1000));
    }
    const { rows: streamRows } = await pool.query<{ stream_id: string }>('select stream_id from read.user_streams where user_id = $1', [
      user,
    ]);
    const ids = streamRows.map((r) => r.stream_id);
    const { rows: stored } = await pool.query<{ n: number; bytes: string; largest: string }>(
      'select count(*)::int as n, coalesce(sum(length(state)), 0) as bytes, coalesce(max(length(state)), 0) as largest from read.user_snapshots where user_id = $1',
      [user],
    );
    // The worst instant: just before the latest snapshot, so the replay folds on from the one
    // before it (the most events a replay folds after a snapshot: SNAPSHOT_GROWTH of the history).
    const { rows: latest } = await pool.query<{ recorded_until: Date }>(
      'select recorded_until from read.user_snapshots where user_id = $1 order by events desc limit 1',
      [user],
    );
    const instants: [string, number][] = [
      ['early (10%)', first + 0.1 * 730 * DAY],
      ['middle (50%)', first + 0.5 * 730 * DAY],
      ['late (90%)', first + 0.9 * 730 * DAY],
      ['now', Date.now()],
      ...(latest[0] ? [['worst: just before the latest snapshot', latest[0].recorded_until.getTime() - 1] as [string, number]] : []),
    ];
    for (const [name, at] of instants) {
      const asOf = new Date(at);
      // Baseline: every event read, then folded (each part timed: where the time goes).
      const reads: number[] = [];
      const folds: number[] = [];
      for (let i = 0; i < 3; i++) {
        const t0 = performance.now();
        const events = await store.readStreams(ids);
        const t1 = performance.now();
        const rows = await replayUserInSlices(events, { userId: user, recordedUntil: asOf });
        void rows.userStats;
        reads.push(t1 - t0);
        folds.push(performance.now() - t1);
      }
      const read = summarise(reads).p50;
      const fold = summarise(folds).p50;
      await load(2, 1, () => ({ url: `${product.url}/api/stats?asOf=${encodeURIComponent(asOf.toISOString())}`, headers }), 200); // warm-up
      const replay = await load(
        10,
        1,
        () => ({ url: `${product.url}/api/stats?asOf=${encodeURIComponent(asOf.toISOString())}`, headers }),
        200,
      );
      report(
        `GET /api/stats?asOf=${name}, ${fmt(SNAPSHOT_USER_BETS)}-bet user (from its nearest snapshot)`,
        `p50 ${ms(replay.p50)}, p99 ${ms(replay.p99)}`,
        `from the first event (in process) p50 ${ms(read + fold)}: read ${ms(read)} + fold ${ms(fold)}`,
        `${fmt((read + fold) / replay.p50, 1)}x faster (p50)`,
        'p50 < 250 ms',
      );
    }
    const { rows: logged } = await pool.query<{ bytes: string }>(
      `select coalesce(sum(pg_column_size(e.*)), 0) as bytes from eventstore.events e where e.data->>'userId' = $1`,
      [user],
    );
    report(
      `snapshots stored for the ${fmt(SNAPSHOT_USER_BETS)}-bet user (${fmt(total)} events)`,
      `${stored[0].n} snapshots, ${fmt(Number(stored[0].bytes) / 1e6, 1)} MB`,
      `largest ${fmt(Number(stored[0].largest) / 1e6, 1)} MB; the user's events in the log ${fmt(Number(logged[0].bytes) / 1e6, 1)} MB`,
      `${fmt(Number(stored[0].bytes) / Math.max(1, Number(stored[0].largest)), 1)}x the largest`,
      'O(n) bytes (a few times the latest)',
    );
  } finally {
    await product.stop();
  }
};
