import { expect } from 'chai';
import fc from 'fast-check';
import { BET_TYPES, COMMON_BOOKS, LEG_OUTCOMES, ODDS_FORMATS, OUTCOMES, SPORTS, type Outcome } from '@bt/contracts';
import type { TableName } from '../database';
import { replayUser } from '../replay';
import { EventLog } from '../testing/event-log';
import { MOVES } from '../testing/moves';
import { reload, sorted, write, type Tables } from '../testing/in-memory-tables';
import { newUserState, projectEvent, settleUser } from './fold';

/*
 * The live projector folds a user's events batch by batch, takes the rows each batch changed, and
 * after a restart continues from the rows the tables hold. Whatever the batches and restarts, the
 * tables must end up holding exactly what one replay of the same events computes.
 */

const DATES = ['2025-02-27', '2025-03-01', '2025-03-02', '2025-03-15', '2025-04-01'];
/** Odds in every format (American, decimal, fractional), as events store them. */
const ODDS = ['+100', '+150', '-110', '-250', '+333', '2.50', '1.91', '3/2', '10/11'];
const STAKES = [1, 10, 12.34, 55, 0.1];
/** What a bet or parlay may carry since schema version 3: index into each list, or absent. */
const BOOKS = [null, ...COMMON_BOOKS.slice(0, 3)];
const TAG_SETS = [[], ['live'], ['props', 'Sharp']];
const UNIT_SIZES = [null, 10, 12.5];

interface Terms {
  closing?: number;
  bonus?: boolean;
  book?: number;
  tags?: number;
}

type Step =
  | ({ kind: 'place'; sport: number; betType: number; odds: number; stake: number; date: number; outcome: number } & Terms)
  | { kind: 'settle' | 'removeBet' | 'settleParlay' | 'removeParlay'; pick: number; outcome: number; cashOut: number }
  | ({ kind: 'amendBet'; pick: number; odds?: number; stake?: number; date?: number; sport?: number; notes?: boolean } & Terms)
  | ({ kind: 'parlay'; legs: Leg[]; stake: number; date: number } & Terms)
  | ({ kind: 'amendParlay'; pick: number; stake?: number; date?: number; legs?: Leg[] } & Terms)
  | { kind: 'unitSize'; size: number; apply: boolean }
  | { kind: 'funds'; stake: number; move: number }
  | { kind: 'goal'; start: number; end: number; target: number; paused: boolean }
  | { kind: 'reviseGoal' | 'removeGoal'; pick: number; start: number; paused?: boolean }
  | { kind: 'journal' | 'reviseJournal' | 'eraseJournal'; pick: number; date: number }
  | { kind: 'email'; pick: number }
  | { kind: 'settings'; oddsFormat?: number; unitSize?: number | null }
  | { kind: 'restoreBet' | 'restoreParlay' | 'restoreGoal' | 'restoreJournal'; pick: number };

type Leg = { odds: number; date: number; outcome: number; closing?: number };

