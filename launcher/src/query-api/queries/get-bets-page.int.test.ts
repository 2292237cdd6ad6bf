import { expect } from 'chai';
import fc from 'fast-check';
import { sql } from 'kysely';
import {
  betsPage,
  betsQuery,
  HISTORY_PERIODS,
  HISTORY_SORT_KEYS,
  historyPage,
  MESSAGES,
  OUTCOMES,
  type BetRow,
  type BetsPage,
  type HistoryFilters,
  type HistorySort,
  type Outcome,
} from '@bt/contracts';
import { EventLog } from '@bt/read-models/testing';
import { betRowFromTable, getBetsPage, readModels } from '@bt/query-api/testing';
import { startHarness, type Harness } from '../../testing/query-harness';

/*
 * GET /api/bets?page= over HTTP against contracts' `historyPage` (the rules the web applied to the
 * whole list) on the same rows: every sort key in both directions, and random filters, searches,
 * pages and page sizes. The history is varied on purpose: every outcome, parlays, books and tags in
 * several spellings, equal dates and equal entry times, bets with and without a close.
 */
const NOW = new Date('2025-03-31T12:00:00Z');
const TODAY = '2025-03-31';

const EVENTS = [
  'Lakers vs Celtics',
  'lakers VS celtics',
  'LAKERS at Heat',
  'Éclair FC v Zürich',
  'Chiefs vs Bills',
  'a',
  'Zebra Cup',
  '[Bracket] final',
  '100% Sure_thing \\ back',
];
const BOOKS = ['FanDuel', 'fanduel', 'DraftKings', 'DRAFTKINGS', null, 'Caesars'];
const TAG_SETS = [[], ['live'], ['Live', 'model'], ['MODEL'], ['props', 'live'], ['Say "Hi"', 'back\\slash', 'tab\there']];
const NOTES = [null, 'Sharp line move', 'tailing @capper', 'LIVE in-play', null, 'Éclair note 100%'];
const LEAGUES = [null, 'NBA', 'nfl', 'Premier League', 'NHL'];
const SPORTS = ['football', 'basketball', 'baseball', 'hockey', 'soccer'] as const;
const ODDS = ['+150', '-110', '+100', '2.5', '-250', '+300', '7/4'];
const CLOSES = [undefined, '+100', '-120', '+150'];
const DATES = ['2025-03-31', '2025-03-30', '2025-03-30', '2025-03-01', '2025-01-15', '2024-12-31', '2024-04-01', '2023-06-30'];
const STAKES = [10, 25, 10, 50.5, 100, 10];

