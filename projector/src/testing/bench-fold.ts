/**
 * Times the pure fold of a rebuild bucket (no Postgres): a generated history folded by a fresh
 * engine per bucket of ~5,000 events, every user's rows taken once at the end:
 *   tsx projector/src/testing/bench-fold.ts [events=200000] [users=events/1000]
 */
import { newUserState, untrackedUserState, userOf } from '@bt/read-models';
import type { RecordedEvent } from '@bt/event-store';
import { ProjectionEngine } from '../engine/projection-engine';
import { EVENTS_PER_BUCKET } from '../rebuild-buckets';
import { bucketOf } from '../rebuild-spill';
import { generateHistory } from './generate';
import { recordedHistory } from './recorded';

const events = Number(process.argv[2] ?? 200_000);
const users = Number(process.argv[3] ?? Math.max(1, Math.round(events / 1000)));
const history = generateHistory({ users, events });
const count = Math.max(1, Math.ceil(history.length / EVENTS_PER_BUCKET));
const buckets: RecordedEvent[][] = Array.from({ length: count }, () => []);
for (const event of recordedHistory(history)) buckets[bucketOf(userOf(event)!, count)].push(event);

// BENCH_TRACKED=1: the live projector's states, recording every write (the rebuild's record none).
const newState = process.env.BENCH_TRACKED ? newUserState : untrackedUserState;
const fresh = (ids: string[]) => Promise.resolve(new Map(ids.map((id) => [id, newState(id)])));
for (let round = 1; round <= Number(process.env.BENCH_ROUNDS ?? 2); round++) {
  const started = performance.now();
  const cpu = process.cpuUsage();
  let rows = 0;
  for (const bucket of buckets) {
    const engine = new ProjectionEngine();
    for (let i = 0; i < bucket.length; i += 5000) await engine.apply(bucket.slice(i, i + 5000), fresh);
    for (const user of engine.takeChangesByUser().users) {
      for (const table of Object.values(user.changes)) rows += table.inserts.length + table.upserts.length;
    }
  }
  const seconds = (performance.now() - started) / 1000;
  const used = process.cpuUsage(cpu);
  const cpuSeconds = (used.user + used.system) / 1e6; // the machine may be shared: CPU time is the steadier figure
  console.log(
    `fold: ${history.length} events, ${rows} rows in ${seconds.toFixed(2)} s = ${Math.round(history.length / seconds)} events/s; ` +
      `CPU ${cpuSeconds.toFixed(2)} s = ${Math.round(history.length / cpuSeconds)} events/CPU-s`,
  );
}
