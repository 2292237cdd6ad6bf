import { expect } from 'chai';
import { analytics, MESSAGES, type Analytics, type AnalyticsRow } from '@bt/contracts';
import { EventLog } from '@bt/read-models/testing';
import { startHarness, type Harness } from '../../testing/query-harness';
import { rebuildReadModels } from '@bt/projector';

/*
 * GET /api/analytics over HTTP, on a hand-made history whose figures are worked out below. Today
 * is Monday 2025-03-31. Ann's bets (profit from contracts' pricing; staked = stake at risk):
 *
 *   bet  sport       league  book        type       odds  stake  outcome          profit  staked  date        tags          clv
 *   B1   football    NFL     DraftKings  moneyline  +150  20     win              +30     20      03-31 Mon   live          +25 (close +100)
 *   B2   basketball  NBA     FanDuel     spread     +100  40     loss             -40     40      03-30 Sun   live, props   -20 (close 2.5)
 *   B3   football    -       -           total      +250  10     push               0     10      01-06 Mon   -             (placed as basketball
 *                                                                                                                             on 03-02, amended)
 *   B4   soccer      EPL     DraftKings  moneyline  -110  50     void               0      0      03-29 Sat   props
 *   B5   baseball    MLB     FanDuel     moneyline  -200  40     cash-out for 60  +20     40      03-30 Sun   -
 *   P1   parlay (NFL + NBA legs at +100)  DraftKings  +300  10   win              +30     10      03-31 Mon   live
 *   B6   hockey      NHL     -           moneyline  -250  15     loss             -15     15      03-28 Fri   -             unit size 10: 1.5u, -1.5u
 *
 * Decimal prices: 2.5, 2.0, 3.5, 1.9091, 1.5, 4.0, 1.4.
 */
const TODAY = new Date('2025-03-31T12:00:00Z');

const row = (key: string, figures: Partial<AnalyticsRow>): AnalyticsRow => ({
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
  ...figures,
});

/** The figures of each bet alone, as a one-bet group shows them. */
const B1 = { wins: 1, winRate: 100, staked: 20, profit: 30, roi: 150, averageOdds: '+150', averageClv: 25 };
const B2 = { losses: 1, winRate: 0, staked: 40, profit: -40, roi: -100, averageOdds: '+100', averageClv: -20 };
const B3 = { pushes: 1, staked: 10, profit: 0, roi: 0, averageOdds: '+250' };
const B4 = { voids: 1, averageOdds: '-110' };
const B5 = { cashouts: 1, staked: 40, profit: 20, roi: 50, averageOdds: '-200' };
const P1 = { wins: 1, winRate: 100, staked: 10, profit: 30, roi: 300, averageOdds: '+300' };
const B6 = { losses: 1, winRate: 0, staked: 15, profit: -15, roi: -100, unitsWon: -1.5, unitBets: 1, averageOdds: '-250' };

/** All seven: 2-2-1, a void and a cash-out; 25 profit on 135 staked; mean price 2.4013 (+140); clv (25 - 20) / 2. */
const TOTAL_ALL = row('Total', {
  bets: 7,
  wins: 2,
  losses: 2,
  pushes: 1,
  voids: 1,
  cashouts: 1,
  winRate: 50,
  staked: 135,
  profit: 25,
  roi: 18.5,
  unitsWon: -1.5,
  unitBets: 1,
  averageOdds: '+140',
  averageClv: 2.5,
});

