import { expect } from 'chai';
import {
  activeFilterCount,
  DEFAULT_FILTERS,
  filterChoices,
  DEFAULT_SORT,
  DEFAULT_VIEW,
  historyViewFromParams,
  nextSort,
  paramsFromHistoryView,
  betsPageQuery,
  historyFiltersParams,
  PENDING_HISTORY_PATH,
  withPageSize,
  type HistoryView,
} from './history';
import type { HistoryFilters } from '@bt/contracts';

const filters = (changes: Partial<HistoryFilters>): HistoryFilters => ({ ...DEFAULT_FILTERS, ...changes });

describe('bet history', () => {
  describe('sorting', () => {
    it('toggles the active column and starts a new column descending', () => {
      expect(nextSort(DEFAULT_SORT, 'date')).to.deep.equal({ key: 'date', direction: 'asc' });
      expect(nextSort({ key: 'date', direction: 'asc' }, 'date')).to.deep.equal({ key: 'date', direction: 'desc' });
      expect(nextSort({ key: 'date', direction: 'asc' }, 'stake')).to.deep.equal({ key: 'stake', direction: 'desc' });
    });
  });

  describe('books and tags', () => {
    it('offers each book and tag of the analytics keys once, by name, in its first spelling', () => {
      expect(filterChoices(['FanDuel', 'fanduel', 'DraftKings', '(no book)'], ['live', 'model', 'Live', '(no tag)'])).to.deep.equal({
        books: ['DraftKings', 'FanDuel'],
        tags: ['live', 'model'],
      });
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

    it('round-trips filters, search, sort, page and page size', () => {
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
        pageSize: 50 as const,
      };
      const params = paramsFromHistoryView(view);
      expect(params.get('pageSize')).to.equal('50');
      expect(historyViewFromParams(new URLSearchParams(params.toString()))).to.deep.equal(view);
    });

    it('offers 25, 50 and 100 rows a page (25 by default, left out of the URL), and keeps the first row shown on a change', () => {
      for (const size of ['6', '0', '30', '1000', 'x'])
        expect(historyViewFromParams(new URLSearchParams(`pageSize=${size}`)).pageSize).to.equal(25);
      expect(paramsFromHistoryView({ ...DEFAULT_VIEW, pageSize: 25 }).has('pageSize')).to.equal(false);
      // Rows 51-75 (page 3 of 25) are on page 2 of 50 and page 1 of 100; rows 101-150 (page 3 of 50) start page 5 of 25.
      expect(withPageSize({ ...DEFAULT_VIEW, page: 3 }, 50)).to.include({ page: 2, pageSize: 50 });
      expect(withPageSize({ ...DEFAULT_VIEW, page: 3 }, 100)).to.include({ page: 1, pageSize: 100 });
      expect(withPageSize({ ...DEFAULT_VIEW, page: 3, pageSize: 50 }, 25)).to.include({ page: 5, pageSize: 25 });
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

  describe('the page asked of the server', () => {
    it("sends the view as GET /api/bets parameters, with the client's day for the period", () => {
      const view: HistoryView = {
        filters: filters({ search: 'Lakers', book: 'FanDuel' }),
        sort: { key: 'clv', direction: 'asc' },
        page: 4,
        pageSize: 100,
      };
      expect(betsPageQuery(view, '2025-03-15')).to.deep.equal({
        page: '4',
        pageSize: '100',
        sort: 'clv',
        dir: 'asc',
        sport: 'all',
        type: 'all',
        outcome: 'all',
        period: '30',
        book: 'FanDuel',
        tag: 'all',
        q: 'Lakers',
        today: '2025-03-15',
      });
    });

    it('sends the filters alone for the totals and the export, so paging and sorting keep the same totals', () => {
      expect(historyFiltersParams(filters({ search: 'draftkings', outcome: 'win' }), '2025-03-15')).to.deep.equal({
        sport: 'all',
        type: 'all',
        outcome: 'win',
        period: '30',
        book: 'all',
        tag: 'all',
        q: 'draftkings',
        today: '2025-03-15',
      });
    });
  });
});