describe('GET /api/bets?page= (Bet History from the server)', function () {
  this.timeout(300_000);
  let h: Harness;
  let ann: EventLog;
  let bob: EventLog;
  let position: string;
  /** Every `bets` row of Ann's, parlay members too: what the rules start from. */
  let rows: BetRow[];

  const page = async (query: string, userId = ann.userId): Promise<BetsPage> =>
    betsPage.parse(await h.json(`/api/bets?${query}`, userId, position));
  const expected = (filters: Partial<HistoryFilters>, sort: HistorySort, pageNumber: number, pageSize: number, today = TODAY) =>
    historyPage(
      rows,
      {
        filters: { search: '', sport: 'all', type: 'all', outcome: 'all', period: 'all', book: 'all', tag: 'all', ...filters },
        sort,
        page: pageNumber,
        pageSize,
      },
      today,
    );
  const ids = (answer: BetsPage) => answer.items.map((row) => row.id);

  before(async () => {
    h = await startHarness({ clock: () => NOW });
    ann = new EventLog().register();
    const placed: string[] = [];
    for (let i = 0; i < 60; i += 1) {
      // Every fifth bet at the same instant as the one before it: equal entry times, told apart by id.
      if (i % 5 !== 4) ann.at(new Date(Date.parse('2025-03-01T00:00:00Z') + i * 60_000).toISOString());
      else ann.at(new Date(Date.parse('2025-03-01T00:00:00Z') + (i - 1) * 60_000).toISOString());
      const outcome = OUTCOMES[i % OUTCOMES.length] as Outcome;
      const betId = ann.placeBet(
        {
          sport: SPORTS[i % SPORTS.length],
          event: EVENTS[i % EVENTS.length],
          odds: ODDS[i % ODDS.length],
          stake: STAKES[i % STAKES.length],
          book: BOOKS[i % BOOKS.length],
          tags: TAG_SETS[i % TAG_SETS.length],
          notes: NOTES[i % NOTES.length],
          league: LEAGUES[i % LEAGUES.length],
          closingOdds: CLOSES[i % CLOSES.length],
          date: DATES[i % DATES.length],
        },
        outcome,
        outcome === 'cashout' ? 30 : undefined,
      );
      placed.push(betId);
    }
    // Changes after the fact: a bet moved to another sport and day, one settled again, one removed.
    ann.at('2025-03-20T00:00:00Z');
    ann.amendBet(placed[3], { sport: 'hockey', date: '2024-02-29', event: 'Moved LATE' });
    ann.settleBet(placed[6], 'win');
    ann.removeBet(placed[7]);
    for (let i = 0; i < 6; i += 1) {
      ann.createParlay(
        [
          { sport: 'football', odds: '+100', outcome: i % 2 === 0 ? 'win' : 'loss', date: DATES[i] },
          { sport: 'basketball', odds: '-110', outcome: i % 3 === 0 ? 'pending' : 'win', date: DATES[i] },
        ],
        {
          name: i % 2 === 0 ? 'Sunday special' : 'sunday SPECIAL',
          stake: STAKES[i],
          book: BOOKS[i],
          tags: TAG_SETS[i],
          notes: NOTES[i],
          date: DATES[i],
        },
      );
    }
    bob = new EventLog().register();
    for (let i = 0; i < 8; i += 1) bob.placeBet({ event: 'Lakers vs Celtics', book: 'FanDuel', tags: ['live'], date: TODAY }, 'win');
    position = await h.record([...ann.events, ...bob.events]);
    await h.settle();
    // A single bet that belongs to a parlay: no event writes one today (legs live in the parlay), but
    // the read model allows it and history must hide it.
    const one = await readModels(h.db).selectFrom('bets').selectAll().where('user_id', '=', ann.userId).limit(1).executeTakeFirstOrThrow();
    await readModels(h.db)
      .insertInto('bets')
      .values({ ...one, id: '0190f0f0-0000-7000-8000-000000000001', is_part_of_parlay: true, tags: JSON.stringify(one.tags) })
      .execute();
    rows = (await readModels(h.db).selectFrom('bets').selectAll().where('user_id', '=', ann.userId).execute()).map(betRowFromTable);
    expect(rows).to.have.length(66);
  });
  after(() => h?.close());

  it('answers the first page of 25, newest first, over the whole history by default', async () => {
    const answer = await page('page=1');
    expect(answer).to.deep.equal(expected({}, { key: 'date', direction: 'desc' }, 1, 25));
    expect(answer.total).to.equal(65);
    expect(answer.items).to.have.length(25);
  });

  it('keeps the old answer without page: every row, newest entry first', async () => {
    const all = (await h.json(`/api/bets`, ann.userId, position)) as BetRow[];
    expect(all).to.have.length(65);
  });

  it('orders every column in both directions as the rules do, ties newest first', async () => {
    for (const key of HISTORY_SORT_KEYS) {
      for (const direction of ['asc', 'desc'] as const) {
        const answer = await page(`page=1&pageSize=100&sort=${key}&dir=${direction}`);
        expect(ids(answer), `${key} ${direction}`).to.deep.equal(ids(expected({}, { key, direction }, 1, 100)));
      }
    }
  });

  it('agrees with the rules for any filters, search, sort, page and page size', async () => {
    const filters = fc.record({
      search: fc.constantFrom(
        '',
        'lakers',
        'LAKERS',
        ' celtics ',
        'ball',
        'PARLAY',
        'éclair',
        'Éclair',
        'zz',
        'a',
        'sunday',
        '%',
        '_',
        '\\',
        '0% s',
        'e_t',
        'game 1',
        'draftkings',
        'live',
        'nba',
        'premier',
        'sharp',
        '@capper',
        'say "hi"',
        '\\slash',
        'b\th',
        '", "',
      ),
      sport: fc.constantFrom('all', 'parlay', ...SPORTS),
      type: fc.constantFrom('all', 'bet', 'parlay'),
      outcome: fc.constantFrom('all', ...OUTCOMES),
      period: fc.constantFrom(...HISTORY_PERIODS),
      book: fc.constantFrom('all', 'fanduel', 'FANDUEL', 'DraftKings', 'Caesars', 'nobody'),
      tag: fc.constantFrom('all', 'live', 'LIVE', 'Model', 'props', 'none'),
    });
    await fc.assert(
      fc.asyncProperty(
        filters,
        fc.constantFrom(...HISTORY_SORT_KEYS),
        fc.constantFrom('asc' as const, 'desc' as const),
        fc.integer({ min: 1, max: 14 }),
        fc.integer({ min: 1, max: 100 }),
        fc.constantFrom(TODAY, '2025-04-30', '2024-01-01'),
        async (f, key, direction, pageNumber, pageSize, today) => {
          const query = new URLSearchParams({
            page: String(pageNumber),
            pageSize: String(pageSize),
            sort: key,
            dir: direction,
            sport: f.sport,
            type: f.type,
            outcome: f.outcome,
            period: f.period,
            book: f.book,
            tag: f.tag,
            q: f.search,
            today,
          });
          expect(await page(query.toString())).to.deep.equal(
            expected(f as Partial<HistoryFilters>, { key, direction }, pageNumber, pageSize, today),
          );
        },
      ),
      { numRuns: 200 },
    );
  });

  it('finds a deep date-ordered page by month and day as the rules page it, any filters the counts answer', async () => {
    // The month-and-day path runs from the first row here (on a long history, from a few hundred rows on).
    const direct = async (query: URLSearchParams, today: string) => {
      const parsed = betsQuery.parse(Object.fromEntries(query));
      const answer = await getBetsPage(h.db, ann.userId, { ...parsed, page: parsed.page ?? 1 }, today, { daySkipFrom: 0 });
      return betsPage.parse(JSON.parse(JSON.stringify(answer)));
    };
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          sport: fc.constantFrom('all', 'parlay', ...SPORTS),
          type: fc.constantFrom('all', 'bet', 'parlay'),
          outcome: fc.constantFrom('all', ...OUTCOMES),
          period: fc.constantFrom(...HISTORY_PERIODS),
        }),
        fc.constantFrom('asc' as const, 'desc' as const),
        fc.integer({ min: 1, max: 70 }),
        fc.integer({ min: 1, max: 7 }),
        fc.constantFrom(TODAY, '2025-04-30', '2025-01-20', '2024-01-01'),
        async (f, direction, pageNumber, pageSize, today) => {
          const query = new URLSearchParams({ ...f, page: String(pageNumber), pageSize: String(pageSize), sort: 'date', dir: direction });
          expect(await direct(query, today), query.toString()).to.deep.equal(
            expected(f as Partial<HistoryFilters>, { key: 'date', direction }, pageNumber, pageSize, today),
          );
        },
      ),
      { numRuns: 300 },
    );
  });

  it('answers a search from the trigram index as the rules do (wildcards included)', async () => {
    const rollback = new Error('rollback');
    const run = h.db.transaction().execute(async (trx) => {
      // In a transaction rolled back at the end: every other way to Ann's rows dropped, and no
      // sequential scan, so the search's trigram index (bets_history_search) is the way to them.
      const others = await sql<{ name: string }>`select indexname as name from pg_indexes
        where schemaname = 'read' and tablename = 'bets' and indexname not in ('bets_pkey', 'bets_history_search')`.execute(trx);
      for (const { name } of others.rows) await sql`drop index ${sql.id('read', name)}`.execute(trx);
      await sql`set local enable_seqscan = off`.execute(trx);
      const plan = await sql<{ 'QUERY PLAN': string }>`explain select id from read.bets
        where user_id = ${ann.userId} and not is_part_of_parlay
          and (lower(event collate "C") like '%live%' or lower(sport collate "C") like '%live%'
            or lower(notes collate "C") like '%live%' or lower(book collate "C") like '%live%'
            or lower(league collate "C") like '%live%' or lower(tags::text collate "C") like '%live%')`.execute(trx);
      const shown = plan.rows.map((row) => row['QUERY PLAN']).join('\n');
      expect(shown).to.include('bets_history_search');
      expect(shown).not.to.include('Seq Scan');
      for (const search of [
        'draftkings',
        'live',
        'nba',
        'sharp',
        'say "hi"',
        '\\slash',
        'lakers',
        'LAKERS',
        ' celtics ',
        'ball',
        'parlay',
        'éclair',
        '%',
        '_',
        '\\',
        '0% s',
        'e_t',
        'zz',
        'sunday',
        'a',
      ])
        for (const sport of ['all', 'basketball'] as const) {
          const query = betsQuery.parse({ q: search, sport, pageSize: '100' });
          const answer = await getBetsPage(trx, ann.userId, { ...query, page: 1 }, TODAY);
          expect(betsPage.parse(JSON.parse(JSON.stringify(answer))), search).to.deep.equal(
            expected({ search, sport }, { key: 'date', direction: 'desc' }, 1, 100),
          );
        }
      throw rollback;
    });
    await run.then(
      () => expect.fail('rolled back'),
      (error: unknown) => {
        if (error !== rollback) throw error;
      },
    );
  });

  it('counts every sport, type, outcome and period combination (the count the analytics read models give) as the rules do', async () => {
    for (const sport of ['all', 'parlay', ...SPORTS] as const)
      for (const type of ['all', 'bet', 'parlay'] as const)
        for (const outcome of ['all', ...OUTCOMES] as const)
          for (const period of HISTORY_PERIODS) {
            const query = new URLSearchParams({ page: '2', pageSize: '3', sport, type, outcome, period });
            expect(await page(query.toString()), query.toString()).to.deep.equal(
              expected({ sport, type, outcome, period }, { key: 'date', direction: 'desc' }, 2, 3),
            );
          }
  });

  it("counts the period from the server's day when the client sends none", async () => {
    expect(await page('page=1&period=30')).to.deep.equal(expected({ period: '30' }, { key: 'date', direction: 'desc' }, 1, 25));
  });

  it('answers a page past the end with the last page and the real total', async () => {
    const answer = await page('page=1000&pageSize=10&outcome=win');
    const last = expected({ outcome: 'win' }, { key: 'date', direction: 'desc' }, 1000, 10);
    expect(answer).to.deep.equal(last);
    expect(answer.page).to.equal(Math.ceil(answer.total / 10));
    expect(await page('page=3&q=nothing-like-this')).to.deep.equal({ items: [], total: 0, page: 1, pageSize: 25 });
  });

  it("never shows another user's rows", async () => {
    const bobs = await page('page=1&pageSize=100', bob.userId);
    expect(bobs.total).to.equal(8);
    expect(bobs.items.every((row) => row.userId === bob.userId)).to.equal(true);
    const anns = await page('page=1&pageSize=100&q=lakers&book=fanduel');
    expect(anns.items.every((row) => row.userId === ann.userId)).to.equal(true);
  });

  it('answers bad paging and filter values with 400 and their message', async () => {
    const cases: [string, string][] = [
      ['page=0', MESSAGES.pageParam],
      ['page=-1', MESSAGES.pageParam],
      ['page=1.5', MESSAGES.pageParam],
      ['page=abc', MESSAGES.pageParam],
      ['page=1&pageSize=101', MESSAGES.pageSizeParam],
      ['page=1&pageSize=0', MESSAGES.pageSizeParam],
      ['page=1&sort=colour', MESSAGES.sortParam],
      ['page=1&dir=up', MESSAGES.dirParam],
      ['page=1&sport=curling', MESSAGES.sportParam],
      ['page=1&type=teaser', MESSAGES.typeParam],
      ['page=1&outcome=maybe', MESSAGES.outcomeParam],
      ['page=1&period=7', MESSAGES.periodParam],
      [`page=1&q=${'x'.repeat(201)}`, MESSAGES.searchParam],
      ['page=1&deleted=maybe', MESSAGES.deletedParam],
    ];
    for (const [query, message] of cases) {
      const response = await h.get(`/api/bets?${query}`, ann.userId, position);
      expect(response.status, query).to.equal(400);
      expect(((await response.json()) as { message: string }).message, query).to.equal(message);
    }
  });

  it('lists the removed bet with deleted=true, whole, whatever the paging says', async () => {
    const removed = (await h.json('/api/bets?deleted=true', ann.userId, position)) as { id: string; deletedAt?: string }[];
    expect(removed).to.have.length(1);
    expect(removed[0].deletedAt).to.be.a('string');
    expect(await h.json('/api/bets?page=2&pageSize=1&deleted=true', ann.userId, position)).to.deep.equal(removed);
  });
});
