import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { parse as parseCsv } from 'csv-parse/sync';
import {
  bankroll as bankrollSchema,
  betChange,
  betRow,
  CSV_COLUMNS,
  eventLogLine,
  goal as goalSchema,
  journalEntry,
  MESSAGES,
  parlay as parlaySchema,
  stats as statsSchema,
  streakStats,
  user as userSchema,
  type Stats,
  type StreakStats,
} from '@bt/contracts';
import { EventLog } from '@bt/read-models/testing';
import { startHarness, type Harness } from '../testing/query-harness';

const NOW = new Date('2025-06-30T12:00:00.000Z');

/**
 * Given: alice's small known history (numbers worked out in the comments), bob's bet that was
 * settled a day after it was placed, carol (someone else), and dave's edited bets for history,
 * CSV and NDJSON. Then: what each GET answers, over HTTP, from the rows the real projector wrote.
 */
describe('query-api over HTTP, on read models the projector built from real events', () => {
  let h: Harness;
  let head: string;
  const alice = new EventLog();
  const bob = new EventLog();
  const carol = new EventLog();
  const dave = new EventLog();
  /** Registered, nothing else: a token must name an existing user, so "no data" is a real account. */
  const erin = new EventLog();
  /** Journal entries written in another order than their dates. */
  const fay = new EventLog();
  const ids: Record<string, string> = {};

  before(async () => {
    h = await startHarness({ clock: () => NOW });

    alice.at('2025-05-01T10:00:00.000Z').register('alice@example.com', 'alice').addFunds(1000);
    ids.bet0 = alice.placeBet({ date: '2025-01-15', sport: 'baseball', odds: '+100', stake: 100 }, 'win'); // +100, long ago
    ids.bet1 = alice.placeBet({ date: '2025-05-10', sport: 'football', odds: '-110', stake: 110 }, 'win'); // +100 (window before)
    ids.bet2 = alice.placeBet({ date: '2025-05-20', sport: 'basketball', odds: '+150', stake: 100 }, 'loss'); // -100 (window before)
    alice.at('2025-06-05T10:00:00.000Z');
    ids.bet3 = alice.placeBet({ date: '2025-06-05', sport: 'football', odds: '+200', stake: 50 }, 'win'); // +100
    ids.bet4 = alice.placeBet({ date: '2025-06-10', sport: 'soccer', odds: '-200', stake: 100 }, 'win'); // +50
    ids.parlay = alice.createParlay(
      [
        { odds: '+100', outcome: 'win' },
        { odds: '+100', outcome: 'win' },
      ],
      { date: '2025-06-15', stake: 25 },
    ); // +75
    ids.bet5 = alice.placeBet({ date: '2025-06-20', sport: 'football', odds: '+100', stake: 100 }, 'loss'); // -100
    ids.bet6 = alice.placeBet({ date: '2025-06-25', sport: 'hockey', odds: '+120', stake: 40 }, 'push'); // 0
    ids.bet7 = alice.placeBet({ date: '2025-06-28', sport: 'basketball', odds: '-110', stake: 55 }); // pending
    ids.removed = alice.placeBet({ date: '2025-06-12', stake: 999 }, 'win');
    alice.removeBet(ids.removed);
    ids.goalActive = alice.setGoal({ title: 'June', targetAmount: 500, startDate: '2025-06-01', endDate: '2025-07-01' });
    ids.goalFailed = alice.setGoal({ title: 'May', targetAmount: 1000, startDate: '2025-05-01', endDate: '2025-05-31' });
    ids.goalPaused = alice.setGoal({ title: 'Paused', targetAmount: 50, startDate: '2025-06-01', endDate: '2025-07-01', paused: true });
    alice.at('2025-06-20T08:00:00.000Z');
    ids.entry1 = alice.writeJournal({ title: 'First', tags: ['nfl'] });
    alice.at('2025-06-21T08:00:00.000Z');
    ids.entry2 = alice.writeJournal({ title: 'Second', mood: 'positive' });

    bob.at('2025-06-29T10:00:00.000Z').register('bob@example.com');
    ids.bobBet = bob.placeBet({ date: '2025-06-29', odds: '+100', stake: 100 });
    bob.at('2025-06-30T09:00:00.000Z');
    bob.settleBet(ids.bobBet, 'win');

    carol.at('2025-06-01T10:00:00.000Z').register('carol@example.com');
    ids.carolBet = carol.placeBet({ date: '2025-06-01', stake: 20 }, 'win');

    dave.at('2025-06-01T10:00:00.000Z').register('dave@example.com', 'dave');
    ids.daveBet = dave.placeBet({ date: '2025-06-02', odds: '-110', stake: 110, notes: 'Line, with "quotes"\nand a second line' });
    dave.amendBet(ids.daveBet, { stake: 220 });
    dave.settleBet(ids.daveBet, 'win');
    ids.daveParlay = dave.createParlay([{ odds: '+100' }, { odds: '-110' }], { name: 'Two, legs', date: '2025-06-03', stake: 10 });
    dave.amendParlay(ids.daveParlay, {
      legs: [
        { odds: '+100', outcome: 'win' },
        { odds: '-110', outcome: 'push' },
      ],
    });
    ids.daveGone = dave.placeBet({ date: '2025-06-04' });
    dave.removeBet(ids.daveGone);
    // An address dave gave up and carol then took: that stream holds carol's event too.
    const emailStream = `email-${randomUUID()}`;
    dave.append(emailStream, 'EmailReserved', { email: 'old@example.com' });
    dave.append(emailStream, 'EmailReleased', { email: 'old@example.com' });
    carol.append(emailStream, 'EmailReserved', { email: 'old@example.com' });

    // carol after dave: she took the address after he released it.
    erin.at('2025-06-01T10:00:00.000Z').register('erin@example.com');
    fay.at('2025-06-10T08:00:00.000Z').register('fay@example.com');
    ids.fayJune20 = fay.writeJournal({ title: 'June 20', date: '2025-06-20' });
    fay.at('2025-06-11T08:00:00.000Z');
    ids.fayJune5 = fay.writeJournal({ title: 'June 5, written later', date: '2025-06-05' });
    fay.at('2025-06-12T08:00:00.000Z');
    ids.fayJune20Later = fay.writeJournal({ title: 'June 20, written later', date: '2025-06-20' });
    for (const log of [alice, bob, dave, carol, erin, fay]) head = await h.record(log.events);
    await h.settle(); // the reads below also send X-Min-Position; this only keeps a loaded machine from timing them out
  });

  after(() => h?.close());

  describe('every read', () => {
    it('requires a bearer token', async () => {
      for (const path of ['/api/auth/me', '/api/bets', '/api/stats', '/api/stats/streaks', '/api/events', '/api/export/bets.csv']) {
        const response = await h.get(path, null);
        expect(response.status, path).to.equal(401);
        expect(await response.json()).to.deep.equal({ message: 'Authentication required' });
      }
      const forged = await h.get('/api/bets', null, undefined, { Authorization: 'Bearer not-a-token' });
      expect(forged.status).to.equal(401);
    });

    it('answers only GET, and 404 for paths it does not serve', async () => {
      const post = await fetch(`${h.url}/api/bets`, { method: 'POST' });
      expect(post.status).to.equal(405);
      const missing = await h.get('/api/nothing', alice.userId);
      expect(missing.status).to.equal(404);
      expect(await missing.json()).to.deep.equal({ message: 'Not found' });
    });
  });

  describe('GET /api/auth/me', () => {
    it('answers the signed-in user', async () => {
      const me = await h.json('/api/auth/me', alice.userId, head);
      expect(userSchema.parse(me)).to.deep.equal({
        id: alice.userId,
        email: 'alice@example.com',
        username: 'alice',
        createdAt: '2025-05-01T10:00:00.000Z',
      });
    });

    it('treats a token for an unknown user as no session', async () => {
      expect((await h.get('/api/auth/me', randomUUID(), head)).status).to.equal(401);
    });
  });

  describe('GET /api/bets', () => {
    it('lists single bets and parlays merged, newest first, in the Bet shape', async () => {
      const bets = z.array(betRow).parse(await h.json('/api/bets', alice.userId, head));
      expect(bets.map((b) => b.id)).to.deep.equal([
        ids.bet7,
        ids.bet6,
        ids.bet5,
        ids.parlay,
        ids.bet4,
        ids.bet3,
        ids.bet2,
        ids.bet1,
        ids.bet0,
      ]);
      const parlay = bets.find((b) => b.id === ids.parlay)!;
      expect(parlay).to.include({ kind: 'parlay', sport: 'parlay', betType: 'parlay', event: 'Sunday special', odds: '+300', legCount: 2 });
      expect(parlay).to.include({ outcome: 'win', profit: 75, stake: 25 });
      expect(bets.find((b) => b.id === ids.bet1)).to.include({
        kind: 'bet',
        odds: '-110',
        stake: 110,
        profit: 100,
        outcome: 'win',
        version: 1,
      });
    });

    it("never shows another user's rows", async () => {
      const carols = z.array(betRow).parse(await h.json('/api/bets', carol.userId, head));
      expect(carols.map((b) => b.id)).to.deep.equal([ids.carolBet]);
      expect(carols.every((b) => b.userId === carol.userId)).to.equal(true);
    });

    it('answers an empty list to a user with no bets', async () => {
      expect(await h.json('/api/bets', erin.userId, head)).to.deep.equal([]);
    });
  });

  describe('GET /api/parlays', () => {
    it("lists the user's parlays with their legs and the server's pricing", async () => {
      const parlays = z.array(parlaySchema).parse(await h.json('/api/parlays', alice.userId, head));
      expect(parlays).to.have.length(1);
      expect(parlays[0]).to.include({ id: ids.parlay, totalOdds: '+300', decimalOdds: 4, potentialProfit: 75, profit: 75, outcome: 'win' });
      expect(parlays[0].legs).to.have.length(2);
      expect(await h.json('/api/parlays', carol.userId, head)).to.deep.equal([]);
    });
  });

  describe('GET /api/bankroll', () => {
    it('is deposits minus withdrawals plus settled profit', async () => {
      const b = bankrollSchema.parse(await h.json('/api/bankroll', alice.userId, head));
      expect(b).to.include({ amount: 1225, deposits: 1000, withdrawals: 0, settledProfit: 225 });
      expect(b.updatedAt).to.be.a('string');
    });

    it('is zeros for a user without any activity', async () => {
      expect(await h.json('/api/bankroll', erin.userId, head)).to.deep.equal({
        amount: 0,
        deposits: 0,
        withdrawals: 0,
        settledProfit: 0,
        updatedAt: null,
      });
    });
  });

  describe('GET /api/goals', () => {
    it('computes progress, days left, amount to go and status for today', async () => {
      const goals = z.array(goalSchema).parse(await h.json('/api/goals', alice.userId, head));
      const byTitle = Object.fromEntries(goals.map((g) => [g.title, g]));
      expect(goals.map((g) => g.title)).to.deep.equal(['June', 'May', 'Paused']);
      // June: bets dated 06-01..07-01 made 125 of 500; one day left on 06-30.
      expect(byTitle.June).to.include({ currentAmount: 125, progress: 25, daysLeft: 1, amountToGo: 375, status: 'active' });
      // May ended on 05-31 with 0 of 1000.
      expect(byTitle.May).to.include({ currentAmount: 0, progress: 0, daysLeft: 0, amountToGo: 1000, status: 'failed' });
      expect(byTitle.Paused).to.include({ status: 'paused', progress: 100, amountToGo: -75 });
    });
  });

  describe('GET /api/journal', () => {
    it('lists entries newest first', async () => {
      const entries = z.array(journalEntry).parse(await h.json('/api/journal', alice.userId, head));
      expect(entries.map((e) => e.id)).to.deep.equal([ids.entry2, ids.entry1]);
      expect(entries[1].tags).to.deep.equal(['nfl']);
      expect(await h.json('/api/journal', bob.userId, head)).to.deep.equal([]);
    });

    it('lists entries by their date, newest first, and entries of one day by when they were written, newest first', async () => {
      const entries = z.array(journalEntry).parse(await h.json('/api/journal', fay.userId, head));
      expect(entries.map((e) => e.id)).to.deep.equal([ids.fayJune20Later, ids.fayJune20, ids.fayJune5]);
    });
  });

  describe('GET /api/stats', () => {
    it('works out win rate, ROI, profit, the 30-day count and the record', async () => {
      const s = statsSchema.parse(await h.json('/api/stats', alice.userId, head));
      // 5 wins, 2 losses: 71.4 %; profit 225 on 625 settled: 36 %.
      expect(s).to.include({ winRate: 71.4, totalProfit: 225, roi: 36, totalBets: 6 });
      expect(s.record).to.deep.equal({ wins: 5, losses: 2, pushes: 1, voids: 0, cashouts: 0, pending: 1 });
    });

    it('gives each trend as the last 30 days minus the 30 before', async () => {
      const s = await h.json<Stats>('/api/stats', alice.userId, head);
      // June: 3W 1L (75 %), +125 on 315 (39.68 %), 6 bets. May 2-31: 1W 1L (50 %), 0 on 210 (0 %), 2 bets.
      expect(s.trends).to.deep.equal({ winRate: 25, totalProfit: 125, roi: 39.7, totalBets: 4 });
    });

    it('draws the cumulative profit line from the running total before the range', async () => {
      const s = await h.json<Stats>('/api/stats', alice.userId, head);
      expect(s.recentPerformance).to.deep.equal([
        { date: '2025-06-05', cumulativeProfit: 200 },
        { date: '2025-06-10', cumulativeProfit: 250 },
        { date: '2025-06-15', cumulativeProfit: 325 },
        { date: '2025-06-20', cumulativeProfit: 225 },
        { date: '2025-06-25', cumulativeProfit: 225 },
        { date: '2025-06-28', cumulativeProfit: 225 },
      ]);
    });

    it('takes the range for the line only', async () => {
      const ninety = await h.json<Stats>('/api/stats?range=90', alice.userId, head);
      expect(ninety.recentPerformance.slice(0, 3)).to.deep.equal([
        { date: '2025-05-10', cumulativeProfit: 200 },
        { date: '2025-05-20', cumulativeProfit: 100 },
        { date: '2025-06-05', cumulativeProfit: 200 },
      ]);
      const all = await h.json<Stats>('/api/stats?range=all', alice.userId, head);
      expect(all.recentPerformance[0]).to.deep.equal({ date: '2025-01-15', cumulativeProfit: 100 });
      expect(all.recentPerformance.at(-1)).to.deep.equal({ date: '2025-06-28', cumulativeProfit: 225 });
      const { recentPerformance: _a, ...rest90 } = ninety;
      const { recentPerformance: _b, ...restAll } = all;
      expect(rest90).to.deep.equal(restAll);
    });

    it('shares the bets out by sport, by count to one decimal', async () => {
      const s = await h.json<Stats>('/api/stats', alice.userId, head);
      expect(s.sportDistribution).to.deep.equal([
        { sport: 'football', count: 3, stake: 260, profit: 100, percentage: 33.3 },
        { sport: 'basketball', count: 2, stake: 155, profit: -100, percentage: 22.2 },
        { sport: 'baseball', count: 1, stake: 100, profit: 100, percentage: 11.1 },
        { sport: 'hockey', count: 1, stake: 40, profit: 0, percentage: 11.1 },
        { sport: 'parlay', count: 1, stake: 25, profit: 75, percentage: 11.1 },
        { sport: 'soccer', count: 1, stake: 100, profit: 50, percentage: 11.1 },
      ]);
    });

    it('rejects a range or asOf it does not know with 400 and a message', async () => {
      for (const query of ['range=7', 'range=', 'range=30&range=90', 'asOf=yesterday', 'asOf=2025-02-30']) {
        const response = await h.get(`/api/stats?${query}`, alice.userId);
        expect(response.status, query).to.equal(400);
        const { message } = (await response.json()) as { message: string };
        expect(message, query).to.equal(query.startsWith('range') ? MESSAGES.rangeParam : MESSAGES.asOfParam);
      }
      expect((await h.get('/api/stats/streaks?asOf=nope', alice.userId)).status).to.equal(400);
    });

    it('answers zeros to a user without bets', async () => {
      const s = statsSchema.parse(await h.json('/api/stats', erin.userId, head));
      expect(s).to.include({ winRate: 0, totalProfit: 0, roi: 0, totalBets: 0 });
      expect(s.recentPerformance).to.deep.equal([]);
    });
  });

  describe('GET /api/stats/streaks', () => {
    it('answers the streaks of settled bets in date order, pushes and pending ignored', async () => {
      const s = streakStats.parse(await h.json('/api/stats/streaks', alice.userId, head));
      // W W | L | W W W(parlay) | L, then a push and a pending bet.
      expect(s.currentStreak).to.deep.include({ type: 'loss', length: 1, startDate: '2025-06-20', endDate: '2025-06-20' });
      expect(s.longestWinStreak).to.deep.equal({ type: 'win', length: 3, startDate: '2025-06-05', endDate: '2025-06-15', profit: 225 });
      expect(s.recentStreaks.map((r) => `${r.type}${r.length}`)).to.deep.equal(['loss1', 'win3', 'loss1', 'win2']);
      expect(s.streaksByMonth).to.deep.equal([
        { month: '2025-01', winStreaks: 1, lossStreaks: 0 },
        { month: '2025-05', winStreaks: 0, lossStreaks: 1 },
        { month: '2025-06', winStreaks: 1, lossStreaks: 1 },
      ]);
    });

    it('answers nulls and empty lists to a user without bets', async () => {
      expect(await h.json('/api/stats/streaks', erin.userId, head)).to.deep.equal({
        currentStreak: null,
        longestWinStreak: null,
        longestLossStreak: null,
        recentStreaks: [],
        streaksByMonth: [],
      });
    });
  });

  describe('asOf', () => {
    it('answers as the record stood then: a bet settled later is still pending', async () => {
      const then = statsSchema.parse(await h.json('/api/stats?asOf=2025-06-29', bob.userId, head));
      expect(then.record).to.deep.equal({ wins: 0, losses: 0, pushes: 0, voids: 0, cashouts: 0, pending: 1 });
      expect(then).to.include({ totalProfit: 0, winRate: 0, totalBets: 1 });
      const now = await h.json<Stats>('/api/stats', bob.userId, head);
      expect(now.record).to.deep.equal({ wins: 1, losses: 0, pushes: 0, voids: 0, cashouts: 0, pending: 0 });
      expect(now.totalProfit).to.equal(100);
      const instant = await h.json<Stats>('/api/stats?asOf=2025-06-30T09:00:00.000Z', bob.userId, head);
      expect(instant.record.wins, 'an event recorded at the very instant counts').to.equal(1);
    });

    it('replays the streaks too', async () => {
      const then = await h.json<StreakStats>('/api/stats/streaks?asOf=2025-06-29T23:00:00Z', bob.userId, head);
      expect(then.currentStreak).to.equal(null);
      const now = await h.json<StreakStats>('/api/stats/streaks', bob.userId, head);
      expect(now.currentStreak).to.include({ type: 'win', length: 1 });
    });

    it('answers zeros before the user had any events', async () => {
      const s = await h.json<Stats>('/api/stats?asOf=2020-01-01', alice.userId, head);
      expect(s.record).to.deep.equal({ wins: 0, losses: 0, pushes: 0, voids: 0, cashouts: 0, pending: 0 });
    });

    it('equals the live answer when asked for now', async () => {
      for (const range of ['30', '90', 'all']) {
        const live = await h.json(`/api/stats?range=${range}`, alice.userId, head);
        const replayed = await h.json(`/api/stats?range=${range}&asOf=${NOW.toISOString()}`, alice.userId, head);
        expect(replayed, range).to.deep.equal(live);
      }
      expect(await h.json(`/api/stats/streaks?asOf=${NOW.toISOString()}`, alice.userId, head)).to.deep.equal(
        await h.json('/api/stats/streaks', alice.userId, head),
      );
    });
  });

  describe('GET /api/bets/:id/history', () => {
    it('lists every change to a bet, oldest first, with each field from and to', async () => {
      const history = z.array(betChange).parse(await h.json(`/api/bets/${ids.daveBet}/history`, dave.userId, head));
      expect(history.map((c) => [c.type, c.version])).to.deep.equal([
        ['BetPlaced', 0],
        ['BetAmended', 1],
        ['BetSettled', 2],
      ]);
      expect(history[0].changes.stake).to.deep.equal({ from: null, to: 110 });
      expect(history[0].changes.outcome).to.deep.equal({ from: null, to: 'pending' });
      expect(history[1].changes).to.deep.equal({ stake: { from: 110, to: 220 } });
      expect(history[2].changes).to.deep.equal({ outcome: { from: 'pending', to: 'win' }, profit: { from: 0, to: 200 } });
      expect(history[2].at).to.equal('2025-06-01T10:00:03.000Z');
    });

    it("lists a parlay's changes, with its price and outcome following its legs", async () => {
      const history = z.array(betChange).parse(await h.json(`/api/bets/${ids.daveParlay}/history`, dave.userId, head));
      expect(history.map((c) => c.type)).to.deep.equal(['ParlayCreated', 'ParlayAmended']);
      expect(history[1].changes.outcome).to.deep.equal({ from: 'pending', to: 'win' });
      expect(history[1].changes.totalOdds).to.deep.equal({ from: '+282', to: '+100' });
      expect(history[1].changes.profit).to.deep.equal({ from: 0, to: 10 });
    });

    it('keeps the history of a removed bet', async () => {
      const history = await h.json<{ type: string }[]>(`/api/bets/${ids.daveGone}/history`, dave.userId, head);
      expect(history.map((c) => c.type)).to.deep.equal(['BetPlaced', 'BetRemoved']);
    });

    it("answers 404 for another user's bet, exactly as for a missing one", async () => {
      const other = await h.get(`/api/bets/${ids.daveBet}/history`, alice.userId);
      const missing = await h.get(`/api/bets/${randomUUID()}/history`, alice.userId);
      const garbage = await h.get('/api/bets/not-an-id/history', alice.userId);
      expect([other.status, missing.status, garbage.status]).to.deep.equal([404, 404, 404]);
      const bodies = [await other.json(), await missing.json(), await garbage.json()];
      expect(bodies[0]).to.deep.equal(bodies[1]).and.deep.equal(bodies[2]);
    });
  });

  describe('GET /api/export/bets.csv', () => {
    it('downloads one row per bet and parlay under the shared header, quoted the RFC 4180 way', async () => {
      const response = await h.get('/api/export/bets.csv', dave.userId, head);
      expect(response.status).to.equal(200);
      expect(response.headers.get('content-type')).to.match(/^text\/csv/);
      expect(response.headers.get('content-disposition')).to.equal('attachment; filename="bets.csv"');
      const text = await response.text();
      expect(text.split('\r\n')[0]).to.equal(CSV_COLUMNS.join(','));
      expect(text).to.include('"Line, with ""quotes""\nand a second line"');
      const records = parseCsv(text, { columns: true }) as Record<string, string>[];
      expect(records.map((r) => r.id)).to.deep.equal([ids.daveParlay, ids.daveBet]);
      expect(records[1]).to.include({
        kind: 'bet',
        odds: '-110',
        stake: '220.00',
        profit: '200.00',
        outcome: 'win',
        notes: 'Line, with "quotes"\nand a second line',
        legs: '',
      });
      expect(records[0]).to.include({ kind: 'parlay', event: 'Two, legs', sport: 'parlay', outcome: 'win' });
      expect(JSON.parse(records[0].legs)).to.have.length(2);
    });

    it('is only the header for a user without bets', async () => {
      const text = await (await h.get('/api/export/bets.csv', erin.userId, head)).text();
      expect(text).to.equal(`${CSV_COLUMNS.join(',')}\r\n`);
    });
  });

  describe('GET /api/events', () => {
    it("streams the user's own events as NDJSON, without password hashes", async () => {
      const response = await h.get('/api/events', dave.userId, head);
      expect(response.status).to.equal(200);
      expect(response.headers.get('content-type')).to.match(/^application\/x-ndjson/);
      expect(response.headers.get('transfer-encoding')).to.equal('chunked');
      expect(response.headers.get('content-length')).to.equal(null);
      const text = await response.text();
      expect(text.endsWith('\n')).to.equal(true);
      const lines = text
        .trimEnd()
        .split('\n')
        .map((line) => eventLogLine.parse(JSON.parse(line)));
      expect(lines).to.have.length(dave.events.length);
      expect(new Set(lines.map((l) => l.id)).size).to.equal(lines.length);
      expect(
        lines.every((l) => l.data.userId === dave.userId),
        "only dave's events, even from a shared e-mail stream",
      ).to.equal(true);
      expect(text).not.to.include('passwordHash');
      const registered = lines.find((l) => l.type === 'UserRegistered')!;
      expect(registered.data).to.deep.equal({ userId: dave.userId, email: 'dave@example.com', username: 'dave' });
      expect(registered.metadata.occurredAt).to.equal('2025-06-01T10:00:00.000Z');
    });

    it("writes each stream's events in revision order", async () => {
      const text = await (await h.get('/api/events', alice.userId, head)).text();
      const lines = text
        .trimEnd()
        .split('\n')
        .map((line) => JSON.parse(line) as { streamId: string; revision: string });
      const seen = new Map<string, number>();
      for (const line of lines) {
        const revision = Number(line.revision);
        expect(revision).to.equal((seen.get(line.streamId) ?? -1) + 1);
        seen.set(line.streamId, revision);
      }
      expect(lines).to.have.length(alice.events.length);
    });
  });
});
