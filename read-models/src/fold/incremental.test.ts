import { expect } from 'chai';
import fc from 'fast-check';
import { LEG_OUTCOMES, OUTCOMES, streams, type Outcome } from '@bt/contracts';
import type { BetHistoryRow, TableName } from '../database';
import { EventLog } from '../testing/event-log';
import { reload, sorted, write, type Tables } from '../testing/in-memory-tables';
import { newUserState, projectEvent, settleUser, userReadModels } from './fold';
import type { UserReadModels } from './read-model';
import { StreakRuns } from '../models/streaks/streak-runs';
import { computeStreaks } from '../models/streaks/projection';

/*
 * The live projector keeps streaks and goal amounts incrementally (a change touches only the runs
 * and goals it affects). After every step of a random history, what it holds (folded event by event,
 * settled and taken per step, and also after a restart that loads the user from the tables) must
 * equal a fold of every event so far into a fresh state, and the streaks computeStreaks' from-scratch
 * fold of the bets.
 */

/** Few dates, close together: many bets share a day, so amends split and merge runs in the middle. */
const DATES = ['2025-01-30', '2025-01-31', '2025-02-01', '2025-02-02', '2025-03-01', '2025-03-02'];
const ODDS = ['+100', '+150', '-110', '-250', '2.50', '3/2'];
const STAKES = [1, 10, 12.34, 55];
/** Wins and losses most of the time (they make streaks), the other outcomes now and then. */
const SETTLED: readonly Outcome[] = ['win', 'loss', 'win', 'loss', 'win', 'loss', ...OUTCOMES];

type Step =
  | { kind: 'place'; date: number; odds: number; stake: number; outcome: number }
  | { kind: 'amend'; pick: number; date?: number; odds?: number; stake?: number }
  | { kind: 'settle' | 'remove' | 'restore' | 'settleParlay' | 'removeParlay' | 'restoreParlay'; pick: number; outcome: number }
  | { kind: 'parlay'; date: number; stake: number; legs: number[] }
  | { kind: 'amendParlay'; pick: number; date?: number; stake?: number; legs?: number[] }
  | { kind: 'goal'; start: number; end: number; target: number }
  | { kind: 'reviseGoal' | 'removeGoal'; pick: number; start: number; end: number };

const index = (length: number) => fc.nat({ max: length - 1 });
const legOutcomes = fc.array(index(LEG_OUTCOMES.length), { minLength: 2, maxLength: 3 });
const step: fc.Arbitrary<Step> = fc.oneof(
  {
    arbitrary: fc.record({
      kind: fc.constant('place' as const),
      date: index(DATES.length),
      odds: index(ODDS.length),
      stake: index(STAKES.length),
      outcome: index(SETTLED.length),
    }),
    weight: 5,
  },
  {
    arbitrary: fc.record(
      {
        kind: fc.constant('amend' as const),
        pick: fc.nat(),
        date: index(DATES.length),
        odds: index(ODDS.length),
        stake: index(STAKES.length),
      },
      { requiredKeys: ['kind', 'pick'] },
    ),
    weight: 3,
  },
  {
    arbitrary: fc.record({
      kind: fc.constantFrom('settle' as const, 'remove' as const, 'restore' as const),
      pick: fc.nat(),
      outcome: index(SETTLED.length),
    }),
    weight: 4,
  },
  {
    arbitrary: fc.record({
      kind: fc.constant('parlay' as const),
      date: index(DATES.length),
      stake: index(STAKES.length),
      legs: legOutcomes,
    }),
    weight: 1,
  },
  {
    arbitrary: fc.record(
      {
        kind: fc.constant('amendParlay' as const),
        pick: fc.nat(),
        date: index(DATES.length),
        stake: index(STAKES.length),
        legs: legOutcomes,
      },
      { requiredKeys: ['kind', 'pick'] },
    ),
    weight: 1,
  },
  {
    arbitrary: fc.record({
      kind: fc.constantFrom('settleParlay' as const, 'removeParlay' as const, 'restoreParlay' as const),
      pick: fc.nat(),
      outcome: index(SETTLED.length),
    }),
    weight: 1,
  },
  {
    arbitrary: fc.record({
      kind: fc.constant('goal' as const),
      start: index(DATES.length),
      end: index(DATES.length),
      target: fc.integer({ min: 1, max: 100 }),
    }),
    weight: 1,
  },
  {
    arbitrary: fc.record({
      kind: fc.constantFrom('reviseGoal' as const, 'removeGoal' as const),
      pick: fc.nat(),
      start: index(DATES.length),
      end: index(DATES.length),
    }),
    weight: 1,
  },
);

