import { expect } from 'chai';
import { streams } from '@bt/contracts';
import type { RecordedEvent } from '@bt/event-store';
import { replayUser } from '../replay';
import { EventLog } from '../testing/event-log';
import { newUserState, projectEvent, settleUser, takeUserChanges } from './fold';
import { emptyChanges } from './rows';
import { KeyedRows } from './row-sets';
import { goals as goalsTable } from '../models/goals/table';

/** Events that refer to something the user's state does not hold (or holds as something else) change nothing. */
describe('events about what is not there', () => {
  it('leaves bets alone when a bet event names a parlay, and parlays alone when a parlay event names a bet', () => {
    const log = new EventLog().register();
    const parlayId = log.createParlay([{ odds: '+100' }, { odds: '+100' }], { stake: 10 });
    const betId = log.placeBet({ stake: 20, odds: '+100' }, 'win');
    const before = replayUser(log.events);

    log.amendBet(parlayId, { stake: 99 });
    log.settleBet(parlayId, 'win');
    log.removeBet(parlayId);
    log.append(streams.parlay(betId), 'ParlayRemoved', { parlayId: betId });
    log.append(streams.parlay(betId), 'ParlaySettled', { parlayId: betId, outcome: 'loss' });
    log.append(streams.parlay(betId), 'ParlayAmended', { parlayId: betId, changes: { stake: 1 } });

    const after = replayUser(log.events);
    expect(after.bets).to.deep.equal(before.bets);
    expect(after.parlays).to.deep.equal(before.parlays);
    expect(after.userStats).to.deep.equal(before.userStats);
  });

  it('ignores revisions of goals, journal entries and e-mails that are not there', () => {
    const log = new EventLog();
    log.changeEmail('new@example.com', 'old@example.com');
    log.reviseGoal('00000000-0000-7000-8000-00000000000a', { title: 'ghost' });
    log.reviseJournal('00000000-0000-7000-8000-00000000000b', { title: 'ghost' });
    const models = replayUser(log.events);
    expect([models.user, models.goals, models.journalEntries]).to.deep.equal([null, [], []]);
  });

  it('marks a parlay row in the bet history as a parlay, not as part of one', () => {
    const log = new EventLog().register();
    const parlayId = log.createParlay([{}, {}, {}], { name: 'Triple' });
    const [row] = replayUser(log.events).bets;
    expect(row).to.include({ id: parlayId, kind: 'parlay', sport: 'parlay', bet_type: 'parlay', event: 'Triple' });
    expect(row).to.include({ is_part_of_parlay: false, parlay_id: null, leg_count: 3 });
  });

  it('reads a leg stored without an outcome as pending', () => {
    const log = new EventLog().register();
    const parlayId = log.createParlay([{}, {}]);
    const created = log.events.at(-1)!;
    const legs = (created.data as { legs: object[] }).legs.map((leg) => {
      const copy: Record<string, unknown> = { ...leg };
      delete copy.outcome;
      return copy;
    });
    const events: RecordedEvent[] = [...log.events.slice(0, -1), { ...created, data: { ...(created.data as object), legs } }];
    expect(
      replayUser(events)
        .parlays.find((p) => p.id === parlayId)!
        .legs.map((l) => l.outcome),
    ).to.deep.equal(['pending', 'pending']);
  });
});

describe('fields an amend leaves out', () => {
  it('keeps or clears a parlay note as the amend says', () => {
    const log = new EventLog().register();
    const parlayId = log.createParlay([{}, {}], { notes: 'value' });
    log.amendParlay(parlayId, { stake: 20 });
    expect(replayUser(log.events).parlays[0]).to.include({ notes: 'value', stake: 20 });
    log.amendParlay(parlayId, { notes: null });
    expect(replayUser(log.events).parlays[0]).to.include({ notes: null, stake: 20 });
    log.amendParlay(parlayId, { notes: 'again' });
    expect(replayUser(log.events).parlays[0]).to.include({ notes: 'again' });
  });

  it("keeps a goal's description and timeframe unless the revision changes them", () => {
    const log = new EventLog().register();
    const goalId = log.setGoal({ description: 'steady', timeframe: 'weekly' });
    log.reviseGoal(goalId, { title: 'Renamed' });
    expect(replayUser(log.events).goals[0]).to.include({ title: 'Renamed', description: 'steady', timeframe: 'weekly' });
    log.reviseGoal(goalId, { description: null, timeframe: 'monthly' });
    expect(replayUser(log.events).goals[0]).to.include({ description: null, timeframe: 'monthly' });
  });

  it('sets a goal active or paused as it was set, with no description by default', () => {
    const log = new EventLog().register();
    log.setGoal({ paused: true, title: 'paused' });
    log.setGoal({ paused: false, title: 'active' });
    const goals = replayUser(log.events).goals;
    expect(goals.map((g) => [g.title, g.status, g.paused, g.description])).to.deep.equal([
      ['paused', 'paused', true, null],
      ['active', 'active', false, null],
    ]);
  });

  it("keeps a journal entry's date and tags unless the revision changes them", () => {
    const log = new EventLog().register();
    const entryId = log.writeJournal({ date: '2025-02-14', tags: ['tilt', 'nba'] });
    expect(replayUser(log.events).journalEntries[0]).to.include({ date: '2025-02-14' });
    expect(replayUser(log.events).journalEntries[0].tags).to.deep.equal(['tilt', 'nba']);
    log.reviseJournal(entryId, { title: 'Later' });
    expect(replayUser(log.events).journalEntries[0]).to.deep.include({ title: 'Later', date: '2025-02-14', tags: ['tilt', 'nba'] });
  });
});