const index = (length: number) => fc.nat({ max: length - 1 });
const leg = fc.record(
  { odds: index(ODDS.length), date: index(DATES.length), outcome: index(LEG_OUTCOMES.length), closing: index(ODDS.length) },
  { requiredKeys: ['odds', 'date', 'outcome'] },
);
/** Optional terms of a bet or parlay. */
const terms = {
  closing: index(ODDS.length),
  bonus: fc.boolean(),
  book: index(BOOKS.length),
  tags: index(TAG_SETS.length),
};
/** One random command of a user (also drives snapshots/replay-from-snapshot.test.ts). */
export const step: fc.Arbitrary<Step> = fc.oneof(
  {
    arbitrary: fc.record(
      {
        kind: fc.constant('place' as const),
        sport: index(SPORTS.length),
        betType: index(BET_TYPES.length - 1),
        odds: index(ODDS.length),
        stake: index(STAKES.length),
        date: index(DATES.length),
        outcome: index(OUTCOMES.length),
        ...terms,
      },
      { requiredKeys: ['kind', 'sport', 'betType', 'odds', 'stake', 'date', 'outcome'] },
    ),
    weight: 4,
  },
  {
    arbitrary: fc.record({
      kind: fc.constantFrom('settle' as const, 'removeBet' as const, 'settleParlay' as const, 'removeParlay' as const),
      pick: fc.nat(),
      outcome: index(OUTCOMES.length),
      cashOut: index(STAKES.length),
    }),
    weight: 3,
  },
  {
    arbitrary: fc.record(
      {
        kind: fc.constant('amendBet' as const),
        pick: fc.nat(),
        odds: index(ODDS.length),
        stake: index(STAKES.length),
        date: index(DATES.length),
        sport: index(SPORTS.length),
        notes: fc.boolean(),
        ...terms,
      },
      { requiredKeys: ['kind', 'pick'] },
    ),
    weight: 2,
  },
  {
    arbitrary: fc.record(
      {
        kind: fc.constant('parlay' as const),
        legs: fc.array(leg, { minLength: 2, maxLength: 3 }),
        stake: index(STAKES.length),
        date: index(DATES.length),
        ...terms,
      },
      { requiredKeys: ['kind', 'legs', 'stake', 'date'] },
    ),
    weight: 2,
  },
  {
    arbitrary: fc.record(
      {
        kind: fc.constant('amendParlay' as const),
        pick: fc.nat(),
        stake: index(STAKES.length),
        date: index(DATES.length),
        legs: fc.array(leg, { minLength: 2, maxLength: 3 }),
        ...terms,
      },
      { requiredKeys: ['kind', 'pick'] },
    ),
    weight: 1,
  },
  { arbitrary: fc.record({ kind: fc.constant('unitSize' as const), size: index(UNIT_SIZES.length), apply: fc.boolean() }), weight: 1 },
  { arbitrary: fc.record({ kind: fc.constant('funds' as const), stake: index(STAKES.length), move: fc.nat() }), weight: 2 },
  {
    arbitrary: fc.record({
      kind: fc.constant('goal' as const),
      start: index(DATES.length),
      end: index(DATES.length),
      target: fc.integer({ min: 1, max: 200 }),
      paused: fc.boolean(),
    }),
    weight: 1,
  },
  {
    arbitrary: fc.record(
      {
        kind: fc.constantFrom('reviseGoal' as const, 'removeGoal' as const),
        pick: fc.nat(),
        start: index(DATES.length),
        paused: fc.boolean(),
      },
      { requiredKeys: ['kind', 'pick', 'start'] },
    ),
    weight: 1,
  },
  {
    arbitrary: fc.record({
      kind: fc.constantFrom('journal' as const, 'reviseJournal' as const, 'eraseJournal' as const),
      pick: fc.nat(),
      date: index(DATES.length),
    }),
    weight: 1,
  },
  { arbitrary: fc.record({ kind: fc.constant('email' as const), pick: fc.nat({ max: 3 }) }), weight: 1 },
  // A restore of anything (removed or not, restored already or not): only a removed thing comes back.
  {
    arbitrary: fc.record({
      kind: fc.constantFrom('restoreBet' as const, 'restoreParlay' as const, 'restoreGoal' as const, 'restoreJournal' as const),
      pick: fc.nat(),
    }),
    weight: 2,
  },
  {
    arbitrary: fc.record(
      {
        kind: fc.constant('settings' as const),
        oddsFormat: index(ODDS_FORMATS.length),
        unitSize: fc.option(index(STAKES.length), { nil: null }),
      },
      { requiredKeys: ['kind'] },
    ),
    weight: 1,
  },
);

/**
 * Appends the step's event(s) to the log, choosing among the ids it holds; a step that refers to
 * nothing adds nothing. `unitSize` is the user's current one (bets and parlays are placed with it).
 */