/** Ids the history holds, live and removed (a restore brings a removed one back). */
interface Ids {
  bets: string[];
  removedBets: string[];
  parlays: string[];
  removedParlays: string[];
  goals: string[];
}

const take = (list: string[], n: number): string | undefined => (list.length === 0 ? undefined : list.splice(n % list.length, 1)[0]);
const pick = (list: string[], n: number): string | undefined => (list.length === 0 ? undefined : list[n % list.length]);
const cashOut = (outcome: Outcome) => (outcome === 'cashout' ? 7.5 : undefined);
const legs = (outcomes: number[], date: string) =>
  outcomes.map((o, i) => ({ odds: ODDS[i % ODDS.length], date, outcome: LEG_OUTCOMES[o] }));
const range = (a: number, b: number) => (a <= b ? { startDate: DATES[a], endDate: DATES[b] } : { startDate: DATES[b], endDate: DATES[a] });

/** Appends the step's events to the log; a step naming nothing adds nothing. */
const apply = (log: EventLog, ids: Ids, s: Step): void => {
  switch (s.kind) {
    case 'place': {
      const outcome = SETTLED[s.outcome];
      ids.bets.push(log.placeBet({ date: DATES[s.date], odds: ODDS[s.odds], stake: STAKES[s.stake] }, outcome, cashOut(outcome)));
      return;
    }
    case 'amend': {
      const id = pick(ids.bets, s.pick);
      if (!id) return;
      log.amendBet(id, {
        ...(s.date === undefined ? {} : { date: DATES[s.date] }),
        ...(s.odds === undefined ? {} : { odds: ODDS[s.odds] }),
        ...(s.stake === undefined ? {} : { stake: STAKES[s.stake] }),
      });
      return;
    }
    case 'settle': {
      const id = pick(ids.bets, s.pick);
      const outcome = SETTLED[s.outcome];
      if (id) log.settleBet(id, outcome, cashOut(outcome));
      return;
    }
    case 'remove': {
      const id = take(ids.bets, s.pick);
      if (id) ids.removedBets.push(log.removeBet(id));
      return;
    }
    case 'restore': {
      const id = take(ids.removedBets, s.pick);
      if (!id) return;
      log.append(streams.bet(id), 'BetRestored', { betId: id });
      ids.bets.push(id);
      return;
    }
    case 'parlay':
      ids.parlays.push(log.createParlay(legs(s.legs, DATES[s.date]), { date: DATES[s.date], stake: STAKES[s.stake] }));
      return;
    case 'amendParlay': {
      const id = pick(ids.parlays, s.pick);
      if (!id) return;
      log.amendParlay(id, {
        ...(s.date === undefined ? {} : { date: DATES[s.date] }),
        ...(s.stake === undefined ? {} : { stake: STAKES[s.stake] }),
        ...(s.legs === undefined ? {} : { legs: legs(s.legs, DATES[s.date ?? 0]) }),
      });
      return;
    }
    case 'settleParlay': {
      const id = pick(ids.parlays, s.pick);
      const outcome = SETTLED[s.outcome];
      if (id) log.settleParlay(id, outcome, cashOut(outcome));
      return;
    }
    case 'removeParlay': {
      const id = take(ids.parlays, s.pick);
      if (id) ids.removedParlays.push(log.removeParlay(id));
      return;
    }
    case 'restoreParlay': {
      const id = take(ids.removedParlays, s.pick);
      if (!id) return;
      log.append(streams.parlay(id), 'ParlayRestored', { parlayId: id });
      ids.parlays.push(id);
      return;
    }
    case 'goal':
      ids.goals.push(log.setGoal({ ...range(s.start, s.end), targetAmount: s.target }));
      return;
    case 'reviseGoal': {
      const id = pick(ids.goals, s.pick);
      if (id) log.reviseGoal(id, range(s.start, s.end));
      return;
    }
    case 'removeGoal': {
      const id = take(ids.goals, s.pick);
      if (id) log.removeGoal(id);
      return;
    }
  }
};