describe('GET /api/analytics', () => {
  let h: Harness;
  let ann: EventLog;
  let position: string;
  const get = async (query: string): Promise<Analytics> => analytics.parse(await h.json(`/api/analytics?${query}`, ann.userId, position));

  before(async () => {
    h = await startHarness({ clock: () => TODAY });
    // Given Ann's history (above)
    ann = new EventLog().register();
    ann.placeBet(
      { odds: '+150', stake: 20, league: 'NFL', book: 'DraftKings', tags: ['live'], closingOdds: '+100', date: '2025-03-31' },
      'win',
    );
    ann.placeBet(
      {
        sport: 'basketball',
        betType: 'spread',
        odds: '+100',
        stake: 40,
        league: 'NBA',
        book: 'FanDuel',
        tags: ['live', 'props'],
        closingOdds: '2.5',
        date: '2025-03-30',
      },
      'loss',
    );
    const b3 = ann.placeBet({ sport: 'basketball', betType: 'total', odds: '+250', stake: 10, date: '2025-03-02' }, 'push');
    ann.amendBet(b3, { sport: 'football', date: '2025-01-06' });
    ann.placeBet(
      { sport: 'soccer', odds: '-110', stake: 50, league: 'EPL', book: 'DraftKings', tags: ['props'], date: '2025-03-29' },
      'void',
    );
    ann.placeBet({ sport: 'baseball', odds: '-200', stake: 40, league: 'MLB', book: 'FanDuel', date: '2025-03-30' }, 'cashout', 60);
    ann.createParlay(
      [
        { sport: 'football', league: 'NFL', odds: '+100', outcome: 'win', date: '2025-03-31' },
        { sport: 'basketball', league: 'NBA', odds: '+100', outcome: 'win', date: '2025-03-31' },
      ],
      { stake: 10, book: 'DraftKings', tags: ['live'], date: '2025-03-31' },
    );
    ann.setUnitSize(10);
    ann.placeBet({ sport: 'hockey', odds: '-250', stake: 15, league: 'NHL', unitSize: 10, date: '2025-03-28' }, 'loss');
    // And another user, whose bets never show in Ann's answers
    const bob = new EventLog().register();
    bob.placeBet({ stake: 999 }, 'win');
    position = await h.record([...ann.events, ...bob.events]);
  });
  after(() => h?.close());

  it('breaks down by sport: a parlay once, under parlay; an amended bet in its new sport only', async () => {
    expect(await get('by=sport')).to.deep.equal({
      by: 'sport',
      period: 'all',
      from: null,
      to: null,
      rows: [
        // B1 and B3: 1-0-1, 30 profit on 30 staked, mean price 3.0 (+200), clv of B1 only
        row('football', {
          bets: 2,
          wins: 1,
          pushes: 1,
          winRate: 100,
          staked: 30,
          profit: 30,
          roi: 100,
          averageOdds: '+200',
          averageClv: 25,
        }),
        row('baseball', B5),
        row('basketball', B2),
        row('hockey', B6),
        row('parlay', P1),
        row('soccer', B4),
      ],
      totals: TOTAL_ALL,
    });
  });

  it('breaks down by league (a parlay under parlay, no league under its own key), by book and by bet type', async () => {
    const leagues = await get('by=league');
    expect(leagues.rows).to.deep.equal([
      row('(no league)', B3),
      row('EPL', B4),
      row('MLB', B5),
      row('NBA', B2),
      row('NFL', B1),
      row('NHL', B6),
      row('parlay', P1),
    ]);
    expect(leagues.totals).to.deep.equal(TOTAL_ALL);

    // DraftKings: B1, B4, P1: 2-0, 60 on 30 staked, mean (2.5 + 1.9091 + 4.0) / 3 = 2.8030 (+180), clv 25
    // FanDuel: B2, B5: 0-1 and a cash-out, -20 on 80, mean 1.75 (-133), clv -20
    // (no book): B3, B6: 0-1-1, -15 on 25, mean 2.45 (+145), units of B6
    expect((await get('by=book')).rows).to.deep.equal([
      row('DraftKings', {
        bets: 3,
        wins: 2,
        voids: 1,
        winRate: 100,
        staked: 30,
        profit: 60,
        roi: 200,
        averageOdds: '+180',
        averageClv: 25,
      }),
      row('(no book)', {
        bets: 2,
        losses: 1,
        pushes: 1,
        winRate: 0,
        staked: 25,
        profit: -15,
        roi: -60,
        unitsWon: -1.5,
        unitBets: 1,
        averageOdds: '+145',
      }),
      row('FanDuel', {
        bets: 2,
        losses: 1,
        cashouts: 1,
        winRate: 0,
        staked: 80,
        profit: -20,
        roi: -25,
        averageOdds: '-133',
        averageClv: -20,
      }),
    ]);

    // moneyline: B1, B4, B5, B6: 1-1, a void and a cash-out, 35 on 75, mean (2.5 + 1.9091 + 1.5 + 1.4) / 4 = 1.8273 (-121)
    expect((await get('by=betType')).rows).to.deep.equal([
      row('moneyline', {
        bets: 4,
        wins: 1,
        losses: 1,
        voids: 1,
        cashouts: 1,
        winRate: 50,
        staked: 75,
        profit: 35,
        roi: 46.7,
        unitsWon: -1.5,
        unitBets: 1,
        averageOdds: '-121',
        averageClv: 25,
      }),
      row('parlay', P1),
      row('spread', B2),
      row('total', B3),
    ]);
  });

  it('counts a bet once per tag, and each bet once in the totals', async () => {
    const tags = await get('by=tag');
    expect(tags.rows).to.deep.equal([
      // B3, B5, B6: 0-1-1 and a cash-out, 5 on 65, mean (3.5 + 1.5 + 1.4) / 3 = 2.1333 (+113)
      row('(no tag)', {
        bets: 3,
        losses: 1,
        pushes: 1,
        cashouts: 1,
        winRate: 0,
        staked: 65,
        profit: 5,
        roi: 7.7,
        unitsWon: -1.5,
        unitBets: 1,
        averageOdds: '+113',
      }),
      // B1, B2, P1: 2-1, 20 on 70, mean 2.8333 (+183), clv (25 - 20) / 2
      row('live', { bets: 3, wins: 2, losses: 1, winRate: 66.7, staked: 70, profit: 20, roi: 28.6, averageOdds: '+183', averageClv: 2.5 }),
      // B2, B4: 0-1 and a void, -40 on 40, mean 1.9546 (-105), clv -20
      row('props', { bets: 2, losses: 1, voids: 1, winRate: 0, staked: 40, profit: -40, roi: -100, averageOdds: '-105', averageClv: -20 }),
    ]);
    expect(tags.rows.reduce((n, r) => n + r.bets, 0)).to.equal(8);
    expect(tags.totals).to.deep.equal(TOTAL_ALL);
  });

  it('breaks down by odds range (canonical American) and by day of the week of the bet date', async () => {
    expect((await get('by=oddsRange')).rows).to.deep.equal([
      // B3 (+250) and P1 (+300): 1-0-1, 30 on 20, mean 3.75 (+275)
      row('+200 and longer', { bets: 2, wins: 1, pushes: 1, winRate: 100, staked: 20, profit: 30, roi: 150, averageOdds: '+275' }),
      // B5 (-200) and B6 (-250): a loss and a cash-out, 5 on 55, mean 1.45 (-222)
      row('-200 and shorter', {
        bets: 2,
        losses: 1,
        cashouts: 1,
        winRate: 0,
        staked: 55,
        profit: 5,
        roi: 9.1,
        unitsWon: -1.5,
        unitBets: 1,
        averageOdds: '-222',
      }),
      row('+101 to +199', B1),
      row('-100 to +100', B2),
      row('-199 to -101', B4),
    ]);
    const weekdays = await get('by=weekday');
    expect(weekdays.rows.map((r) => [r.key, r.bets, r.profit])).to.deep.equal([
      ['Monday', 3, 60], // B1, B3, P1
      ['Sunday', 2, -20], // B2, B5
      ['Friday', 1, -15], // B6
      ['Saturday', 1, 0], // B4
    ]);
    expect(weekdays.rows[0]).to.deep.equal(
      row('Monday', { bets: 3, wins: 2, pushes: 1, winRate: 100, staked: 40, profit: 60, roi: 150, averageOdds: '+233', averageClv: 25 }),
    );
  });

  it('breaks down by stake size: units when the bet had a unit size, else the quartiles of the dollar stakes', async () => {
    // Dollar stakes 10, 10, 20, 40, 40, 50: quartile boundaries at ranks 2, 3 and 5 are 10, 20 and 40
    const sizes = await get('by=stakeSize');
    expect(sizes.rows).to.deep.equal([
      row('$10', { bets: 2, wins: 1, pushes: 1, winRate: 100, staked: 20, profit: 30, roi: 150, averageOdds: '+275' }), // B3, P1
      row('$40', { bets: 2, losses: 1, cashouts: 1, winRate: 0, staked: 80, profit: -20, roi: -25, averageOdds: '-133', averageClv: -20 }), // B2, B5
      row('$20', B1),
      row('$50', B4),
      row('1-2u', B6),
    ]);
    expect(sizes.totals).to.deep.equal(TOTAL_ALL);
  });

  it('sums the last N days to today for a period, and a from-to range of bet dates', async () => {
    // Last 30 days: 2025-03-02 to 2025-03-31, so B3 (01-06) is out
    const last30 = await get('by=sport&period=30');
    expect(last30).to.include({ by: 'sport', period: '30', from: '2025-03-02', to: '2025-03-31' });
    expect(last30.rows.map((r) => [r.key, r.bets])).to.deep.equal([
      ['baseball', 1],
      ['basketball', 1],
      ['football', 1],
      ['hockey', 1],
      ['parlay', 1],
      ['soccer', 1],
    ]);
    expect(last30.totals).to.include({ bets: 6, pushes: 0, staked: 125, profit: 25, roi: 20 });
    // The stake quartiles stay those of the whole history: B3 is gone from $10
    expect((await get('by=stakeSize&period=30')).rows.map((r) => [r.key, r.bets])).to.deep.equal([
      ['$40', 2],
      ['$10', 1],
      ['$20', 1],
      ['$50', 1],
      ['1-2u', 1],
    ]);

    const january = await get('by=sport&from=2025-01-01&to=2025-01-31');
    expect(january).to.deep.include({ from: '2025-01-01', to: '2025-01-31', rows: [row('football', B3)] });
    expect(january.totals).to.deep.equal(row('Total', B3));
    // Inclusive bounds; one bound alone
    expect((await get('by=weekday&from=2025-03-30&to=2025-03-30')).rows.map((r) => r.key)).to.deep.equal(['Sunday']);
    expect((await get('by=weekday&from=2025-03-30')).totals.bets).to.equal(4);
    expect((await get('by=weekday&to=2025-03-29')).totals.bets).to.equal(3);
    // Whole months come from the monthly rows, the days at either end from the daily ones
    expect((await get('by=sport&from=2025-01-01&to=2025-03-31')).totals).to.deep.equal(TOTAL_ALL);
    const acrossMonths = await get('by=weekday&from=2025-01-06&to=2025-03-30'); // B3, B6, B4, B2 and B5
    expect(acrossMonths.rows.map((r) => [r.key, r.bets])).to.deep.equal([
      ['Sunday', 2],
      ['Friday', 1],
      ['Monday', 1],
      ['Saturday', 1],
    ]);
    expect(acrossMonths.totals).to.include({ bets: 5, staked: 105, profit: -35 });
    expect((await get('by=tag&from=2025-01-07&to=2025-03-29')).totals.bets).to.equal(2); // B6 and B4
    expect((await get('by=tag&to=2025-02-28')).totals.bets).to.equal(1); // B3
    // Nothing in the range: no rows, zero totals
    const empty = await get('by=tag&from=2024-01-01&to=2024-12-31');
    expect(empty.rows).to.deep.equal([]);
    expect(empty.totals).to.deep.equal(row('Total', { bets: 0 }));
  });

  it('answers the same after a rebuild from the log', async () => {
    const queries = ['sport', 'league', 'book', 'betType', 'tag', 'oddsRange', 'weekday', 'stakeSize'].flatMap((by) => [
      `by=${by}`,
      `by=${by}&period=30`,
      `by=${by}&from=2025-03-29&to=2025-03-31`,
      `by=${by}&from=2025-01-06&to=2025-03-30`,
    ]);
    const before = await Promise.all(queries.map(get));
    await h.settle();
    const rebuilt = await rebuildReadModels({ store: h.store, databaseUrl: h.database.url, fresh: true, log: () => undefined });
    expect(rebuilt.setAside).to.equal(0);
    expect(await Promise.all(queries.map(get))).to.deep.equal(before);
  });

  it('answers 400 with a message for a bad dimension, period or dates, and 401 without a token', async () => {
    const bad = async (query: string) => {
      const response = await h.get(`/api/analytics${query}`, ann.userId);
      expect(response.status, query).to.equal(400);
      return ((await response.json()) as { message: string }).message;
    };
    expect(await bad('')).to.equal(MESSAGES.analyticsBy);
    expect(await bad('?by=month')).to.equal(MESSAGES.analyticsBy);
    expect(await bad('?by=sport&period=7')).to.equal(MESSAGES.analyticsPeriod);
    expect(await bad('?by=sport&from=2025-02-30')).to.equal(MESSAGES.dateFormat);
    expect(await bad('?by=sport&from=2025-03-31&to=2025-03-01')).to.equal(MESSAGES.analyticsRange);
    expect((await h.get('/api/analytics?by=sport', null)).status).to.equal(401);
  });
});
