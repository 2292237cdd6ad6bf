import { expect } from 'chai';
import type { BetRow } from '../responses';
import { decimalOfOdds } from './odds';
import {
  compareHistoryText,
  filterHistoryRows,
  historyPage,
  historyTotals,
  sortHistoryRows,
  type HistoryFilters,
  type HistorySort,
} from './history';

let n = 0;
const row = (fields: Partial<BetRow>): BetRow => {
  n += 1;
  return {
    id: `00000000-0000-7000-8000-${String(n).padStart(12, '0')}`,
    userId: '00000000-0000-7000-8000-000000000000',
    kind: 'bet',
    sport: 'football',
    event: `Event ${n}`,
    betType: 'moneyline',
    odds: '+100',
    stake: 10,
    profit: 0,
    outcome: 'pending',
    notes: null,
    date: '2025-03-10',
    createdAt: `2025-03-10T12:00:${String(n % 60).padStart(2, '0')}.000Z`,
    updatedAt: '2025-03-10T12:00:00.000Z',
    parlayId: null,
    isPartOfParlay: false,
    legCount: null,
    version: 1,
    league: null,
    closingOdds: null,
    startsAt: null,
    book: null,
    tags: [],
    decimalOdds: decimalOfOdds(fields.odds ?? '+100'),
    clv: null,
    bonusBet: false,
    cashOutAmount: null,
    unitSize: null,
    units: null,
    profitUnits: null,
    ...fields,
  };
};

const TODAY = '2025-03-15';
const DEFAULT_FILTERS: HistoryFilters = { search: '', sport: 'all', type: 'all', outcome: 'all', period: '30', book: 'all', tag: 'all' };
const NEWEST_FIRST: HistorySort = { key: 'date', direction: 'desc' };
const filters = (changes: Partial<HistoryFilters>): HistoryFilters => ({ ...DEFAULT_FILTERS, ...changes });

