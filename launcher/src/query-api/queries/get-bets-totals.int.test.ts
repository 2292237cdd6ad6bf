import { expect } from 'chai';
import fc from 'fast-check';
import { parse as parseCsv } from 'csv-parse/sync';
import {
  betsPage,
  betsTotals,
  filterHistoryRows,
  HISTORY_PERIODS,
  historyTotals,
  MESSAGES,
  OUTCOMES,
  type BetRow,
  type BetsTotals,
  type HistoryFilters,
  type Outcome,
} from '@bt/contracts';
import { EventLog } from '@bt/read-models/testing';
import { startHarness, type Harness } from '../../testing/query-harness';
import { betRowFromTable, readModels } from '@bt/query-api/testing';

/*
 * History that scales: GET /api/bets/totals over the whole filtered set against contracts'
 * `historyTotals` on the same rows; the search in the event, sport, notes, book, league and tags; the
 * CSV export of the filtered set; the page sizes History offers, and a bad one.
 */
const NOW = new Date('2025-03-31T12:00:00Z');
const TODAY = '2025-03-31';

const BOOKS = ['DraftKings', 'FanDuel', 'draftkings', null];
const LEAGUES = ['NBA', 'NFL', null, 'Premier League'];
const NOTES = [null, 'Sharp money on the dog', 'Tailing a friend', null, 'Model edge 3%'];
const TAG_SETS = [[], ['live'], ['Model', 'live'], ['props']];
const SPORTS = ['basketball', 'football', 'soccer', 'hockey'] as const;
const DATES = ['2025-03-30', '2025-03-20', '2025-02-10', '2024-11-01', '2024-01-15'];
const STAKES = [10, 25.5, 40, 100, 7.25];
const ODDS = ['+150', '-110', '2.40', '+100', '-200'];

const ALL: HistoryFilters = { search: '', sport: 'all', type: 'all', outcome: 'all', period: 'all', book: 'all', tag: 'all' };

