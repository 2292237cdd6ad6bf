import type { AnalyticsRow } from '@bt/contracts';
import { expect } from 'chai';
import {
  analyticsCsv,
  formatAverageOdds,
  formatClv,
  formatUnitsWon,
  groupLabel,
  recordCell,
  rowCells,
  sortAnalyticsRows,
} from './analytics-table';
import {
  analyticsRequest,
  analyticsViewFromParams,
  DEFAULT_VIEW,
  nextSort,
  paramsFromAnalyticsView,
  rangeIsBackwards,
  type AnalyticsView,
  withDimension,
} from './analytics-view';

const row = (key: string, fields: Partial<AnalyticsRow> = {}): AnalyticsRow => ({
  key,
  bets: 1,
  wins: 0,
  losses: 0,
  pushes: 0,
  voids: 0,
  cashouts: 0,
  winRate: null,
  staked: 0,
  profit: 0,
  roi: null,
  unitsWon: null,
  unitBets: 0,
  averageOdds: null,
  averageClv: null,
  ...fields,
});

const keys = (rows: readonly AnalyticsRow[]) => rows.map((r) => r.key);

describe('analytics table sorting', () => {
  const rows = [
    row('basketball', { bets: 3, wins: 2, losses: 1, profit: 45.45, roi: 15.2, averageOdds: '+150', averageClv: 1.5, unitsWon: 1.8 }),
    row('football', { bets: 2, wins: 0, losses: 2, profit: -40, roi: -100, averageOdds: '-110', averageClv: null, unitsWon: -1.6 }),
    row('soccer', { bets: 2, wins: 2, losses: 0, profit: 20, roi: 50, averageOdds: '+100', averageClv: -0.5, unitsWon: null }),
  ];

  it('sorts by a number both ways, ties keeping the server order', () => {
    expect(keys(sortAnalyticsRows(rows, { key: 'profit', direction: 'desc' }, 'sport'))).to.deep.equal([
      'basketball',
      'soccer',
      'football',
    ]);
    expect(keys(sortAnalyticsRows(rows, { key: 'profit', direction: 'asc' }, 'sport'))).to.deep.equal(['football', 'soccer', 'basketball']);
    expect(keys(sortAnalyticsRows(rows, { key: 'bets', direction: 'asc' }, 'sport'))).to.deep.equal(['football', 'soccer', 'basketball']);
  });

  it('puts rows without a value last whichever the direction', () => {
    expect(keys(sortAnalyticsRows(rows, { key: 'averageClv', direction: 'desc' }, 'sport'))).to.deep.equal([
      'basketball',
      'soccer',
      'football',
    ]);
    expect(keys(sortAnalyticsRows(rows, { key: 'averageClv', direction: 'asc' }, 'sport'))).to.deep.equal([
      'soccer',
      'basketball',
      'football',
    ]);
    expect(keys(sortAnalyticsRows(rows, { key: 'unitsWon', direction: 'asc' }, 'sport'))).to.deep.equal([
      'football',
      'basketball',
      'soccer',
    ]);
  });

  it('sorts average odds by their price, not their text', () => {
    expect(keys(sortAnalyticsRows(rows, { key: 'averageOdds', direction: 'desc' }, 'sport'))).to.deep.equal([
      'basketball',
      'soccer',
      'football',
    ]);
  });

  it('sorts the record by wins, then by fewer losses', () => {
    expect(keys(sortAnalyticsRows(rows, { key: 'record', direction: 'desc' }, 'sport'))).to.deep.equal([
      'soccer',
      'basketball',
      'football',
    ]);
  });

  it('sorts groups by their shown name, and odds ranges, weekdays and unit sizes in their own order', () => {
    expect(
      keys(sortAnalyticsRows([row('soccer'), row('basketball'), row('football')], { key: 'key', direction: 'asc' }, 'sport')),
    ).to.deep.equal(['basketball', 'football', 'soccer']);
    const weekdays = [row('Sunday'), row('Monday'), row('Friday')];
    expect(keys(sortAnalyticsRows(weekdays, { key: 'key', direction: 'asc' }, 'weekday'))).to.deep.equal(['Monday', 'Friday', 'Sunday']);
    const ranges = [row('+200 and longer'), row('-200 and shorter'), row('-100 to +100')];
    expect(keys(sortAnalyticsRows(ranges, { key: 'key', direction: 'desc' }, 'oddsRange'))).to.deep.equal([
      '+200 and longer',
      '-100 to +100',
      '-200 and shorter',
    ]);
    const sizes = [row('Over 2u'), row('Under 1u'), row('1-2u')];
    expect(keys(sortAnalyticsRows(sizes, { key: 'key', direction: 'asc' }, 'stakeSize'))).to.deep.equal(['Under 1u', '1-2u', 'Over 2u']);
  });

  it('does not change the rows it sorts', () => {
    const copy = [...rows];
    sortAnalyticsRows(rows, { key: 'profit', direction: 'asc' }, 'sport');
    expect(rows).to.deep.equal(copy);
  });

  it('starts a new column descending (the group ascending) and toggles the active one', () => {
    expect(nextSort({ key: 'bets', direction: 'desc' }, 'profit')).to.deep.equal({ key: 'profit', direction: 'desc' });
    expect(nextSort({ key: 'bets', direction: 'desc' }, 'key')).to.deep.equal({ key: 'key', direction: 'asc' });
    expect(nextSort({ key: 'profit', direction: 'desc' }, 'profit')).to.deep.equal({ key: 'profit', direction: 'asc' });
  });
});