describe('goal amounts follow the days of the bets', () => {
  it('moves a settled bet out of a goal when its date leaves the window, with the same profit', () => {
    const log = new EventLog().register();
    log.setGoal({ startDate: '2025-03-01', endDate: '2025-03-31', targetAmount: 100 });
    const betId = log.placeBet({ date: '2025-03-10', stake: 25, odds: '+100' }, 'win');
    expect(replayUser(log.events).goals[0].current_amount).to.equal(25);
    log.amendBet(betId, { date: '2025-04-02' });
    expect(replayUser(log.events).goals[0].current_amount).to.equal(0);
  });

  it('takes back the profit of a won bet that is pushed or reopened', () => {
    const log = new EventLog().register();
    log.setGoal({ startDate: '2025-03-01', endDate: '2025-03-31', targetAmount: 100 });
    const betId = log.placeBet({ date: '2025-03-10', stake: 25, odds: '+100' }, 'win');
    log.settleBet(betId, 'push');
    expect(replayUser(log.events).goals[0].current_amount).to.equal(0);
    log.settleBet(betId, 'win');
    log.settleBet(betId, 'pending');
    expect(replayUser(log.events).goals[0].current_amount).to.equal(0);
  });

  it('takes no goal row when a batch leaves every amount as it was', () => {
    const log = new EventLog().register();
    log.setGoal({ startDate: '2025-03-01', endDate: '2025-03-31' });
    const state = newUserState(log.userId);
    for (const event of log.events) projectEvent(state, event);
    settleUser(state);
    takeUserChanges(state, emptyChanges());

    const from = log.events.length;
    log.removeBet(log.placeBet({ date: '2025-03-10', stake: 25, odds: '+100' }, 'win'));
    for (const event of log.events.slice(from)) projectEvent(state, event);
    settleUser(state);
    const changes = emptyChanges();
    takeUserChanges(state, changes);
    expect(changes.goals).to.deep.equal({ inserts: [], upserts: [], deletes: [] });
  });

  it('takes no goal row when nothing a goal shows has changed', () => {
    const log = new EventLog().register();
    log.setGoal({ startDate: '2025-03-01', endDate: '2025-03-31' });
    const betId = log.placeBet({ date: '2025-03-10', stake: 25, odds: '+100' }, 'win');
    const state = newUserState(log.userId);
    for (const event of log.events) projectEvent(state, event);
    settleUser(state);
    takeUserChanges(state, emptyChanges());

    log.amendBet(betId, { notes: 'a note changes no amount' });
    projectEvent(state, log.events.at(-1)!);
    settleUser(state);
    const changes = emptyChanges();
    takeUserChanges(state, changes);
    expect(changes.goals).to.deep.equal({ inserts: [], upserts: [], deletes: [] });
    expect(changes.bets.upserts).to.have.length(1);
  });
});

describe('streams of the user', () => {
  it('notes an e-mail stream at every event (it can change hands) and upserts it; other streams once, inserted', () => {
    const log = new EventLog().register();
    const emailStream = 'email-0123abcd';
    log.append(emailStream, 'EmailReserved', { email: 'a@example.com' });
    log.append(emailStream, 'EmailReleased', { email: 'a@example.com' });
    log.append(emailStream, 'EmailReserved', { email: 'a@example.com' });
    log.placeBet();
    const state = newUserState(log.userId);
    const takes = log.events.map((event) => {
      projectEvent(state, event);
      const changes = emptyChanges();
      takeUserChanges(state, changes);
      return changes.user_streams;
    });
    expect(takes.map((t) => [t.inserts.map((r) => r.stream_id), t.upserts.map((r) => r.stream_id)])).to.deep.equal([
      [[streams.user(log.userId)], []],
      [[], [emailStream]],
      [[], [emailStream]],
      [[], [emailStream]],
      [[log.events.at(-1)!.streamId], []],
    ]);
  });
});

describe('rows held in dollars', () => {
  it('writes the money of a table kept in dollars as it is held', () => {
    const goals = new KeyedRows(goalsTable, '00000000-0000-7000-8000-000000000001');
    const log = new EventLog('00000000-0000-7000-8000-000000000001').register();
    log.setGoal({ targetAmount: 123.45 });
    const goal = replayUser(log.events).goals[0];
    goals.put(goal.id, goal);
    const changes = emptyChanges();
    goals.take(changes);
    expect(changes.goals.inserts[0]).to.include({ target_amount: 123.45, current_amount: 0 });
    expect(goals.list()[0]).to.include({ target_amount: 123.45 });
  });
});
