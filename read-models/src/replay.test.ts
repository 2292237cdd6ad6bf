import { expect } from 'chai';
import { EventLog } from './testing/event-log';
import { occurredAt } from './fold/state';
import { replayUser, replayUserInSlices } from './replay';

describe('replaying a user in slices', () => {
  const history = () => {
    const log = new EventLog();
    log.at('2025-03-01T12:00:00.000Z').register();
    log.addFunds(500);
    for (let i = 0; i < 7; i++) log.placeBet({ event: `Game ${i}` }, i % 3 === 0 ? 'loss' : 'win');
    log.at('2025-03-05T12:00:00.000Z').createParlay([{}, {}], { name: 'Parlay' });
    log.placeBet({ event: 'Late' }, 'loss');
    return log;
  };

  it('computes the same rows as replaying in one go, whatever the slice', async () => {
    const log = history();
    const whole = replayUser(log.events);
    for (const slice of [1, 3, 1000]) expect(await replayUserInSlices(log.events, {}, slice), `slice ${slice}`).to.deep.equal(whole);
    expect(await replayUserInSlices([], { userId: log.userId })).to.deep.equal(replayUser([], { userId: log.userId }));
  });

  it('folds only the read models asked for (and what they derive from), and refuses to give the others', async () => {
    const log = history();
    const whole = replayUser(log.events);
    const stats = await replayUserInSlices(log.events, { readModels: ['userStats', 'daily'] }, 3);
    expect(stats.userStats).to.deep.equal(whole.userStats);
    expect(stats.daily).to.deep.equal(whole.daily);
    expect(Object.keys(stats)).to.include.members(['userStats', 'daily', 'bets']).and.not.include('analyticsDaily');
    expect(() => stats.analyticsDaily).to.throw('analyticsDaily was not replayed');
    expect(() => replayUser(log.events, { readModels: ['streaks'] }).bankroll).to.throw('bankroll was not replayed');
  });

  it('folds only the events recorded up to recordedUntil', async () => {
    const log = history();
    const until = new Date('2025-03-04T00:00:00.000Z');
    const recorded = log.events.filter((event) => occurredAt(event) <= until);
    expect(recorded.length).to.be.within(2, log.events.length - 2);
    const replayed = await replayUserInSlices(log.events, { recordedUntil: until }, 4);
    expect(replayed).to.deep.equal(replayUser(recorded));
    expect(replayed.parlays).to.deep.equal([]);
  });

  it('gives the event loop a turn between slices', async () => {
    const log = history();
    let turns = 0;
    const tick = () => {
      turns += 1;
      if (turns < 100) setImmediate(tick);
    };
    setImmediate(tick);
    await replayUserInSlices(log.events, {}, 2);
    expect(turns).to.be.greaterThan(1);
  });
});
