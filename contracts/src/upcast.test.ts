import { expect } from 'chai';
import { upcastEvent } from './upcast';

const legs = [{ date: '2024-11-20' }, { date: '2024-11-23' }];
/** The legs and parlay as version 3 reads them: no league or close on a leg, no book, tags, bonus or unit size. */
const legsV3 = legs.map((leg) => ({ ...leg, league: null, closingOdds: null }));
const parlayV3 = { book: null, tags: [], bonusBet: false, unitSize: null };
/** What version 4 adds to a parlay read from before it: no total odds of its own (priced from its legs). */
const parlayV4 = { ...parlayV3, totalOdds: null };
/** Legs as version 5 reads those from before it: no start time. */
const legsV5 = legsV3.map((leg) => ({ ...leg, startsAt: null }));
const stored = (type: string, data: object, schemaVersion: number | undefined, occurredAt = '2025-03-01T23:59:00.000Z') => ({
  type,
  data,
  metadata: schemaVersion === undefined ? { occurredAt } : { occurredAt, schemaVersion },
  recordedAt: '2025-03-02T00:00:01.000Z',
});

describe('upcasting stored events', () => {
  it('reads a version 1 parlay dated the day it was recorded (UTC) as dated by its latest leg', () => {
    const event = stored('ParlayCreated', { date: '2025-03-01', legs }, 1);
    expect(upcastEvent(event).data).to.deep.equal({ ...parlayV4, date: '2024-11-23', legs: legsV5, dateSet: false });
  });

  it('keeps a version 1 parlay date that differs from the day it was recorded, as chosen', () => {
    expect(upcastEvent(stored('ParlayCreated', { date: '2025-02-27', legs }, 1)).data).to.deep.equal({
      ...parlayV4,
      date: '2025-02-27',
      legs: legsV5,
      dateSet: true,
    });
  });

  it('takes an event without a schema version as version 1, and recordedAt when occurredAt is missing', () => {
    expect(upcastEvent(stored('ParlayCreated', { date: '2025-03-01', legs }, undefined)).data).to.include({ dateSet: false });
    const event = {
      type: 'ParlayCreated',
      data: { date: '2025-03-02', legs },
      metadata: { schemaVersion: 1 },
      recordedAt: '2025-03-02T00:00:01.000Z',
    };
    expect(upcastEvent(event).data).to.include({ date: '2024-11-23', dateSet: false });
  });

  it('reads a date in a version 1 amend as chosen', () => {
    const event = stored('ParlayAmended', { changes: { date: '2025-01-01' } }, 1);
    expect(upcastEvent(event).data).to.deep.equal({ changes: { date: '2025-01-01', dateSet: true } });
  });

  it('leaves current events and other types as they are, and never changes the stored event', () => {
    const current = stored('ParlayCreated', { date: '2025-03-01', dateSet: true, legs: legsV5, ...parlayV4 }, 6);
    expect(upcastEvent(current)).to.equal(current);
    const funds = stored('FundsAdded', { amount: 5, note: 'Payday' }, 6);
    expect(upcastEvent(funds)).to.equal(funds);
    const goal = stored('GoalRemoved', { goalId: 'g' }, 1);
    expect(upcastEvent(goal)).to.equal(goal);
    const old = stored('ParlayCreated', { date: '2025-03-01', legs }, 1);
    upcastEvent(old);
    expect(old.data).to.deep.equal({ date: '2025-03-01', legs });
  });

  it('reads deposits and withdrawals before version 6 without a note', () => {
    for (const type of ['FundsAdded', 'FundsWithdrawn']) {
      expect(upcastEvent(stored(type, { amount: 5 }, 5)).data).to.deep.equal({ note: null, amount: 5 });
    }
  });

  it('reads bets, parlays and settlements before version 3 with nothing of what version 3 added', () => {
    const bet = stored('BetPlaced', { date: '2025-03-01', odds: '+150' }, 2);
    expect(upcastEvent(bet).data).to.deep.equal({
      ...parlayV3,
      league: null,
      closingOdds: null,
      startsAt: null,
      date: '2025-03-01',
      odds: '+150',
    });
    const parlay = stored('ParlayCreated', { date: '2025-03-01', dateSet: false, legs }, 2);
    expect(upcastEvent(parlay).data).to.deep.equal({ ...parlayV4, date: '2025-03-01', dateSet: false, legs: legsV5 });
    const amend = stored('ParlayAmended', { changes: { legs, stake: 5 } }, 2);
    expect(upcastEvent(amend).data).to.deep.equal({ changes: { legs: legsV5, stake: 5 } });
    const noLegs = stored('ParlayAmended', { changes: { stake: 5 } }, 2);
    expect(upcastEvent(noLegs)).to.equal(noLegs);
    for (const type of ['BetSettled', 'ParlaySettled']) {
      expect(upcastEvent(stored(type, { outcome: 'win' }, 2)).data).to.deep.equal({ outcome: 'win', cashOutAmount: null });
    }
  });

  it('reads a version 3 parlay with no total odds of its own, and leaves an imported one its total', () => {
    const parlay = stored('ParlayCreated', { date: '2025-03-01', dateSet: true, legs: legsV3, ...parlayV3 }, 3);
    expect(upcastEvent(parlay).data).to.deep.equal({ ...parlayV4, date: '2025-03-01', dateSet: true, legs: legsV5 });
    const imported = stored('ParlayCreated', { ...parlay.data, legs: legsV5, totalOdds: '3.64' }, 5);
    expect(upcastEvent(imported)).to.equal(imported);
  });

  it('never fills in over what a version 3 event says', () => {
    const bet = stored('BetPlaced', { book: 'FanDuel', tags: ['live'], bonusBet: true, unitSize: 25, closingOdds: '2.10' }, 3);
    expect(upcastEvent(bet).data).to.deep.equal({ ...bet.data, startsAt: null });
  });

  it('reads a bet and a parlay from before version 5 with no start time, and keeps one a version 5 event has', () => {
    const bet = stored('BetPlaced', { ...parlayV3, league: null, closingOdds: null, date: '2025-03-01', odds: '+150' }, 4);
    expect(upcastEvent(bet).data).to.deep.equal({ ...bet.data, startsAt: null });
    const timed = stored('BetPlaced', { ...bet.data, startsAt: '2025-03-01T19:30:00-05:00' }, 5);
    expect(upcastEvent(timed)).to.equal(timed);
    const parlay = stored('ParlayCreated', { ...parlayV4, date: '2025-03-01', dateSet: true, legs: legsV3 }, 4);
    expect(upcastEvent(parlay).data).to.deep.equal({ ...parlay.data, legs: legsV5 });
    const amended = stored('BetAmended', { changes: { stake: 5 } }, 4);
    expect(upcastEvent(amended).data).to.deep.equal({ changes: { stake: 5 } });
  });
});
