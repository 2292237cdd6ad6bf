import { expect } from 'chai';
import { RECENT_STREAKS_LIMIT } from '../../database';
import { replayUser } from '../../replay';
import { EventLog } from '../../testing/event-log';
import { LOADED, newUserState, projectEvent, settleUser, takeUserChanges } from '../../fold/fold';
import { emptyChanges } from '../../fold/rows';

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

describe('streaks: order, records and what a batch writes', () => {
  it('orders bets of one day by when they were entered, then by id, whatever order they reach the log in', () => {
    const log = new EventLog().register();
    log.at('2025-03-10T13:00:00Z').placeBet({ date: '2025-03-04' }, 'loss');
    log.at('2025-03-10T12:00:00Z').placeBet({ date: '2025-03-05' }, 'loss');
    log.at('2025-03-10T10:00:00Z').placeBet({ date: '2025-03-05' }, 'win');
    log.at('2025-03-10T11:00:00Z').placeBet({ date: '2025-03-05' }, 'win');
    // entered at the same instant on the same day: by id
    for (const [betId, outcome] of [
      ['ffffffff-0000-7000-8000-000000000000', 'win'],
      ['aaaaaaaa-0000-7000-8000-000000000000', 'loss'],
    ] as const) {
      log.at('2025-03-10T14:00:00Z').append(`bet-${betId}`, 'BetPlaced', {
        betId,
        sport: 'football',
        event: 'Tie',
        betType: 'moneyline',
        odds: '+100',
        stake: 10,
        notes: null,
        date: '2025-03-06',
      });
      log.settleBet(betId, outcome);
    }

    // 03-04 loss; 03-05 win (10:00), win (11:00), loss (12:00); 03-06 loss (aaaa), win (ffff)
    expect(streaksOf(log).recent_streaks.map(brief)).to.deep.equal(['winx1', 'lossx2', 'winx2', 'lossx1']);
  });

  it('keeps the longer record streak when a shorter one follows', () => {
    const log = new EventLog().register();
    const outcomes = ['win', 'win', 'win', 'loss', 'loss', 'loss', 'win', 'win', 'loss', 'loss'] as const;
    outcomes.forEach((outcome, i) => log.placeBet({ date: `2025-03-${String(i + 1).padStart(2, '0')}` }, outcome));
    const streaks = streaksOf(log);
    expect([brief(streaks.longest_win_streak), streaks.longest_win_streak?.startDate]).to.deep.equal(['winx3', '2025-03-01']);
    expect([brief(streaks.longest_loss_streak), streaks.longest_loss_streak?.startDate]).to.deep.equal(['lossx3', '2025-03-04']);
  });

  it('counts win and loss streaks of a month apart', () => {
    const log = new EventLog().register();
    for (const [date, outcome] of [
      ['2025-03-01', 'win'],
      ['2025-03-02', 'loss'],
      ['2025-03-03', 'win'],
      ['2025-04-01', 'loss'],
    ] as const)
      log.placeBet({ date }, outcome);
    expect(streaksOf(log).streaks_by_month).to.deep.equal([
      { month: '2025-03', winStreaks: 2, lossStreaks: 1 },
      { month: '2025-04', winStreaks: 0, lossStreaks: 1 },
    ]);
  });

  it("follows a won bet's profit when its stake is amended", () => {
    const log = new EventLog().register();
    const betId = log.placeBet({ date: '2025-03-01', stake: 10, odds: '+100' }, 'win');
    log.amendBet(betId, { stake: 30 });
    expect(streaksOf(log).current_streak).to.include({ type: 'win', length: 1, profit: 30 });
  });

  it('writes no streaks row after a reload when a batch leaves the streaks as they were (jsonb reorders keys)', () => {
    const log = new EventLog().register();
    log.placeBet({ date: '2025-03-01', stake: 10, odds: '+150' }, 'win');
    log.placeBet({ date: '2025-03-02', stake: 10 }, 'loss');
    const first = newUserState(log.userId);
    for (const event of log.events) projectEvent(first, event);
    settleUser(first);
    const written = emptyChanges();
    takeUserChanges(first, written);
    const [row] = written.streaks.inserts;
    expect(row.current_streak).to.deep.equal({ type: 'loss', length: 1, startDate: '2025-03-02', endDate: '2025-03-02', profit: -10 });

    // jsonb hands an object's keys back shortest first
    const reorder = (value: unknown): unknown =>
      Array.isArray(value)
        ? value.map(reorder)
        : value && typeof value === 'object'
          ? Object.fromEntries(
              Object.entries(value)
                .sort(([a], [b]) => a.length - b.length || (a < b ? -1 : 1))
                .map(([k, v]) => [k, reorder(v)]),
            )
          : value;
    const state = newUserState(log.userId);
    for (const { table, load } of LOADED) {
      for (const loaded of written[table].inserts)
        load(state, table === 'streaks' ? (reorder(JSON.parse(JSON.stringify(loaded))) as object) : loaded);
    }
    expect(state.streaks.row).to.deep.equal(row);

    const from = log.events.length;
    const betId = log.placeBet({ date: '2025-03-03' }, 'loss');
    log.removeBet(betId);
    for (const event of log.events.slice(from)) projectEvent(state, event);
    settleUser(state);
    const changes = emptyChanges();
    takeUserChanges(state, changes);
    expect(changes.streaks).to.deep.equal({ inserts: [], upserts: [], deletes: [] });
    expect(JSON.stringify(state.streaks.row)).to.equal(JSON.stringify(row));
  });
});