export const apply = (
  log: EventLog,
  ids: Record<'bets' | 'parlays' | 'goals' | 'entries', string[]>,
  s: Step,
  unitSize: { current: number | null },
): void => {
  const pick = (list: string[], n: number) => (list.length === 0 ? undefined : list[n % list.length]);
  const legs = (list: Leg[]) =>
    list.map((l) => ({
      odds: ODDS[l.odds],
      date: DATES[l.date],
      outcome: LEG_OUTCOMES[l.outcome],
      ...(l.closing === undefined ? {} : { closingOdds: ODDS[l.closing], league: 'NBA' }),
    }));
  // The terms a step gives (absent ones stay absent, as in an amend that leaves them).
  const termsOf = (t: Terms) => ({
    ...(t.bonus === undefined ? {} : { bonusBet: t.bonus }),
    ...(t.book === undefined ? {} : { book: BOOKS[t.book] }),
    ...(t.tags === undefined ? {} : { tags: TAG_SETS[t.tags] }),
  });
  const betTermsOf = (t: Terms) => ({ ...termsOf(t), ...(t.closing === undefined ? {} : { closingOdds: ODDS[t.closing] }) });
  const outcomeOf = (s: { outcome: number; cashOut: number }) => OUTCOMES[s.outcome];
  const cashOutOf = (s: { outcome: number; cashOut: number }) => (OUTCOMES[s.outcome] === 'cashout' ? STAKES[s.cashOut] * 2 : undefined);
  switch (s.kind) {
    case 'place':
      ids.bets.push(
        log.placeBet(
          {
            sport: SPORTS[s.sport],
            betType: BET_TYPES[s.betType],
            odds: ODDS[s.odds],
            stake: STAKES[s.stake],
            date: DATES[s.date],
            ...betTermsOf(s),
            unitSize: unitSize.current,
            ...(s.book === undefined ? {} : { league: 'NFL' }),
          },
          OUTCOMES[s.outcome],
          STAKES[s.stake] * 1.5,
        ),
      );
      return;
    case 'settle': {
      const id = pick(ids.bets, s.pick);
      if (id) log.settleBet(id, outcomeOf(s), cashOutOf(s));
      return;
    }
    case 'removeBet': {
      const id = pick(ids.bets, s.pick);
      if (id) log.removeBet(id);
      return;
    }
    case 'amendBet': {
      const id = pick(ids.bets, s.pick);
      if (!id) return;
      log.amendBet(id, {
        ...(s.odds === undefined ? {} : { odds: ODDS[s.odds] }),
        ...(s.stake === undefined ? {} : { stake: STAKES[s.stake] }),
        ...(s.date === undefined ? {} : { date: DATES[s.date] }),
        ...(s.sport === undefined ? {} : { sport: SPORTS[s.sport] }),
        ...(s.notes === undefined ? {} : { notes: s.notes ? 'amended' : null }),
        ...betTermsOf(s),
      });
      return;
    }
    case 'parlay':
      ids.parlays.push(
        log.createParlay(legs(s.legs), { stake: STAKES[s.stake], date: DATES[s.date], ...termsOf(s), unitSize: unitSize.current }),
      );
      return;
    case 'amendParlay': {
      const id = pick(ids.parlays, s.pick);
      if (!id) return;
      log.amendParlay(id, {
        ...(s.stake === undefined ? {} : { stake: STAKES[s.stake] }),
        ...(s.date === undefined ? {} : { date: DATES[s.date] }),
        ...(s.legs === undefined ? {} : { legs: legs(s.legs) }),
        ...termsOf(s),
      });
      return;
    }
    case 'settleParlay': {
      const id = pick(ids.parlays, s.pick);
      if (id) log.settleParlay(id, outcomeOf(s) as Outcome, cashOutOf(s));
      return;
    }
    case 'unitSize':
      unitSize.current = UNIT_SIZES[s.size];
      log.setUnitSize(unitSize.current);
      if (s.apply && unitSize.current !== null) log.applyUnitSize(ids.bets, ids.parlays, unitSize.current); // removed ones too: skipped
      return;
    case 'removeParlay': {
      const id = pick(ids.parlays, s.pick);
      if (id) log.removeParlay(id);
      return;
    }
    case 'funds':
      MOVES[s.move % MOVES.length](log, STAKES[s.stake], s.stake);
      return;
    case 'goal': {
      const [start, end] = s.start <= s.end ? [s.start, s.end] : [s.end, s.start];
      ids.goals.push(log.setGoal({ startDate: DATES[start], endDate: DATES[end], targetAmount: s.target, paused: s.paused }));
      return;
    }
    case 'reviseGoal': {
      const id = pick(ids.goals, s.pick);
      if (id) log.reviseGoal(id, { startDate: DATES[0], endDate: DATES[s.start], ...(s.paused === undefined ? {} : { paused: s.paused }) });
      return;
    }
    case 'removeGoal': {
      const id = pick(ids.goals, s.pick);
      if (id) log.removeGoal(id);
      return;
    }
    case 'journal':
      ids.entries.push(log.writeJournal({ date: DATES[s.date], tags: ['discipline'] }));
      return;
    case 'reviseJournal': {
      const id = pick(ids.entries, s.pick);
      if (id) log.reviseJournal(id, { title: 'Revised', date: DATES[s.date], tags: [] });
      return;
    }
    case 'eraseJournal': {
      const id = pick(ids.entries, s.pick);
      if (id) log.eraseJournal(id);
      return;
    }
    case 'restoreBet': {
      const id = pick(ids.bets, s.pick);
      if (id) log.restoreBet(id);
      return;
    }
    case 'restoreParlay': {
      const id = pick(ids.parlays, s.pick);
      if (id) log.restoreParlay(id);
      return;
    }
    case 'restoreGoal': {
      const id = pick(ids.goals, s.pick);
      if (id) log.restoreGoal(id);
      return;
    }
    case 'restoreJournal': {
      const id = pick(ids.entries, s.pick);
      if (id) log.restoreJournal(id);
      return;
    }
    case 'email':
      log.changeEmail(`${s.pick}-${log.userId}@example.com`, `${log.userId}@example.com`);
      return;
    case 'settings':
      if (s.oddsFormat !== undefined) log.chooseOddsFormat(ODDS_FORMATS[s.oddsFormat]);
      if (s.unitSize !== undefined) {
        unitSize.current = s.unitSize === null ? null : STAKES[s.unitSize];
        log.setUnitSize(unitSize.current);
      }
      return;
  }
};

