import { expect } from 'chai';
import { MESSAGES, stats as statsSchema, streakStats, type Stats, type StreakStats } from '@bt/contracts';
import { startHarness, type Harness } from '../../testing/query-harness';
import { knownHistories, NOW, recordKnownHistories } from '@bt/query-api/testing';

/**
 * Given the known histories (testing/known-histories.ts), then: GET /api/stats and
 * /api/stats/streaks over HTTP, now from the rows the real projector wrote, and as of an earlier
 * instant from a replay of the events.
 */
describe('query-api stats and streaks over HTTP, live and asOf', () => {
  let h: Harness;
  let head: string;
  const histories = knownHistories();
  const { alice, bob, erin } = histories;

  before(async () => {
    h = await startHarness({ clock: () => NOW });
    head = await recordKnownHistories(h, histories);
  });

  after(() => h?.close());

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
});
