import { expect } from 'chai';
import { RECENT_STREAKS_LIMIT } from '../db/schema';
import { replayUser } from '../replay';
import { EventLog } from '../testing/event-log';

const streaksOf = (log: EventLog) => replayUser(log.events).streaks!;
const brief = (s: { type: string; length: number } | null) => (s ? `${s.type}x${s.length}` : null);

describe('streaks projection', () => {
  it('has no streaks before anything is settled', () => {
    const log = new EventLog().register();
    log.placeBet();
    expect(streaksOf(log)).to.deep.include({
      current_streak: null,
      longest_win_streak: null,
      longest_loss_streak: null,
      recent_streaks: [],
      streaks_by_month: [],
    });
  });

  it('extends a streak over consecutive wins and starts a new one on a loss', () => {
    const log = new EventLog().register();
    log.placeBet({ date: '2025-03-01', stake: 10, odds: '+100' }, 'win');
    log.placeBet({ date: '2025-03-02', stake: 10, odds: '+100' }, 'win');
    log.placeBet({ date: '2025-03-03', stake: 10 }, 'loss');

    const streaks = streaksOf(log);
    expect(streaks.current_streak).to.deep.equal({ type: 'loss', length: 1, startDate: '2025-03-03', endDate: '2025-03-03', profit: -10 });
    expect(streaks.longest_win_streak).to.deep.equal({
      type: 'win',
      length: 2,
      startDate: '2025-03-01',
      endDate: '2025-03-02',
      profit: 20,
    });
  });

  it('neither extends nor breaks a streak with a push or a pending bet', () => {
    const log = new EventLog().register();
    log.placeBet({ date: '2025-03-01', stake: 10, odds: '+100' }, 'win');
    log.placeBet({ date: '2025-03-02' }, 'push');
    log.placeBet({ date: '2025-03-03' });
    log.placeBet({ date: '2025-03-04', stake: 10, odds: '+100' }, 'win');

    expect(streaksOf(log).current_streak).to.deep.equal({
      type: 'win',
      length: 2,
      startDate: '2025-03-01',
      endDate: '2025-03-04',
      profit: 20,
    });
  });

  it('orders bets by their own date, then by when they were entered', () => {
    const log = new EventLog().register();
    log.at('2025-03-10T10:00:00Z').placeBet({ date: '2025-03-05' }, 'loss');
    log.at('2025-03-10T11:00:00Z').placeBet({ date: '2025-03-01' }, 'win');
    log.at('2025-03-10T12:00:00Z').placeBet({ date: '2025-03-05' }, 'win');

    // by date: win (03-01), then on 03-05 the loss (entered first), then the win
    expect(streaksOf(log).recent_streaks.map(brief)).to.deep.equal(['winx1', 'lossx1', 'winx1']);
  });

  it('counts parlays as settled bets', () => {
    const log = new EventLog().register();
    log.placeBet({ date: '2025-03-01' }, 'loss');
    log.createParlay([{ outcome: 'loss' }, { outcome: 'win' }], { date: '2025-03-02' });

    expect(brief(streaksOf(log).current_streak)).to.equal('lossx2');
  });

  it('recomputes when a bet is amended, resettled or removed', () => {
    const log = new EventLog().register();
    log.placeBet({ date: '2025-03-01' }, 'win');
    const middle = log.placeBet({ date: '2025-03-02' }, 'loss');
    log.placeBet({ date: '2025-03-03' }, 'win');
    expect(brief(streaksOf(log).longest_win_streak)).to.equal('winx1');

    log.settleBet(middle, 'push');
    expect(brief(streaksOf(log).longest_win_streak)).to.equal('winx2');
    log.settleBet(middle, 'loss');
    log.amendBet(middle, { date: '2025-03-04' });
    expect(brief(streaksOf(log).longest_win_streak)).to.equal('winx2');
    expect(brief(streaksOf(log).current_streak)).to.equal('lossx1');
    log.removeBet(middle);
    expect(brief(streaksOf(log).current_streak)).to.equal('winx2');
  });

  it('picks the most recent of equally long record streaks', () => {
    const log = new EventLog().register();
    log.placeBet({ date: '2025-03-01' }, 'win');
    log.placeBet({ date: '2025-03-02' }, 'loss');
    log.placeBet({ date: '2025-03-03' }, 'win');
    log.placeBet({ date: '2025-03-04' }, 'loss');

    const streaks = streaksOf(log);
    expect(streaks.longest_win_streak?.startDate).to.equal('2025-03-03');
    expect(streaks.longest_loss_streak?.startDate).to.equal('2025-03-04');
  });

  it('keeps the most recent streaks newest first, and counts streaks by the month they started', () => {
    const log = new EventLog().register();
    for (let day = 1; day <= 24; day++) {
      log.placeBet({ date: `2025-0${day <= 12 ? 1 : 2}-${String(day).padStart(2, '0')}` }, day % 2 ? 'win' : 'loss');
    }
    const streaks = streaksOf(log);
    expect(streaks.recent_streaks).to.have.length(RECENT_STREAKS_LIMIT);
    expect(streaks.recent_streaks[0].startDate).to.equal('2025-02-24');
    expect(streaks.streaks_by_month).to.deep.equal([
      { month: '2025-01', winStreaks: 6, lossStreaks: 6 },
      { month: '2025-02', winStreaks: 6, lossStreaks: 6 },
    ]);
  });
});
