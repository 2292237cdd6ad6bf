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
  parlay as parlaySchema,
  user as userSchema,
} from '@bt/contracts';
import { startHarness, type Harness } from '../testing/query-harness';
import { knownHistories, NOW, recordKnownHistories } from '@bt/query-api/testing';

/**
 * Given the known histories (testing/known-histories.ts), then: what each GET answers, over HTTP,
 * from the rows the real projector wrote. The stats, the streaks and their asOf replays are in
 * queries/stats-and-streaks.int.test.ts.
 */
describe('query-api over HTTP, on read models the projector built from real events', () => {
  let h: Harness;
  let head: string;
  const histories = knownHistories();
  const { alice, bob, carol, dave, erin, fay, ids } = histories;

  before(async () => {
    h = await startHarness({ clock: () => NOW });
    head = await recordKnownHistories(h, histories);
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
    it('is deposits minus withdrawals plus settled profit; the pending stake is at risk', async () => {
      const b = bankrollSchema.parse(await h.json('/api/bankroll', alice.userId, head));
      expect(b).to.include({ amount: 1225, deposits: 1000, withdrawals: 0, settledProfit: 225, atRisk: 55, available: 1170 });
      expect(b.updatedAt).to.be.a('string');
    });

    it('is zeros for a user without any activity', async () => {
      expect(await h.json('/api/bankroll', erin.userId, head)).to.deep.equal({
        amount: 0,
        deposits: 0,
        withdrawals: 0,
        adjustments: 0,
        settledProfit: 0,
        atRisk: 0,
        available: 0,
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