describe('analytics table cells', () => {
  it('names sports and bet types by their labels and other groups as they are', () => {
    expect(groupLabel('sport', 'basketball')).to.equal('Basketball');
    expect(groupLabel('betType', 'total')).to.equal('Total (Over/Under)');
    expect(groupLabel('book', 'FanDuel')).to.equal('FanDuel');
  });

  it('shows money, percents, units, the W-L-P-V record, odds in the bettor format and CLV', () => {
    const r = row('basketball', {
      bets: 4,
      wins: 2,
      losses: 1,
      pushes: 0,
      voids: 1,
      winRate: 66.7,
      staked: 1234.5,
      profit: 45.454,
      roi: 3.7,
      unitsWon: 1.8,
      unitBets: 3,
      averageOdds: '+150',
      averageClv: 2.345,
    });
    expect(rowCells(r, 'sport', 'american')).to.deep.equal([
      'Basketball',
      '4',
      '2-1-0-1',
      '66.7%',
      '$1,234.50',
      '+$45.45',
      '3.7%',
      '+1.8u on 3 of 4 bets',
      '+150',
      '+2.35%',
    ]);
    expect(rowCells(r, 'sport', 'decimal')[8]).to.equal('2.50');
    expect(rowCells(r, 'sport', 'fractional')[8]).to.equal('3/2');
    expect(rowCells(r, 'sport', 'american', true)[0]).to.equal('Total');
  });

  it('shows a dash where a group has no figure', () => {
    const cells = rowCells(row('x', { profit: -20, staked: 20 }), 'book', 'american');
    expect(cells).to.deep.equal(['x', '1', '0-0-0-0', '—', '$20.00', '-$20.00', '—', '—', '—', '—']);
    expect(formatClv(-0.5)).to.equal('-0.50%');
    expect(formatUnitsWon({ unitsWon: -1.6, unitBets: 2, bets: 2 })).to.equal('-1.6u');
    expect(formatUnitsWon({ unitsWon: 1.82, unitBets: 8, bets: 25 })).to.equal('+1.82u on 8 of 25 bets');
    expect(formatAverageOdds('-110', 'decimal')).to.equal('1.91');
    expect(recordCell(row('y', { wins: 3, losses: 2, pushes: 1, voids: 4 }))).to.equal('3-2-1-4');
  });
});

describe('analytics CSV', () => {
  it('is the table as shown: header, rows in their order, totals; user text kept from running as a formula', () => {
    const rows = [row('=HYPERLINK("x")', { profit: 5, staked: 10 }), row('Book, Two', { profit: -10, staked: 10 })];
    const totals = row('Total', { bets: 2, profit: -5, staked: 20 });
    expect(analyticsCsv(rows, totals, 'book', 'american').split('\r\n')).to.deep.equal([
      'Group,Bets,Record (W-L-P-V),Win rate (%),Staked ($),Profit ($),ROI (%),Units (u),Avg odds,Avg CLV (%)',
      `"'=HYPERLINK(""x"")",1,0-0-0-0,,10.00,5.00,,,,`,
      '"Book, Two",1,0-0-0-0,,10.00,-10.00,,,,',
      'Total,2,0-0-0-0,,20.00,-5.00,,,,',
      '',
    ]);
  });

  it('holds plain numbers, the units in the header and no sign but a minus', () => {
    const figures = row('FanDuel', {
      winRate: 66.666,
      staked: 170,
      profit: 180,
      roi: -3.24,
      unitsWon: 1.555,
      averageOdds: '+150',
      averageClv: 2.345,
    });
    const [, line] = analyticsCsv([figures], figures, 'book', 'american').split('\r\n');
    expect(line).to.equal('FanDuel,1,0-0-0-0,66.7,170.00,180.00,-3.2,1.56,+150,2.35');
  });
});

