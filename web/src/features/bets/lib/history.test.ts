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
  PENDING_HISTORY_PATH,
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

  describe('the page asked of the server', () => {
    it("sends the view as GET /api/bets parameters, with the client's day for the period", () => {
      const view: HistoryView = {
        filters: filters({ search: 'Lakers', book: 'FanDuel' }),
        sort: { key: 'clv', direction: 'asc' },
        page: 4,
      };
      expect(betsPageQuery(view, 6, '2025-03-15')).to.deep.equal({
        page: '4',
        pageSize: '6',
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
  });
});
