import { type BetRow, decimalOfOdds } from '@bt/contracts';
import { expect } from 'chai';
import {
  activeFilterCount,
  DEFAULT_FILTERS,
  filterChoices,
  DEFAULT_SORT,
  DEFAULT_VIEW,
  filterRows,
  historyViewFromParams,
  nextSort,
  paramsFromHistoryView,
  PENDING_HISTORY_PATH,
  sortRows,
  type HistoryFilters,
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
const filters = (changes: Partial<HistoryFilters>): HistoryFilters => ({ ...DEFAULT_FILTERS, ...changes });

describe('bet history', () => {
  describe('filtering', () => {
    it('hides single bets that belong to a parlay', () => {
      const rows = [row({ event: 'Shown' }), row({ event: 'Leg', isPartOfParlay: true })];
      expect(filterRows(rows, DEFAULT_FILTERS, TODAY).map((r) => r.event)).to.deep.equal(['Shown']);
    });

    it('searches the event name or the sport, ignoring case', () => {
      const rows = [row({ event: 'Lakers vs Celtics', sport: 'basketball' }), row({ event: 'Yankees', sport: 'baseball' })];
      expect(filterRows(rows, filters({ search: 'lakers' }), TODAY)).to.have.length(1);
      expect(filterRows(rows, filters({ search: 'BASE' }), TODAY).map((r) => r.event)).to.deep.equal(['Yankees']);
      expect(filterRows(rows, filters({ search: '  ' }), TODAY)).to.have.length(2);
    });

    it('filters by sport, including parlay rows as their own sport', () => {
      const rows = [row({ sport: 'hockey' }), row({ kind: 'parlay', sport: 'parlay', betType: 'parlay' })];
      expect(filterRows(rows, filters({ sport: 'hockey' }), TODAY)).to.have.length(1);
      expect(filterRows(rows, filters({ sport: 'parlay' }), TODAY)[0].kind).to.equal('parlay');
    });

    it('filters by type and outcome', () => {
      const rows = [row({ outcome: 'win' }), row({ kind: 'parlay', sport: 'parlay', outcome: 'loss' })];
      expect(filterRows(rows, filters({ type: 'bet' }), TODAY)[0].outcome).to.equal('win');
      expect(filterRows(rows, filters({ type: 'parlay' }), TODAY)[0].outcome).to.equal('loss');
      expect(filterRows(rows, filters({ outcome: 'loss' }), TODAY)).to.have.length(1);
    });

    it('keeps the last 30 days by default and everything with period all', () => {
      const rows = [row({ date: '2025-03-01' }), row({ date: '2025-02-13' }), row({ date: '2024-01-01' })];
      expect(filterRows(rows, DEFAULT_FILTERS, TODAY).map((r) => r.date)).to.deep.equal(['2025-03-01', '2025-02-13']);
      expect(filterRows(rows, filters({ period: '90' }), TODAY)).to.have.length(2);
      expect(filterRows(rows, filters({ period: 'all' }), TODAY)).to.have.length(3);
    });
  });

  describe('sorting', () => {
    it('starts newest first by date', () => {
      const rows = [row({ date: '2025-03-01' }), row({ date: '2025-03-09' }), row({ date: '2025-03-05' })];
      expect(sortRows(rows, DEFAULT_SORT).map((r) => r.date)).to.deep.equal(['2025-03-09', '2025-03-05', '2025-03-01']);
    });

    it('breaks ties on the same day by entry time', () => {
      const early = row({ createdAt: '2025-03-10T08:00:00.000Z' });
      const late = row({ createdAt: '2025-03-10T20:00:00.000Z' });
      expect(sortRows([early, late], DEFAULT_SORT)[0]).to.equal(late);
    });

    it('sorts odds, stake and profit as numbers', () => {
      const rows = [row({ odds: '-110', stake: 5 }), row({ odds: '+250', stake: 100 }), row({ odds: '+105', stake: 20 })];
      expect(sortRows(rows, { key: 'odds', direction: 'desc' }).map((r) => r.odds)).to.deep.equal(['+250', '+105', '-110']);
      expect(sortRows(rows, { key: 'stake', direction: 'asc' }).map((r) => r.stake)).to.deep.equal([5, 20, 100]);
    });

    it('sorts text columns ignoring case', () => {
      const rows = [row({ event: 'beta' }), row({ event: 'Alpha' }), row({ event: 'gamma' })];
      expect(sortRows(rows, { key: 'event', direction: 'asc' }).map((r) => r.event)).to.deep.equal(['Alpha', 'beta', 'gamma']);
    });

    it('toggles the active column and starts a new column descending', () => {
      expect(nextSort(DEFAULT_SORT, 'date')).to.deep.equal({ key: 'date', direction: 'asc' });
      expect(nextSort({ key: 'date', direction: 'asc' }, 'date')).to.deep.equal({ key: 'date', direction: 'desc' });
      expect(nextSort({ key: 'date', direction: 'asc' }, 'stake')).to.deep.equal({ key: 'stake', direction: 'desc' });
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
      expect(events(filterRows(rows, filters({ book: 'FANDUEL' }), TODAY))).to.deep.equal(['A', 'B']);
      expect(events(filterRows(rows, filters({ tag: 'live' }), TODAY))).to.deep.equal(['A', 'B']);
      expect(events(filterRows(rows, filters({ tag: 'model' }), TODAY))).to.deep.equal(['A']);
      expect(events(filterRows(rows, filters({ book: 'DraftKings', tag: 'live' }), TODAY))).to.deep.equal([]);
    });

    it('offers each book and tag of the shown rows once, by name, in its first spelling', () => {
      expect(filterChoices(rows)).to.deep.equal({ books: ['DraftKings', 'FanDuel'], tags: ['live', 'model'] });
    });

    it('reads rows from before books and tags as having none', () => {
      const old = row({ event: 'Old' }) as Partial<BetRow>;
      delete old.book;
      delete old.tags;
      delete old.decimalOdds;
      expect(events(filterRows([old as BetRow], filters({ book: 'FanDuel' }), TODAY))).to.deep.equal([]);
      expect(events(filterRows([old as BetRow], DEFAULT_FILTERS, TODAY))).to.deep.equal(['Old']);
      expect(filterChoices([old as BetRow])).to.deep.equal({ books: [], tags: [] });
    });

    it('sorts by book, by price and by CLV (bets without a close last when descending)', () => {
      const shown = rows.slice(0, 3);
      expect(events(sortRows(shown, { key: 'book', direction: 'asc' }))).to.deep.equal(['C', 'A', 'B']);
      expect(events(sortRows(shown, { key: 'odds', direction: 'desc' }))).to.deep.equal(['C', 'A', 'B']);
      expect(events(sortRows(shown, { key: 'clv', direction: 'desc' }))).to.deep.equal(['A', 'B', 'C']);
    });

    it('keeps the book and tag filters in the URL, and reads a blank one as any', () => {
      const view = { ...DEFAULT_VIEW, filters: filters({ book: 'Hard Rock Bet', tag: 'same game' }) };
      const params = paramsFromHistoryView(view);
      expect(params.get('book')).to.equal('Hard Rock Bet');
      expect(historyViewFromParams(new URLSearchParams(params.toString()))).to.deep.equal(view);
      expect(historyViewFromParams(new URLSearchParams('book=%20&tag=')).filters).to.deep.equal(DEFAULT_FILTERS);
    });
  });

  describe('the view in the URL', () => {
    it('writes nothing for the defaults and reads the defaults back from an empty query', () => {
      expect(paramsFromHistoryView(DEFAULT_VIEW).toString()).to.equal('');
      expect(historyViewFromParams(new URLSearchParams())).to.deep.equal(DEFAULT_VIEW);
    });

    it('round-trips filters, search, sort and page', () => {
      const view = {
        filters: {
          search: 'Lakers & co',
          sport: 'parlay',
          type: 'parlay',
          outcome: 'void',
          period: 'all',
          book: 'ESPN BET',
          tag: 'live',
        } as const,
        sort: { key: 'stake', direction: 'asc' } as const,
        page: 3,
      };
      const params = paramsFromHistoryView(view);
      expect(historyViewFromParams(new URLSearchParams(params.toString()))).to.deep.equal(view);
    });

    it('falls back to the default of each invalid value', () => {
      const view = historyViewFromParams(
        new URLSearchParams('sport=curling&type=x&outcome=maybe&period=7&sort=colour&dir=up&page=-2&q=ok'),
      );
      expect(view).to.deep.equal({ ...DEFAULT_VIEW, filters: { ...DEFAULT_FILTERS, search: 'ok' } });
      expect(historyViewFromParams(new URLSearchParams('page=1.5')).page).to.equal(1);
      expect(historyViewFromParams(new URLSearchParams('page=abc')).page).to.equal(1);
    });

    it('counts the folded filters that differ from their defaults', () => {
      expect(activeFilterCount(DEFAULT_FILTERS)).to.equal(0);
      expect(activeFilterCount(filters({ search: 'x', outcome: 'win', period: 'all' }))).to.equal(2);
      expect(activeFilterCount(filters({ book: 'FanDuel', tag: 'live' }))).to.equal(2);
    });

    it('links the pending bets of all time', () => {
      expect(PENDING_HISTORY_PATH).to.equal('/history?outcome=pending&period=all');
    });
  });
});
