import { expect } from 'chai';
import { streams } from '@bt/contracts';
import { replayUser } from '../../replay';
import { EventLog } from '../../testing/event-log';

describe('users and user_streams projections', () => {
  it('records the registered user, without any password', () => {
    const log = new EventLog().at('2025-03-01T09:00:00.000Z').register('ann@example.com', 'ann');

    const { user } = replayUser(log.events);
    expect(user).to.deep.equal({
      id: log.userId,
      email: 'ann@example.com',
      username: 'ann',
      created_at: new Date('2025-03-01T09:00:00.000Z'),
      updated_at: new Date('2025-03-01T09:00:00.000Z'),
    });
  });

  it('follows a change of e-mail', () => {
    const log = new EventLog().register('ann@example.com');
    log.changeEmail('ann@new.example', 'ann@example.com');
    expect(replayUser(log.events).user?.email).to.equal('ann@new.example');
  });

  it("indexes every stream holding the user's events, removed things included", () => {
    const log = new EventLog().register().addFunds(10);
    const betId = log.placeBet();
    log.removeBet(betId);
    const goalId = log.setGoal();

    expect(
      replayUser(log.events)
        .userStreams.map((s) => s.stream_id)
        .sort(),
    ).to.deep.equal([streams.user(log.userId), streams.bankroll(log.userId), streams.bet(betId), streams.goal(goalId)].sort());
  });

  it("replays only the chosen user's events", () => {
    const ann = new EventLog().register('ann@example.com');
    const bob = new EventLog().register('bob@example.com');
    ann.placeBet({ stake: 10 }, 'loss');
    bob.placeBet({ stake: 99 }, 'loss');
    const merged = [...ann.events, ...bob.events].sort((a, b) => Number(a.position.prepare - b.position.prepare));

    const rows = replayUser(merged, { userId: bob.userId });
    expect(rows.user?.email).to.equal('bob@example.com');
    expect(rows.userStats).to.include({ total_profit: -99 });
  });

  it('has no rows for a user without events', () => {
    const rows = replayUser([], { userId: new EventLog().userId });
    expect(rows).to.include({ user: null, bankroll: null, userStats: null, streaks: null });
    expect(rows.bets).to.deep.equal([]);
  });
});
