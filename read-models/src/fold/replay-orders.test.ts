import { expect } from 'chai';
import { TABLES } from '../database';
import { replayUser } from '../replay';
import { EventLog } from '../testing/event-log';
import { LOADED, READ_MODELS } from './fold';

/** Given rows entered out of order, the replay lists each read model in the order its readers list it. */
describe('the order of each read model in a replay', () => {
  it('lists days ascending, sports by name, goals oldest first, parlays and journal entries newest first', () => {
    const log = new EventLog().register();
    log.placeBet({ date: '2025-03-09', sport: 'soccer' }, 'win');
    log.placeBet({ date: '2025-03-01', sport: 'basketball' }, 'loss');
    log.placeBet({ date: '2025-03-05', sport: 'hockey' });
    const goals = [log.setGoal({ title: 'first' }), log.setGoal({ title: 'second' }), log.setGoal({ title: 'third' })];
    const parlays = [log.createParlay([{}, {}]), log.createParlay([{}, {}])];
    const entries = [log.writeJournal({ date: '2025-03-09' }), log.writeJournal({ date: '2025-03-01' })];

    const models = replayUser(log.events);
    expect(models.daily.map((d) => d.date)).to.deep.equal(['2025-03-01', '2025-03-05', '2025-03-09']);
    expect(models.sportDistribution.map((s) => s.sport)).to.deep.equal(['basketball', 'hockey', 'parlay', 'soccer']);
    expect(models.goals.map((g) => g.id)).to.deep.equal(goals);
    expect(models.parlays.map((p) => p.id)).to.deep.equal([...parlays].reverse());
    expect(models.journalEntries.map((j) => j.id)).to.deep.equal([...entries].reverse());
    expect(models.bets.map((b) => b.date)).to.deep.equal(['2025-03-01', '2025-03-01', '2025-03-05', '2025-03-01', '2025-03-09']);
    const streams = models.userStreams.map((s) => s.stream_id);
    expect(streams).to.deep.equal([...streams].sort());
    expect(streams).to.have.length(1 + 3 + 3 + 2 + 2);
  });

  it('breaks a tie of entry time by id, descending', () => {
    const log = new EventLog().register();
    const ids = [0, 1, 2, 3].map(() => log.at('2025-03-01T12:00:00.000Z').placeBet());
    const sameTime = replayUser(log.events).bets.map((b) => b.id);
    expect(sameTime).to.deep.equal([...ids].sort().reverse());
  });

  it('sorts days and sports whatever order they were first seen in', () => {
    const log = new EventLog().register();
    for (const [date, sport] of [
      ['2025-03-20', 'other'],
      ['2025-03-02', 'baseball'],
      ['2025-03-11', 'soccer'],
      ['2025-03-02', 'football'],
      ['2025-03-15', 'basketball'],
    ] as const)
      log.placeBet({ date, sport });
    const models = replayUser(log.events);
    expect(models.daily.map((d) => d.date)).to.deep.equal(['2025-03-02', '2025-03-11', '2025-03-15', '2025-03-20']);
    expect(models.sportDistribution.map((s) => s.sport)).to.deep.equal(['baseball', 'basketball', 'football', 'other', 'soccer']);
  });
});

describe('the read models', () => {
  it('are loaded from every table but user_streams, each read model from its own', () => {
    const loaded = LOADED.map((l) => l.table);
    expect(loaded).to.deep.equal(READ_MODELS.map((m) => m.table.name).filter((table) => table !== 'user_streams'));
    expect(new Set(loaded).size).to.equal(loaded.length);
    expect(loaded).to.have.members(Object.keys(TABLES).filter((table) => table !== 'user_streams' && table !== 'projection_failures'));
    expect(READ_MODELS.map((m) => m.table.name)).to.include('user_streams');
  });
});
