import { expect } from 'chai';
import { z } from 'zod';
import { betChange, betRow, goal as goalSchema, journalEntry, MESSAGES, stats as statsSchema } from '@bt/contracts';
import { EventLog } from '@bt/read-models/testing';
import { startHarness, type Harness } from '../testing/query-harness';

/**
 * Given: a bettor who deleted bets, a parlay (with its member bet), a goal and a journal entry,
 * and restored some of them. Then: what is deleted is listed by GET /api/bets?deleted=true, what
 * is restored is back everywhere (history, stats, goals, journal), and a bet's change log names
 * the removal and the restore.
 */
describe('deleted and restored things, over HTTP, on read models the projector built', () => {
  let h: Harness;
  let head: string;
  const gil = new EventLog();
  const hal = new EventLog();
  const ids: Record<string, string> = {};

  before(async () => {
    h = await startHarness({ clock: () => new Date('2025-06-30T12:00:00.000Z') });
    gil.at('2025-06-01T10:00:00.000Z').register('gil@example.com');
    ids.kept = gil.placeBet({ date: '2025-06-02', odds: '+100', stake: 100 }, 'win'); // +100
    ids.back = gil.placeBet({ date: '2025-06-03', odds: '+150', stake: 40, event: 'Back again' }, 'win'); // +60
    ids.gone = gil.placeBet({ date: '2025-06-04', stake: 10, event: 'Gone for good' }, 'loss');
    ids.parlay = gil.createParlay(
      [
        { odds: '+100', outcome: 'win' },
        { odds: '+100', outcome: 'win' },
      ],
      { date: '2025-06-05', stake: 25, name: 'Double' },
    );
    ids.goal = gil.setGoal({ title: 'June', targetAmount: 500, startDate: '2025-06-01', endDate: '2025-07-01' });
    ids.entry = gil.writeJournal({ title: 'Kept in mind' });
    gil.at('2025-06-10T10:00:00.000Z');
    gil.removeBet(ids.back);
    gil.at('2025-06-11T10:00:00.000Z');
    gil.removeBet(ids.gone);
    gil.at('2025-06-12T10:00:00.000Z');
    gil.removeParlay(ids.parlay);
    gil.removeGoal(ids.goal);
    gil.eraseJournal(ids.entry);
    gil.at('2025-06-13T10:00:00.000Z');
    gil.restoreBet(ids.back);
    gil.restoreGoal(ids.goal);
    gil.restoreJournal(ids.entry);
    gil.settleBet(ids.back, 'win'); // a change after the restore counts (same outcome, a new version)
    hal.at('2025-06-01T10:00:00.000Z').register('hal@example.com');
    ids.halGone = hal.placeBet({ date: '2025-06-02' });
    hal.removeBet(ids.halGone);
    for (const log of [gil, hal]) head = await h.record(log.events);
    await h.settle();
  });
  after(() => h?.close());

  it('lists the removed bets and parlays, newest removal first, as they were, with when they were deleted', async () => {
    const rows = z.array(betRow).parse(await h.json('/api/bets?deleted=true', gil.userId, head));
    expect(rows.map((r) => [r.id, r.kind, r.deletedAt])).to.deep.equal([
      [ids.parlay, 'parlay', '2025-06-12T10:00:00.000Z'],
      [ids.gone, 'bet', '2025-06-11T10:00:00.000Z'],
    ]);
    expect(rows[0]).to.include({ event: 'Double', sport: 'parlay', legCount: 2, stake: 25, profit: 75, outcome: 'win' });
    expect(rows[1]).to.include({ event: 'Gone for good', stake: 10, profit: -10, outcome: 'loss', date: '2025-06-04' });
    // Someone else's removed bet is theirs alone.
    const hals = z.array(betRow).parse(await h.json('/api/bets?deleted=true', hal.userId, head));
    expect(hals.map((r) => r.id)).to.deep.equal([ids.halGone]);
  });

  it('shows a restored bet in the history again, with its full state, and counts it in the stats', async () => {
    const rows = z.array(betRow).parse(await h.json('/api/bets', gil.userId, head));
    expect(rows.map((r) => r.id)).to.have.members([ids.kept, ids.back]);
    const back = rows.find((r) => r.id === ids.back)!;
    expect(back).to.include({ event: 'Back again', stake: 40, profit: 60, outcome: 'win', date: '2025-06-03', version: 4 });
    expect(back.deletedAt).to.equal(undefined);
    const stats = statsSchema.parse(await h.json('/api/stats', gil.userId, head));
    expect(stats.totalProfit).to.equal(160); // 100 + 60: the deleted loss and parlay do not count
  });

  it('brings a restored goal and journal entry back, the goal counting today’s bets', async () => {
    const [goal] = z.array(goalSchema).parse(await h.json('/api/goals', gil.userId, head));
    expect(goal).to.include({ id: ids.goal, title: 'June', currentAmount: 160 });
    const entries = z.array(journalEntry).parse(await h.json('/api/journal', gil.userId, head));
    expect(entries.map((e) => [e.id, e.title])).to.deep.equal([[ids.entry, 'Kept in mind']]);
  });

  it('names the removal and the restore in a bet’s change log', async () => {
    const history = z.array(betChange).parse(await h.json(`/api/bets/${ids.back}/history`, gil.userId, head));
    expect(history.map((c) => [c.type, c.version, c.at])).to.deep.equal([
      ['BetPlaced', 0, history[0].at],
      ['BetSettled', 1, history[1].at],
      ['BetRemoved', 2, '2025-06-10T10:00:00.000Z'],
      ['BetRestored', 3, '2025-06-13T10:00:00.000Z'],
      ['BetSettled', 4, history[4].at],
    ]);
    expect(history[2].changes).to.deep.equal({});
    expect(history[3].changes).to.deep.equal({});
    const parlay = z.array(betChange).parse(await h.json(`/api/bets/${ids.parlay}/history`, gil.userId, head));
    expect(parlay.map((c) => c.type)).to.deep.equal(['ParlayCreated', 'ParlayRemoved']);
  });

  it('answers 400 with the message for a bad deleted value', async () => {
    const response = await h.get('/api/bets?deleted=maybe', gil.userId, head);
    expect(response.status).to.equal(400);
    expect(await response.json()).to.deep.equal({ message: MESSAGES.deletedParam });
  });
});