describe('live projection in batches, with restarts, equals one replay', () => {
  it('holds for random histories (every read model, row for row)', () => {
    fc.assert(
      fc.property(fc.array(fc.record({ step, endBatch: fc.boolean(), restart: fc.boolean() }), { minLength: 1, maxLength: 40 }), (plan) => {
        const log = new EventLog().register();
        const ids = { bets: [], parlays: [], goals: [], entries: [] };
        const unitSize = { current: null as number | null };
        const batches: number[] = [];
        for (const { step: s, endBatch, restart } of plan) {
          apply(log, ids, s, unitSize);
          if (endBatch) batches.push(log.events.length * (restart ? -1 : 1));
        }
        const tables: Tables = new Map();
        let state = newUserState(log.userId);
        let folded = 0;
        for (const mark of [...batches, log.events.length]) {
          const end = Math.abs(mark);
          for (; folded < end; folded++) projectEvent(state, log.events[folded]);
          settleUser(state);
          write(tables, state);
          if (mark < 0) state = reload(tables, log.userId);
        }

        const replayed = replayUser(log.events);
        const expected: [TableName, readonly object[]][] = [
          ['users', replayed.user ? [replayed.user] : []],
          ['bets', replayed.bets],
          ['parlays', replayed.parlays],
          ['bankroll', replayed.bankroll ? [replayed.bankroll] : []],
          ['user_stats', replayed.userStats ? [replayed.userStats] : []],
          ['daily', replayed.daily],
          ['sport_distribution', replayed.sportDistribution],
          ['streaks', replayed.streaks ? [replayed.streaks] : []],
          ['goals', replayed.goals],
          ['journal_entries', replayed.journalEntries],
          ['user_streams', replayed.userStreams],
          ['analytics_daily', replayed.analyticsDaily],
          ['analytics_monthly', replayed.analyticsMonthly],
          ['analytics_totals', replayed.analyticsTotals],
          ['analytics_stakes', replayed.analyticsStakes],
          ['removed_rows', replayed.removedRows],
          ['bankroll_entries', replayed.bankrollEntries],
        ];
        for (const [table, rows] of expected) {
          expect(sorted(table, tables.get(table)?.values() ?? []), table).to.deep.equal(sorted(table, rows));
        }
      }),
      { numRuns: 150 },
    );
  });
});
