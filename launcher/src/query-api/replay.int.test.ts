import { expect } from 'chai';
import { dayOf, type LegOutcome, type Sport } from '@bt/contracts';
import { EventLog } from '@bt/read-models/testing';
import { startHarness, type Harness } from '../testing/query-harness';

/** A deterministic pseudo-random source (mulberry32), so a failure can be replayed. */
const random = (seed: number) => () => {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};

const SPORTS: Sport[] = ['football', 'basketball', 'baseball', 'hockey', 'soccer', 'other'];
const ODDS = ['-110', '+100', '+150', '-200', '+250', '-120', '+105'];
const OUTCOMES: LegOutcome[] = ['win', 'win', 'loss', 'loss', 'push', 'void', 'pending'];
const HOUR = 3_600_000;

/**
 * A year of a busy bettor's life, in the order it happened: bets placed (some backdated), settled
 * hours or days later, some amended, re-settled or removed, parlays, deposits and withdrawals.
 */
function generateHistory(seed: number, from: string, to: string, bets: number): EventLog {
  const next = random(seed);
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)];
  const start = Date.parse(from);
  const span = Date.parse(to) - start;
  const actions: { at: number; run: (log: EventLog) => void }[] = [];
  const placed: string[] = [];
  for (let i = 0; i < bets; i++) {
    const at = start + Math.floor(next() * span);
    const date = dayOf(new Date(at - Math.floor(next() * 4) * 24 * HOUR)); // up to 3 days backfilled
    const settleAt = at + Math.floor(next() * 96 * HOUR);
    if (next() < 0.08) {
      const slot: { id?: string } = {};
      actions.push({
        at,
        run: (log) => {
          slot.id = log.createParlay([{ odds: pick(ODDS) }, { odds: pick(ODDS) }, { odds: pick(ODDS) }], {
            date,
            stake: 10 + Math.floor(next() * 40),
          });
        },
      });
      actions.push({
        at: settleAt,
        run: (log) =>
          log.amendParlay(slot.id!, {
            legs: [
              { odds: '+100', outcome: pick(OUTCOMES) },
              { odds: '-110', outcome: pick(OUTCOMES) },
              { odds: '+150', outcome: pick(OUTCOMES) },
            ],
          }),
      });
      if (next() < 0.5) actions.push({ at: settleAt + HOUR, run: (log) => log.settleParlay(slot.id!, pick(OUTCOMES)) });
      continue;
    }
    const slot: { id?: string } = {};
    actions.push({
      at,
      run: (log) => {
        slot.id = log.placeBet({
          date,
          sport: pick(SPORTS),
          odds: pick(ODDS),
          stake: Math.round((5 + next() * 200) * 100) / 100,
          event: `Game ${i}`,
        });
        placed.push(slot.id);
      },
    });
    const outcome = pick(OUTCOMES);
    if (outcome !== 'pending') actions.push({ at: settleAt, run: (log) => log.settleBet(slot.id!, outcome) });
    const roll = next();
    if (roll < 0.1) actions.push({ at: settleAt + 2 * HOUR, run: (log) => log.amendBet(slot.id!, { stake: 50, odds: pick(ODDS) }) });
    else if (roll < 0.15)
      actions.push({ at: settleAt + 3 * HOUR, run: (log) => log.amendBet(slot.id!, { date: dayOf(new Date(settleAt - 10 * 24 * HOUR)) }) });
    else if (roll < 0.2) actions.push({ at: settleAt + 4 * HOUR, run: (log) => log.settleBet(slot.id!, pick(OUTCOMES)) });
    else if (roll < 0.23) actions.push({ at: settleAt + 5 * HOUR, run: (log) => log.removeBet(slot.id!) });
  }
  for (let i = 0; i < 20; i++) {
    const at = start + Math.floor(next() * span);
    actions.push({ at, run: (log) => (next() < 0.8 ? log.addFunds(100 + Math.floor(next() * 900)) : log.withdraw(50)) });
  }
  const log = new EventLog();
  log.at(new Date(start - HOUR).toISOString()).register(`gen-${seed}@example.com`);
  for (const action of actions.sort((a, b) => a.at - b.at)) {
    log.at(new Date(action.at).toISOString());
    action.run(log);
  }
  return log;
}

describe('asOf replays on a generated history of thousands of events', function () {
  this.timeout(180_000);
  const MIDWAY = new Date('2025-03-15T00:00:00.000Z');
  const NOW = new Date('2025-06-30T12:00:00.000Z');
  let now = MIDWAY;
  let h: Harness;
  let log: EventLog;
  let head: string;
  const RANGES = ['30', '90', '180', '365', 'all'];
  const answeredMidway = new Map<string, unknown>();

  before(async () => {
    h = await startHarness({ clock: () => now });
    // Bets placed until 06-20: every settlement (at most 4 days and a few hours later) happened before NOW.
    log = generateHistory(20250630, '2024-07-01T00:00:00.000Z', '2025-06-20T00:00:00.000Z', 1500);
    // Everything up to MIDWAY, then what live stats said on that day; then the rest of the year.
    const cut = log.events.findIndex((e) => Date.parse(e.metadata.occurredAt) > MIDWAY.getTime());
    head = await h.record(log.events.slice(0, cut));
    await h.settle();
    for (const range of RANGES) answeredMidway.set(range, await h.json(`/api/stats?range=${range}`, log.userId, head));
    answeredMidway.set('streaks', await h.json('/api/stats/streaks', log.userId, head));
    head = await h.record(log.events.slice(cut));
    await h.settle();
    now = NOW;
  });

  after(() => h?.close());

  it('has thousands of events to replay, all before now', () => {
    expect(log.events.length).to.be.above(3000);
    expect(log.events.every((e) => Date.parse(e.metadata.occurredAt) <= NOW.getTime())).to.equal(true);
  });

  it('answers for now exactly what the live read models answer', async () => {
    for (const range of RANGES) {
      const live = await h.json(`/api/stats?range=${range}`, log.userId, head);
      const replayed = await h.json(`/api/stats?range=${range}&asOf=${NOW.toISOString()}`, log.userId, head);
      expect(replayed, `range ${range}`).to.deep.equal(live);
    }
    const liveStreaks = await h.json('/api/stats/streaks', log.userId, head);
    expect(await h.json(`/api/stats/streaks?asOf=${NOW.toISOString()}`, log.userId, head)).to.deep.equal(liveStreaks);
  });

  it('answers for a past moment exactly what the live read models answered at that moment', async () => {
    for (const range of RANGES) {
      const replayed = await h.json(`/api/stats?range=${range}&asOf=${MIDWAY.toISOString()}`, log.userId, head);
      expect(replayed, `range ${range}`).to.deep.equal(answeredMidway.get(range));
    }
    expect(await h.json(`/api/stats/streaks?asOf=${MIDWAY.toISOString()}`, log.userId, head)).to.deep.equal(answeredMidway.get('streaks'));
    const later = await h.json<{ record: unknown }>('/api/stats', log.userId, head);
    expect(later.record, 'the history did move on after MIDWAY').not.to.deep.equal(
      (answeredMidway.get('30') as { record: unknown }).record,
    );
  });
});
