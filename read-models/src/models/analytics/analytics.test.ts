import { expect } from 'chai';
import { replayUser } from '../../replay';
import { EventLog } from '../../testing/event-log';
import { emptyChanges } from '../../fold/rows';
import { KeyedRows, zeroRow } from '../../fold/row-sets';
import { groupsInRow } from './group-figures';
import { analytics_daily, analytics_totals, DIMENSION_COLUMNS, type AnalyticsGroup, type AnalyticsGroupsRow } from './table';
import { oddsRangeOf, unitStakeSizeOf, weekdayOf } from './groups';

const USER = '00000000-0000-7000-8000-0000000000a1';

/** Every group of the rows, by dimension then key (code unit order). */
const groupsOf = (rows: readonly AnalyticsGroupsRow[]) =>
  rows
    .flatMap((row) => groupsInRow(row))
    .sort((a, b) => (a.dimension < b.dimension ? -1 : a.dimension > b.dimension ? 1 : a.key < b.key ? -1 : a.key > b.key ? 1 : 0));

describe('the analytics read models', () => {
  it('move an amended bet from its old groups and day to its new ones, and drop a removed bet', () => {
    // Given a soccer bet on a Saturday, tagged live, and a football bet
    const log = new EventLog().register();
    const betId = log.placeBet({ sport: 'soccer', stake: 30, tags: ['live'], date: '2025-03-01' }, 'win');
    const other = log.placeBet({ stake: 10, date: '2025-03-03' }, 'loss');

    // When the first is amended to basketball on Sunday with no tag, and the second removed
    log.amendBet(betId, { sport: 'basketball', tags: [], date: '2025-03-02' });
    log.removeBet(other);
    const { analyticsDaily, analyticsMonthly, analyticsTotals, analyticsStakes } = replayUser(log.events);

    // Then only the amended bet's new groups are left, on its new day and month, with its figures
    const totals = groupsOf([...analyticsTotals, ...analyticsStakes]);
    const keys = totals.map((r) => [r.dimension, r.key, r.bets, r.wins, r.staked, r.profit]);
    expect(keys).to.deep.equal([
      ['betType', 'moneyline', 1, 1, 30, 30],
      ['book', '(no book)', 1, 1, 30, 30],
      ['league', '(no league)', 1, 1, 30, 30],
      ['oddsRange', '-100 to +100', 1, 1, 30, 30],
      ['sport', 'basketball', 1, 1, 30, 30],
      ['stake', '30', 1, 1, 30, 30],
      ['tag', '(no tag)', 1, 1, 30, 30],
      ['weekday', 'Sunday', 1, 1, 30, 30],
    ]);
    expect(new Set(analyticsDaily.map((r) => r.date))).to.deep.equal(new Set(['2025-03-02']));
    const [day] = analyticsDaily;
    const groups = Object.entries(DIMENSION_COLUMNS)
      .flatMap(([dimension, column]) =>
        day[column] === null ? [] : (JSON.parse(day[column]) as AnalyticsGroup[]).map(([key]) => [dimension, key]),
      )
      .sort(([a, b], [c, d]) => (a < c ? -1 : a > c ? 1 : b < d ? -1 : b > d ? 1 : 0));
    expect(groups).to.deep.equal(totals.map((r) => [r.dimension, r.key]));
    expect(analyticsTotals).to.have.length(1);
    expect(analyticsMonthly.map((r) => r.month)).to.deep.equal(['2025-03']);
    // The month and the totals hold the day's groups: its only bet's.
    const { date: _date, ...groupsOfDay } = day;
    expect(analyticsMonthly[0]).to.deep.equal({ ...groupsOfDay, month: '2025-03' });
    // Over all dates, the stake's group is a row of its own
    const { stake, ...allButStake } = groupsOfDay;
    expect(analyticsTotals[0]).to.deep.equal(allButStake);
    expect(analyticsStakes).to.deep.equal([{ user_id: day.user_id, amount: '30', stake }]);
    // A day's groups of a dimension: each key with its figures in GROUP_FIGURES' order, money in cents.
    expect(JSON.parse(day.bet_type!)).to.deep.equal([['moneyline', 1, 1, 0, 0, 0, 0, 0, 3000, 3000, 0, 0, 1, 20000, 0, 0]]);
    expect([day.sport, day.stake_size]).to.deep.equal([
      JSON.stringify([['basketball', 1, 1, 0, 0, 0, 0, 0, 3000, 3000, 0, 0, 1, 20000, 0, 0]]),
      null,
    ]);
  });

  it('keep units, odds and clv sums exact, and a parlay once under its own keys', () => {
    // Given a bet placed with a unit size of 20 and a close, and a won parlay of two legs with tags
    const log = new EventLog().register();
    log.placeBet({ odds: '+150', stake: 50, unitSize: 20, closingOdds: '+100', date: '2025-03-01' }, 'win');
    log.createParlay(
      [
        { league: 'NBA', outcome: 'win', date: '2025-03-01' },
        { league: 'NBA', outcome: 'win', date: '2025-03-01' },
      ],
      { stake: 10, tags: ['a', 'b'], book: 'Caesars', date: '2025-03-01' },
    );
    const replayed = replayUser(log.events);
    const analyticsTotals = groupsOf([...replayed.analyticsTotals, ...replayed.analyticsStakes]);
    const of = (dimension: string) => analyticsTotals.filter((r) => r.dimension === dimension).map((r) => r.key);

    // Then the unit bet (2.5 units) is under 'Over 2u', with 3.75 units won and clv 25
    const unit = analyticsTotals.find((r) => r.dimension === 'stakeSize')!;
    expect(unit).to.include({
      key: 'Over 2u',
      bets: 1,
      units_count: 1,
      units_sum: 3.75,
      clv_count: 1,
      clv_sum: 25,
      decimal_odds_sum_e4: 25_000,
    });
    // And the parlay counts once per dimension (twice under tag: once per tag), as parlay, its stake in dollars
    expect(of('sport')).to.deep.equal(['football', 'parlay']);
    expect(of('league')).to.deep.equal(['(no league)', 'parlay']);
    expect(of('betType')).to.deep.equal(['moneyline', 'parlay']);
    expect(of('tag')).to.deep.equal(['(no tag)', 'a', 'b']);
    expect(of('stake')).to.deep.equal(['10']);
    expect(analyticsTotals.find((r) => r.dimension === 'oddsRange' && r.key === '+200 and longer')).to.include({ bets: 1, profit: 30 });
  });

  it('bucket odds by the canonical American bounds, weekdays from the date, and unit stakes at 1 and 2 inclusive', () => {
    expect([-200, -199, -101, -100, 100, 101, 199, 200, 0].map(oddsRangeOf)).to.deep.equal([
      '-200 and shorter',
      '-199 to -101',
      '-199 to -101',
      '-100 to +100',
      '-100 to +100',
      '+101 to +199',
      '+101 to +199',
      '+200 and longer',
      '-100 to +100',
    ]);
    expect(['2025-03-03', '2025-03-09'].map(weekdayOf)).to.deep.equal(['Monday', 'Sunday']);
    expect([0.99, 1, 2, 2.01].map(unitStakeSizeOf)).to.deep.equal(['Under 1u', '1-2u', '1-2u', 'Over 2u']);
  });

  it('write and delete a row keyed by its date, and the one row keyed by its user, and load them back', () => {
    for (const [table, key, keys] of [
      [analytics_daily, '2025-03-01', { user_id: USER, date: '2025-03-01' }],
      [analytics_totals, USER, { user_id: USER }],
    ] as const) {
      const rows = new KeyedRows<'analytics_daily' | 'analytics_totals'>(table, USER);
      rows.put(key, { ...zeroRow(table, keys), sport: '[["golf",1]]' } as never);
      const first = emptyChanges();
      rows.take(first);
      expect(first[table.name].inserts).to.deep.equal([{ ...zeroRow(table, keys), sport: '[["golf",1]]' }]);

      const loaded = new KeyedRows<'analytics_daily' | 'analytics_totals'>(table, USER);
      loaded.load(first[table.name].inserts[0]);
      expect(loaded.get(key)).to.include({ sport: '[["golf",1]]' });
      loaded.remove(key);
      const second = emptyChanges();
      loaded.take(second);
      expect(second[table.name].deletes).to.deep.equal([keys]);
    }
  });
});