describe('analytics view in the URL', () => {
  it('reads defaults from an empty query: by sport, all time, most bets first', () => {
    expect(analyticsViewFromParams(new URLSearchParams())).to.deep.equal(DEFAULT_VIEW);
  });

  it('writes by and period always, and a custom range with its dates', () => {
    expect(paramsFromAnalyticsView(DEFAULT_VIEW).toString()).to.equal('by=sport&period=all');
    const view: AnalyticsView = {
      by: 'book',
      period: 'custom',
      from: '2025-01-01',
      to: '2025-03-31',
      sort: { key: 'profit', direction: 'asc' },
    };
    const params = paramsFromAnalyticsView(view);
    expect(params.toString()).to.equal('by=book&period=custom&from=2025-01-01&to=2025-03-31&sort=profit&dir=asc');
    expect(analyticsViewFromParams(params)).to.deep.equal(view);
  });

  it('falls back to defaults for values it does not know', () => {
    const view = analyticsViewFromParams(new URLSearchParams('by=moon&period=7&sort=nope&dir=up&from=2025-01-01'));
    expect(view).to.deep.equal(DEFAULT_VIEW);
    expect(analyticsViewFromParams(new URLSearchParams('period=custom&from=01/02/2025&to=2025-02-30')).from).to.equal('');
  });

  it('reads days of the week Monday to Sunday unless another sort is chosen', () => {
    const weekdays = analyticsViewFromParams(new URLSearchParams('by=weekday&period=all'));
    expect(weekdays.sort).to.deep.equal({ key: 'key', direction: 'asc' });
    expect(paramsFromAnalyticsView(weekdays).toString()).to.equal('by=weekday&period=all');
    const byBets = { ...weekdays, sort: { key: 'bets', direction: 'desc' } } as const;
    expect(paramsFromAnalyticsView(byBets).toString()).to.equal('by=weekday&period=all&sort=bets&dir=desc');
    expect(analyticsViewFromParams(paramsFromAnalyticsView(byBets))).to.deep.equal(byBets);
    const rows = [row('Sunday', { bets: 9 }), row('Monday', { bets: 1 }), row('Friday', { bets: 5 })];
    expect(sortAnalyticsRows(rows, weekdays.sort, 'weekday').map((r) => r.key)).to.deep.equal(['Monday', 'Friday', 'Sunday']);
  });

  it("switches to the new dimension's default sort, keeping one the bettor chose", () => {
    expect(withDimension(DEFAULT_VIEW, 'weekday').sort).to.deep.equal({ key: 'key', direction: 'asc' });
    expect(withDimension(withDimension(DEFAULT_VIEW, 'weekday'), 'book').sort).to.deep.equal({ key: 'bets', direction: 'desc' });
    const chosen: AnalyticsView = { ...DEFAULT_VIEW, sort: { key: 'profit', direction: 'asc' } };
    expect(withDimension(chosen, 'weekday').sort).to.deep.equal(chosen.sort);
  });

  it('asks the API for a period, or for the dates of a custom range instead', () => {
    expect(analyticsRequest({ ...DEFAULT_VIEW, by: 'tag', period: '90' })).to.deep.equal({ by: 'tag', period: '90' });
    expect(analyticsRequest({ ...DEFAULT_VIEW, period: 'custom', from: '2025-01-01', to: '' })).to.deep.equal({
      by: 'sport',
      from: '2025-01-01',
    });
  });

  it('tells a range that ends before it starts', () => {
    expect(rangeIsBackwards({ ...DEFAULT_VIEW, period: 'custom', from: '2025-02-01', to: '2025-01-31' })).to.equal(true);
    expect(rangeIsBackwards({ ...DEFAULT_VIEW, period: 'custom', from: '2025-01-31', to: '2025-01-31' })).to.equal(false);
    expect(rangeIsBackwards({ ...DEFAULT_VIEW, period: 'all', from: '2025-02-01', to: '2025-01-31' })).to.equal(false);
  });
});