describe('Bet History at scale: totals, search, the filtered export and page sizes', function () {
  this.timeout(300_000);
  let h: Harness;
  let ann: EventLog;
  let position: string;
  /** Every `bets` row of Ann's: what the rules start from. */
  let rows: BetRow[];

  const json = <T>(path: string) => h.json<T>(path, ann.userId, position);
  const totals = async (query: Record<string, string>): Promise<BetsTotals> =>
    betsTotals.parse(await json(`/api/bets/totals?${new URLSearchParams(query).toString()}`));
  const expected = (filters: Partial<HistoryFilters>, today = TODAY) => filterHistoryRows(rows, { ...ALL, ...filters }, today);
  const queryOf = (f: Partial<HistoryFilters>): Record<string, string> => {
    const { search, ...rest } = f;
    return { ...(rest as Record<string, string>), ...(search === undefined ? {} : { q: search }), today: TODAY };
  };

  before(async () => {
    h = await startHarness({ clock: () => NOW });
    ann = new EventLog().register();
    for (let i = 0; i < 40; i += 1) {
      ann.at(new Date(Date.parse('2025-03-01T00:00:00Z') + i * 60_000).toISOString());
      const outcome = OUTCOMES[i % OUTCOMES.length] as Outcome;
      ann.placeBet(
        {
          sport: SPORTS[i % SPORTS.length],
          event: `Game ${i}`,
          odds: ODDS[i % ODDS.length],
          stake: STAKES[i % STAKES.length],
          book: BOOKS[i % BOOKS.length],
          league: LEAGUES[i % LEAGUES.length],
          notes: NOTES[i % NOTES.length],
          tags: TAG_SETS[i % TAG_SETS.length],
          date: DATES[i % DATES.length],
          bonusBet: i % 11 === 0,
          // Some of DraftKings' bets placed with a unit size, the rest without: units count only the first.
          unitSize: i % 8 === 0 ? 20 : null,
        },
        outcome,
        outcome === 'cashout' ? 12.5 : undefined,
      );
    }
    for (let i = 0; i < 4; i += 1) {
      ann.createParlay(
        [
          { sport: 'football', odds: '+100', outcome: i % 2 === 0 ? 'win' : 'loss', date: DATES[i] },
          { sport: 'basketball', odds: '-110', outcome: 'win', date: DATES[i] },
        ],
        {
          name: `Parlay ${i}`,
          stake: 20,
          book: BOOKS[i],
          tags: TAG_SETS[i],
          notes: NOTES[i],
          date: DATES[i],
          unitSize: i % 2 === 0 ? 10 : null,
        },
      );
    }
    const bob = new EventLog().register();
    for (let i = 0; i < 5; i += 1) bob.placeBet({ book: 'DraftKings', notes: 'Sharp', date: TODAY }, 'win');
    position = await h.record([...ann.events, ...bob.events]);
    await h.settle();
    rows = (await readModels(h.db).selectFrom('bets').selectAll().where('user_id', '=', ann.userId).execute()).map(betRowFromTable);
    expect(rows).to.have.length(44);
  });
  after(() => h?.close());

  it('totals every row the filters keep, not just a page, as the rules do', async () => {
    const filters = fc.record({
      search: fc.constantFrom('', 'draftkings', 'sharp', 'nba', 'premier', 'model', 'LIVE', 'game 1', 'parlay', '%', 'nothing'),
      sport: fc.constantFrom('all', 'parlay', ...SPORTS),
      type: fc.constantFrom('all', 'bet', 'parlay'),
      outcome: fc.constantFrom('all', ...OUTCOMES),
      period: fc.constantFrom(...HISTORY_PERIODS),
      book: fc.constantFrom('all', 'DRAFTKINGS', 'FanDuel', 'nobody'),
      tag: fc.constantFrom('all', 'live', 'model'),
    });
    await fc.assert(
      fc.asyncProperty(filters, async (f) => {
        expect(await totals(queryOf(f)), JSON.stringify(f)).to.deep.equal(historyTotals(expected(f)));
      }),
      { numRuns: 150 },
    );
  });

  it('totals from the analytics read models (sport, type and period alone) as from the rows', async () => {
    for (const sport of ['all', 'parlay', ...SPORTS] as const)
      for (const type of ['all', 'bet', 'parlay'] as const)
        for (const period of HISTORY_PERIODS) {
          const f = { sport, type, period };
          expect(await totals(queryOf(f)), JSON.stringify(f)).to.deep.equal(historyTotals(expected(f)));
        }
  });

  it('sums money in cents and units only over the bets placed with a unit size', async () => {
    const all = await totals({});
    const kept = expected({});
    expect(all.bets).to.equal(44);
    expect(all.wins + all.losses + all.pushes + all.voids + all.cashouts + all.pending).to.equal(44);
    const withUnits = kept.filter((row) => row.unitSize !== null);
    expect(all.unitBets).to.equal(withUnits.length).and.to.be.within(1, 43);
    const cents = (amounts: number[]) => amounts.reduce((sum, n) => sum + Math.round(n * 100), 0) / 100;
    expect(all.unitsWon).to.equal(cents(withUnits.map((row) => row.profitUnits!)));
    expect(all.profit).to.equal(cents(kept.map((row) => row.profit)));
    // No bet of FanDuel's was placed with a unit size: no unit total at all, not a zero.
    const fanDuel = await totals({ book: 'FanDuel' });
    expect(expected({ book: 'FanDuel' }).some((row) => row.unitSize !== null)).to.equal(false);
    expect(fanDuel).to.include({ unitsWon: null, unitBets: 0 });
    expect(await totals({ q: 'nothing like it' })).to.deep.equal({
      ...{ bets: 0, wins: 0, losses: 0, pushes: 0, voids: 0, cashouts: 0, pending: 0 },
      ...{ staked: 0, profit: 0, roi: null, unitsWon: null, unitBets: 0 },
    });
  });

  it('answers totals as the record stood with asOf, by the same rules', async () => {
    expect(await totals({ q: 'draftkings', asOf: '2099-01-01' })).to.deep.equal(
      historyTotals(expected({ search: 'draftkings' }, '2099-01-01')),
    );
    expect(await totals({ asOf: '2000-01-01' })).to.include({ bets: 0, profit: 0 });
  });

  it('finds bets by their book, notes, league and tags, ignoring case', async () => {
    const found = async (q: string) =>
      betsPage.parse(await json(`/api/bets?page=1&pageSize=100&q=${encodeURIComponent(q)}`)).items.map((row) => row.event);
    const draftKings = rows.filter((row) => row.book?.toLowerCase() === 'draftkings').map((row) => row.event);
    expect(draftKings.length).to.be.greaterThan(5);
    expect(await found('draftkings')).to.have.members(draftKings);
    expect(await found('SHARP MONEY')).to.have.members(rows.filter((row) => row.notes?.startsWith('Sharp')).map((row) => row.event));
    expect(await found('premier')).to.have.members(rows.filter((row) => row.league === 'Premier League').map((row) => row.event));
    expect(await found('model')).to.have.members(
      rows.filter((row) => row.tags.includes('Model') || row.notes?.startsWith('Model')).map((row) => row.event),
    );
    // Never another user's: Bob's DraftKings bets with 'Sharp' notes stay his.
    expect((await found('sharp')).every((event) => event !== 'Chiefs vs Bills')).to.equal(true);
  });

  it('exports only the rows the filters keep, newest first, and every row without a filter', async () => {
    const csvOf = async (query: string) => {
      const response = await h.get(`/api/export/bets.csv${query}`, ann.userId, position);
      expect(response.status, query).to.equal(200);
      expect(response.headers.get('content-disposition')).to.equal('attachment; filename="bets.csv"');
      return parseCsv(await response.text(), { columns: true }) as Record<string, string>[];
    };
    const newestFirst = (kept: BetRow[]) =>
      [...kept].sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id.localeCompare(a.id)).map((row) => row.id);
    const filtered = await csvOf(`?q=draftkings&outcome=win&period=365&today=${TODAY}`);
    expect(filtered.map((record) => record.id)).to.deep.equal(
      newestFirst(expected({ search: 'draftkings', outcome: 'win', period: '365' })),
    );
    expect(filtered.length).to.be.greaterThan(0);
    expect(filtered.every((record) => record.book.toLowerCase() === 'draftkings')).to.equal(true);
    const byTag = await csvOf('?tag=live&type=parlay');
    expect(byTag.map((record) => record.id)).to.deep.equal(newestFirst(expected({ tag: 'live', type: 'parlay' })));
    expect(byTag.every((record) => record.kind === 'parlay' && record.legs !== '')).to.equal(true);
    expect((await csvOf('')).map((record) => record.id)).to.deep.equal(newestFirst(rows));
    const bad = await h.get('/api/export/bets.csv?period=7', ann.userId, position);
    expect(bad.status).to.equal(400);
    expect(((await bad.json()) as { message: string }).message).to.equal(MESSAGES.periodParam);
  });

  it('pages 25, 50 and 100 rows at a time, and answers a bad page size with 400', async () => {
    for (const size of [25, 50, 100]) {
      const answer = betsPage.parse(await json(`/api/bets?page=1&pageSize=${size}`));
      expect(answer).to.include({ total: 44, page: 1, pageSize: size });
      expect(answer.items).to.have.length(Math.min(size, 44));
    }
    const second = betsPage.parse(await json('/api/bets?page=2&pageSize=25'));
    expect(second.items).to.have.length(19);
    for (const bad of ['0', '101', '250', 'ten', '2.5', '-25']) {
      const response = await h.get(`/api/bets?page=1&pageSize=${bad}`, ann.userId, position);
      expect(response.status, bad).to.equal(400);
      expect(((await response.json()) as { message: string }).message, bad).to.equal(MESSAGES.pageSizeParam);
    }
    const badTotals = await h.get('/api/bets/totals?outcome=maybe', ann.userId, position);
    expect(badTotals.status).to.equal(400);
    expect(((await badTotals.json()) as { message: string }).message).to.equal(MESSAGES.outcomeParam);
  });
});