describe('Bet History rules', () => {
  describe('filtering', () => {
    it('hides single bets that belong to a parlay', () => {
      const rows = [row({ event: 'Shown' }), row({ event: 'Leg', isPartOfParlay: true })];
      expect(filterHistoryRows(rows, DEFAULT_FILTERS, TODAY).map((r) => r.event)).to.deep.equal(['Shown']);
    });

    it('searches the event name or the sport, ignoring case', () => {
      const rows = [row({ event: 'Lakers vs Celtics', sport: 'basketball' }), row({ event: 'Yankees', sport: 'baseball' })];
      expect(filterHistoryRows(rows, filters({ search: 'lakers' }), TODAY)).to.have.length(1);
      expect(filterHistoryRows(rows, filters({ search: 'BASE' }), TODAY).map((r) => r.event)).to.deep.equal(['Yankees']);
      expect(filterHistoryRows(rows, filters({ search: '  ' }), TODAY)).to.have.length(2);
    });

    it('searches the notes, book, league and tags too, each on its own', () => {
      const rows = [
        row({ event: 'Lakers vs Celtics', book: 'DraftKings', league: 'NBA' }),
        row({ event: 'Chiefs vs Bills', notes: 'Sharp move', tags: ['Live', 'model'] }),
        row({ event: 'Yankees', book: null, tags: [] }),
      ];
      const found = (search: string) => filterHistoryRows(rows, filters({ search }), TODAY).map((r) => r.event);
      expect(found('draftkings')).to.deep.equal(['Lakers vs Celtics']);
      expect(found('nba')).to.deep.equal(['Lakers vs Celtics']);
      expect(found('SHARP')).to.deep.equal(['Chiefs vs Bills']);
      expect(found('model')).to.deep.equal(['Chiefs vs Bills']);
      // A search never spans two texts: no tag holds 'live model'.
      expect(found('live model')).to.deep.equal([]);
    });

    it('filters by sport, including parlay rows as their own sport', () => {
      const rows = [row({ sport: 'hockey' }), row({ kind: 'parlay', sport: 'parlay', betType: 'parlay' })];
      expect(filterHistoryRows(rows, filters({ sport: 'hockey' }), TODAY)).to.have.length(1);
      expect(filterHistoryRows(rows, filters({ sport: 'parlay' }), TODAY)[0].kind).to.equal('parlay');
    });

    it('filters by type and outcome', () => {
      const rows = [row({ outcome: 'win' }), row({ kind: 'parlay', sport: 'parlay', outcome: 'loss' })];
      expect(filterHistoryRows(rows, filters({ type: 'bet' }), TODAY)[0].outcome).to.equal('win');
      expect(filterHistoryRows(rows, filters({ type: 'parlay' }), TODAY)[0].outcome).to.equal('loss');
      expect(filterHistoryRows(rows, filters({ outcome: 'loss' }), TODAY)).to.have.length(1);
    });

    it('keeps the last 30 days (today and the 29 before, as periodRange says) by default and everything with period all', () => {
      const rows = [row({ date: '2025-03-01' }), row({ date: '2025-02-14' }), row({ date: '2025-02-13' }), row({ date: '2024-01-01' })];
      expect(filterHistoryRows(rows, DEFAULT_FILTERS, TODAY).map((r) => r.date)).to.deep.equal(['2025-03-01', '2025-02-14']);
      expect(filterHistoryRows(rows, filters({ period: '90' }), TODAY)).to.have.length(3);
      expect(filterHistoryRows(rows, filters({ period: 'all' }), TODAY)).to.have.length(4);
    });
  });

  describe('sorting', () => {
    it('starts newest first by date', () => {
      const rows = [row({ date: '2025-03-01' }), row({ date: '2025-03-09' }), row({ date: '2025-03-05' })];
      expect(sortHistoryRows(rows, NEWEST_FIRST).map((r) => r.date)).to.deep.equal(['2025-03-09', '2025-03-05', '2025-03-01']);
    });

    it('breaks ties on the same day by entry time', () => {
      const early = row({ createdAt: '2025-03-10T08:00:00.000Z' });
      const late = row({ createdAt: '2025-03-10T20:00:00.000Z' });
      expect(sortHistoryRows([early, late], NEWEST_FIRST)[0]).to.equal(late);
    });

    it('sorts odds, stake and profit as numbers', () => {
      const rows = [row({ odds: '-110', stake: 5 }), row({ odds: '+250', stake: 100 }), row({ odds: '+105', stake: 20 })];
      expect(sortHistoryRows(rows, { key: 'odds', direction: 'desc' }).map((r) => r.odds)).to.deep.equal(['+250', '+105', '-110']);
      expect(sortHistoryRows(rows, { key: 'stake', direction: 'asc' }).map((r) => r.stake)).to.deep.equal([5, 20, 100]);
    });

    it('sorts text columns ignoring case', () => {
      const rows = [row({ event: 'beta' }), row({ event: 'Alpha' }), row({ event: 'gamma' })];
      expect(sortHistoryRows(rows, { key: 'event', direction: 'asc' }).map((r) => r.event)).to.deep.equal(['Alpha', 'beta', 'gamma']);
    });
  });

  describe('books, tags and closing-line value', () => {
    const rows = [
      row({ event: 'A', book: 'FanDuel', tags: ['live', 'model'], clv: 2.5, decimalOdds: 2.5 }),
      row({ event: 'B', book: 'fanduel', tags: ['Live'], clv: -1, decimalOdds: 1.9091 }),
      row({ event: 'C', book: 'DraftKings', tags: [], clv: null, decimalOdds: 3 }),
      row({ event: 'D', book: null, tags: ['model'], isPartOfParlay: true }),
    ];
    const events = (list: readonly BetRow[]) => list.map((r) => r.event);

    it('filters by book and by tag, ignoring case', () => {
      expect(events(filterHistoryRows(rows, filters({ book: 'FANDUEL' }), TODAY))).to.deep.equal(['A', 'B']);
      expect(events(filterHistoryRows(rows, filters({ tag: 'live' }), TODAY))).to.deep.equal(['A', 'B']);
      expect(events(filterHistoryRows(rows, filters({ tag: 'model' }), TODAY))).to.deep.equal(['A']);
      expect(events(filterHistoryRows(rows, filters({ book: 'DraftKings', tag: 'live' }), TODAY))).to.deep.equal([]);
    });

    it('reads rows from before books and tags as having none', () => {
      const old = row({ event: 'Old' }) as Partial<BetRow>;
      delete old.book;
      delete old.tags;
      expect(events(filterHistoryRows([old as BetRow], filters({ book: 'FanDuel' }), TODAY))).to.deep.equal([]);
      expect(events(filterHistoryRows([old as BetRow], DEFAULT_FILTERS, TODAY))).to.deep.equal(['Old']);
    });

    it('sorts by book (spellings of one book tie, newest first), by price and by CLV (bets without a close last when descending)', () => {
      const shown = rows.slice(0, 3);
      expect(events(sortHistoryRows(shown, { key: 'book', direction: 'asc' }))).to.deep.equal(['C', 'B', 'A']);
      expect(events(sortHistoryRows(shown, { key: 'odds', direction: 'desc' }))).to.deep.equal(['C', 'A', 'B']);
      expect(events(sortHistoryRows(shown, { key: 'clv', direction: 'desc' }))).to.deep.equal(['A', 'B', 'C']);
    });
  });

  describe('text, ties and pages', () => {
    it('compares text ignoring ASCII case, then by code point, as Postgres does under collation "C"', () => {
      expect(compareHistoryText('Alpha', 'alpha')).to.equal(0);
      expect(compareHistoryText('alpha', 'Beta')).to.be.below(0);
      expect(compareHistoryText('', 'a')).to.be.below(0);
      expect(compareHistoryText('zebra', 'Éclair')).to.be.below(0);
      expect(compareHistoryText('\uffff', '\u{1F600}')).to.be.below(0);
    });

    it('breaks every tie newest first: date, then entry time, then id', () => {
      const a = row({ stake: 10, date: '2025-03-01' });
      const b = row({ stake: 10, date: '2025-03-02' });
      const c = row({ stake: 10, date: '2025-03-02', createdAt: a.createdAt });
      const sorted = sortHistoryRows([a, b, c], { key: 'stake', direction: 'asc' });
      expect(sorted[2]).to.equal(a);
      expect(sorted.slice(0, 2)).to.have.members([b, c]);
    });

    it('answers one page with the total, clamping a page past the end to the last one', () => {
      const rows = Array.from({ length: 8 }, (_, i) => row({ date: `2025-03-0${i + 1}` }));
      const page = (n: number) => historyPage(rows, { filters: DEFAULT_FILTERS, sort: NEWEST_FIRST, page: n, pageSize: 6 }, TODAY);
      expect(page(1).items.map((r) => r.date)[0]).to.equal('2025-03-08');
      expect(page(2)).to.include({ total: 8, page: 2, pageSize: 6 });
      expect(page(2).items).to.have.length(2);
      expect(page(9)).to.deep.include({ page: 2, items: page(2).items });
    });
  });

  describe('totals', () => {
    it('counts the record, sums the stake at risk and profit in cents, and ROI over the stake at risk', () => {
      const totals = historyTotals([
        row({ outcome: 'win', stake: 10.1, profit: 9.18 }),
        row({ outcome: 'loss', stake: 20.2, profit: -20.2 }),
        row({ outcome: 'push', stake: 5 }),
        row({ outcome: 'void', stake: 7 }),
        row({ outcome: 'cashout', stake: 10, profit: 2.5 }),
        row({ outcome: 'pending', stake: 50 }),
        row({ outcome: 'loss', stake: 30, profit: 0, bonusBet: true }),
      ]);
      expect(totals).to.deep.equal({
        ...{ bets: 7, wins: 1, losses: 2, pushes: 1, voids: 1, cashouts: 1, pending: 1 },
        // 10.10 + 20.20 + 5 + 10 at risk (void, pending and bonus stakes out); 9.18 - 20.20 + 2.50 won.
        ...{ staked: 45.3, profit: -8.52, roi: -18.8, unitsWon: null, unitBets: 0 },
      });
    });

    it('sums units only over the rows placed with a unit size, and says how many', () => {
      const totals = historyTotals([
        row({ outcome: 'win', stake: 20, profit: 18.18, unitSize: 20, units: 1, profitUnits: 0.91 }),
        row({ outcome: 'win', stake: 10, profit: 9.09, unitSize: 10, units: 1, profitUnits: 0.91 }),
        row({ outcome: 'loss', stake: 100, profit: -100 }),
      ]);
      expect(totals).to.include({ bets: 3, unitsWon: 1.82, unitBets: 2 });
      expect(historyTotals([])).to.include({ bets: 0, staked: 0, roi: null, unitsWon: null });
    });
  });
});
