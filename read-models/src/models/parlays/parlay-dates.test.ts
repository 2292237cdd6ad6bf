import { expect } from 'chai';
import { replayUser } from '../../replay';
import { EventLog } from '../../testing/event-log';

/** The day the log's clock records events on (EventLog starts at 2025-03-01T12:00Z). */
const ENTRY_DAY = '2025-03-01';

describe('parlay dates', () => {
  describe('version 2 events', () => {
    it('dates a parlay on its latest leg’s date when the bettor set none', () => {
      const log = new EventLog().register();
      const id = log.createParlay([{ date: '2024-11-20' }, { date: '2024-11-23' }], { date: '2024-11-23', dateSet: false });

      expect(replayUser(log.events).parlays[0]).to.include({ id, date: '2024-11-23', date_set: false });
    });

    it('moves a derived date with the legs on an amend without a date', () => {
      const log = new EventLog().register();
      const id = log.createParlay([{ date: '2024-11-20' }, { date: '2024-11-23' }], { date: '2024-11-23', dateSet: false });
      log.amendParlay(id, { legs: [{ date: '2024-12-01' }, { date: '2024-12-04' }] });

      expect(replayUser(log.events).parlays[0]).to.include({ date: '2024-12-04', date_set: false });
    });

    it('keeps a derived date derived when an amend moves it with the legs', () => {
      const log = new EventLog().register();
      const id = log.createParlay([{ date: '2024-11-20' }, { date: '2024-11-23' }], { date: '2024-11-23', dateSet: false });
      log.amendParlay(id, { date: '2024-12-04', legs: [{ date: '2024-12-01' }, { date: '2024-12-04' }] });
      log.amendParlay(id, { legs: [{ date: '2024-12-10' }, { date: '2024-12-11' }] });

      expect(replayUser(log.events).parlays[0]).to.include({ date: '2024-12-11', date_set: false });
    });

    it('follows the bettor’s choice of a date, and giving it back to the legs', () => {
      const log = new EventLog().register();
      const id = log.createParlay([{ date: '2024-11-20' }, { date: '2024-11-23' }], { date: '2024-11-23', dateSet: false });
      log.amendParlay(id, { date: '2024-12-25', dateSet: true });
      expect(replayUser(log.events).parlays[0]).to.include({ date: '2024-12-25', date_set: true });
      log.amendParlay(id, { date: '2024-11-23', dateSet: false });
      expect(replayUser(log.events).parlays[0]).to.include({ date: '2024-11-23', date_set: false });
    });

    it('keeps a date the bettor set when the legs change', () => {
      const log = new EventLog().register();
      const id = log.createParlay([{ date: '2024-11-20' }, { date: '2024-11-23' }], { date: '2024-11-25', dateSet: true });
      log.amendParlay(id, { legs: [{ date: '2024-12-01' }, { date: '2024-12-04' }] });

      expect(replayUser(log.events).parlays[0]).to.include({ date: '2024-11-25', date_set: true });
    });

    it('counts the parlay on its own date in history, daily figures and streaks', () => {
      const log = new EventLog().register();
      log.placeBet({ date: '2024-11-01' }, 'win');
      log.createParlay(
        [
          { date: '2024-11-20', outcome: 'win' },
          { date: '2024-11-23', outcome: 'win' },
        ],
        { date: '2024-11-23', dateSet: false, stake: 10 },
      );

      const { bets, daily, streaks } = replayUser(log.events);
      expect(bets.find((row) => row.kind === 'parlay')).to.include({ date: '2024-11-23' });
      expect(daily.map((day) => day.date)).to.deep.equal(['2024-11-01', '2024-11-23']);
      expect(streaks?.longest_win_streak).to.include({ length: 2, startDate: '2024-11-01', endDate: '2024-11-23' });
    });
  });

  describe('version 1 events (dated today by the server when the body had none)', () => {
    it('re-dates a parlay dated the day it was recorded to its latest leg’s date', () => {
      const log = new EventLog().register().version(1);
      const id = log.createParlay([{ date: '2024-11-20' }, { date: '2024-11-23' }], { date: ENTRY_DAY });

      expect(replayUser(log.events).parlays[0]).to.include({ id, date: '2024-11-23', date_set: false });
      expect(replayUser(log.events).bets[0]).to.include({ id, date: '2024-11-23' });
    });

    it('keeps a date that differs from the day it was recorded: the client chose it', () => {
      const log = new EventLog().register().version(1);
      log.createParlay([{ date: '2024-11-20' }, { date: '2024-11-23' }], { date: '2024-12-25' });

      expect(replayUser(log.events).parlays[0]).to.include({ date: '2024-12-25', date_set: true });
    });

    it('takes the entry day in UTC from the event’s occurredAt', () => {
      const log = new EventLog().register().version(1).at('2025-03-01T23:30:00.000Z');
      log.createParlay([{ date: '2024-11-23' }, { date: '2024-11-23' }], { date: '2025-03-02' });

      expect(replayUser(log.events).parlays[0]).to.include({ date: '2025-03-02', date_set: true });
    });

    it('moves a re-dated parlay with its legs on an old amend without a date', () => {
      const log = new EventLog().register().version(1);
      const id = log.createParlay([{ date: '2024-11-20' }, { date: '2024-11-23' }], { date: ENTRY_DAY });
      log.amendParlay(id, { legs: [{ date: '2024-10-01' }, { date: '2024-10-02' }] });

      expect(replayUser(log.events).parlays[0]).to.include({ date: '2024-10-02', date_set: false });
    });

    it('takes a date in an old amend as the bettor’s choice', () => {
      const log = new EventLog().register().version(1);
      const id = log.createParlay([{ date: '2024-11-20' }, { date: '2024-11-23' }], { date: ENTRY_DAY });
      log.amendParlay(id, { date: '2024-11-21' });
      log.amendParlay(id, { legs: [{ date: '2024-10-01' }, { date: '2024-10-02' }] });

      expect(replayUser(log.events).parlays[0]).to.include({ date: '2024-11-21', date_set: true });
    });

    it('leaves the stored events as they were', () => {
      const log = new EventLog().register().version(1);
      log.createParlay([{ date: '2024-11-20' }, { date: '2024-11-23' }], { date: ENTRY_DAY });
      const stored = structuredClone(log.events);
      replayUser(log.events);

      expect(log.events).to.deep.equal(stored);
    });
  });
});