/** The tables the streaks and goals depend on, and they themselves, as a fold computes them. */
const COMPARED: [TableName, (m: UserReadModels) => readonly object[]][] = [
  ['bets', (m) => m.bets],
  ['parlays', (m) => m.parlays],
  ['daily', (m) => m.daily],
  ['user_stats', (m) => (m.userStats ? [m.userStats] : [])],
  ['bankroll', (m) => (m.bankroll ? [m.bankroll] : [])],
  ['streaks', (m) => (m.streaks ? [m.streaks] : [])],
  ['goals', (m) => m.goals],
  ['sport_distribution', (m) => m.sportDistribution],
  ['analytics_totals', (m) => m.analyticsTotals],
  ['analytics_stakes', (m) => m.analyticsStakes],
];

/** A fresh state folded over every event so far: the from-scratch reference. */
const fold = (log: EventLog): UserReadModels => {
  const state = newUserState(log.userId);
  for (const event of log.events) projectEvent(state, event);
  settleUser(state);
  return userReadModels(state);
};

describe('incremental streaks and goal amounts', () => {
  it('equal a from-scratch fold after every step of a random history, live and after restarts', () => {
    fc.assert(
      fc.property(fc.array(fc.record({ step, restart: fc.boolean() }), { minLength: 1, maxLength: 50, size: 'max' }), (plan) => {
        const log = new EventLog().register();
        const ids: Ids = { bets: [], removedBets: [], parlays: [], removedParlays: [], goals: [] };
        const live = { tables: new Map() as Tables, state: newUserState(log.userId) };
        const restarted = { tables: new Map() as Tables, state: newUserState(log.userId) };
        let folded = 0;
        for (const [n, { step: s, restart }] of plan.entries()) {
          apply(log, ids, s);
          for (const target of [live, restarted]) {
            for (let i = folded; i < log.events.length; i++) projectEvent(target.state, log.events[i]);
            settleUser(target.state);
            write(target.tables, target.state);
          }
          folded = log.events.length;
          if (restart) restarted.state = reload(restarted.tables, log.userId);

          const expected = fold(log);
          for (const [table, rows] of COMPARED) {
            const want = sorted(table, rows(expected));
            expect(sorted(table, live.tables.get(table)?.values() ?? []), `${table} after step ${n}`).to.deep.equal(want);
            expect(sorted(table, restarted.tables.get(table)?.values() ?? []), `${table} after step ${n}, restarted`).to.deep.equal(want);
          }
          expect(live.state.streaks.row, `streaks after step ${n}`).to.deep.equal({
            user_id: log.userId,
            ...computeStreaks(live.state.bets.rows.values()),
          });
        }
      }),
      { numRuns: 120 },
    );
  });

  it('keeps StreakRuns equal to computeStreaks over random adds, removals and changes of many rows', () => {
    const row = (id: number, date: number, created: number, outcome: number, cents: number): BetHistoryRow =>
      ({
        id: `bet-${String(id).padStart(4, '0')}`,
        date: `2025-0${1 + (date % 3)}-${String(1 + (date % 28)).padStart(2, '0')}`,
        created_at: new Date(Date.UTC(2025, 0, 1, 0, 0, created)),
        outcome: (['win', 'loss', 'push', 'win', 'loss', 'void'] as const)[outcome],
        profit: cents / 100,
      }) as BetHistoryRow;
    const change = fc.record({
      id: fc.nat({ max: 150 }),
      date: fc.nat({ max: 40 }),
      created: fc.nat({ max: 5 }),
      outcome: fc.nat({ max: 5 }),
      cents: fc.integer({ min: -5000, max: 5000 }),
      remove: fc.boolean(),
    });
    fc.assert(
      fc.property(fc.array(change, { minLength: 1, maxLength: 400, size: 'max' }), (changes) => {
        const held = new Map<number, BetHistoryRow>();
        const runs = StreakRuns.of([]);
        for (const c of changes) {
          const previous = held.get(c.id);
          if (previous) runs.remove(previous);
          if (c.remove) held.delete(c.id);
          else {
            const next = row(c.id, c.date, c.created, c.outcome, c.cents);
            held.set(c.id, next);
            runs.add(next);
          }
          expect(runs.row()).to.deep.equal(computeStreaks(held.values()));
        }
        expect(StreakRuns.of(held.values()).row()).to.deep.equal(computeStreaks(held.values()));
      }),
      { numRuns: 200 },
    );
  });
});
