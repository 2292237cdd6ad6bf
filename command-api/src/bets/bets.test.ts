import { MESSAGES, type BetBody, type EventOf } from '@bt/contracts';
import { deciderSpec, meta, OTHER_USER, USER } from '../testing/decider-spec';
import { amendBet, type AmendBet } from './amend-bet';
import { bet, toBetResponse, type PlacedBet } from './bet';
import { placeBet, type PlaceBet } from './place-bet';
import { removeBet } from './remove-bet';
import { expect } from 'chai';

const BET = '0190a000-0000-7000-8000-0000000000b1';
const body: BetBody = {
  sport: 'basketball',
  event: 'Lakers @ Celtics',
  betType: 'spread',
  stake: 50,
  odds: '-110',
  outcome: 'pending',
  notes: null,
};
const placed: EventOf<'BetPlaced'> = {
  type: 'BetPlaced',
  data: {
    userId: USER,
    betId: BET,
    sport: 'basketball',
    event: 'Lakers @ Celtics',
    betType: 'spread',
    odds: '-110',
    stake: 50,
    notes: null,
    date: '2025-03-10',
  },
};
const place = (data: Partial<PlaceBet['data']> = {}): PlaceBet => ({
  type: 'PlaceBet',
  data: { ...body, betId: BET, ...data },
  metadata: meta(),
});
const amend = (data: Partial<AmendBet['data']> = {}, userId = USER): AmendBet => ({
  type: 'AmendBet',
  data: { sport: 'basketball', event: 'Lakers @ Celtics', betType: 'spread', stake: 50, odds: '-110', betId: BET, ...data },
  metadata: meta({ userId }),
});

describe('bets', () => {
  describe('placing a bet', () => {
    const spec = deciderSpec(bet, placeBet);

    it('records the bet dated today (UTC) when no date is given', () =>
      spec
        .given([])
        .when(place())
        .then([{ type: 'BetPlaced', data: { ...placed.data, date: '2025-03-15' } }]));

    it('keeps the date the bettor gives, so backfilled bets keep their day', () =>
      spec
        .given([])
        .when(place({ date: '2024-12-24' }))
        .then([{ type: 'BetPlaced', data: { ...placed.data, date: '2024-12-24' } }]));

    it('settles at once a bet entered with its outcome', () =>
      spec
        .given([])
        .when(place({ outcome: 'win', date: '2025-03-10' }))
        .then([placed, { type: 'BetSettled', data: { userId: USER, betId: BET, outcome: 'win' } }]));

    it('refuses to place a bet twice under one id', () => spec.given([placed]).when(place()).thenThrows(409, 'This bet already exists'));
  });

  describe('editing a bet', () => {
    const spec = deciderSpec(bet, amendBet);

    it('records only the fields that changed', () =>
      spec
        .given([placed])
        .when(amend({ stake: 75, odds: '+120' }))
        .then([{ type: 'BetAmended', data: { userId: USER, betId: BET, changes: { odds: '+120', stake: 75 } } }]));

    it('settles the bet when the outcome changes, without an amendment when nothing else did', () =>
      spec
        .given([placed])
        .when(amend({ outcome: 'loss' }))
        .then([{ type: 'BetSettled', data: { userId: USER, betId: BET, outcome: 'loss' } }]));

    it('records nothing when nothing changed', () =>
      spec
        .given([placed])
        .when(amend({ outcome: 'pending', notes: null, date: '2025-03-10' }))
        .thenNothing());

    it('keeps outcome, notes and date that the edit leaves out', () =>
      spec
        .given([placed, { type: 'BetSettled', data: { userId: USER, betId: BET, outcome: 'win' } }])
        .when(amend())
        .thenNothing());

    it('clears notes sent as null', () =>
      spec
        .given([{ ...placed, data: { ...placed.data, notes: 'hunch' } }])
        .when(amend({ notes: null }))
        .then([{ type: 'BetAmended', data: { userId: USER, betId: BET, changes: { notes: null } } }]));

    it("answers another user's bet as not found", () =>
      spec.given([placed]).when(amend({}, OTHER_USER)).thenThrows(404, MESSAGES.betNotFound));

    it('answers a missing bet as not found', () => spec.given([]).when(amend()).thenThrows(404, MESSAGES.betNotFound));

    it('answers a removed bet as not found', () =>
      spec
        .given([placed, { type: 'BetRemoved', data: { userId: USER, betId: BET } }])
        .when(amend())
        .thenThrows(404, MESSAGES.betNotFound));
  });

  describe('removing a bet', () => {
    const spec = deciderSpec(bet, removeBet);
    const remove = (userId = USER) => ({ type: 'RemoveBet' as const, data: { betId: BET }, metadata: meta({ userId }) });

    it('removes the bet', () =>
      spec
        .given([placed])
        .when(remove())
        .then([{ type: 'BetRemoved', data: { userId: USER, betId: BET } }]));

    it('cannot remove a bet twice', () =>
      spec
        .given([placed, { type: 'BetRemoved', data: { userId: USER, betId: BET } }])
        .when(remove())
        .thenThrows(404, MESSAGES.betNotFound));

    it("answers another user's bet as not found", () =>
      spec.given([placed]).when(remove(OTHER_USER)).thenThrows(404, MESSAGES.betNotFound));
  });

  describe('the row a write answers with', () => {
    const row = (outcome: PlacedBet['outcome'], odds = '-110') =>
      toBetResponse({ status: 'placed', ...placed.data, odds, outcome, createdAt: 'a', updatedAt: 'b' }, 1);

    it('computes profit: a win at -110 on 50 pays 45.45', () => expect(row('win').profit).to.equal(45.45));
    it('computes profit: a win at +150 on 50 pays 75', () => expect(row('win', '+150').profit).to.equal(75));
    it('computes profit: a loss costs the stake', () => expect(row('loss').profit).to.equal(-50));
    it('computes profit: push and pending are 0', () => expect([row('push').profit, row('pending').profit]).to.deep.equal([0, 0]));
  });
});
