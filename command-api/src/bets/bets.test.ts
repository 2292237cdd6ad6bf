import { MESSAGES, type BetBody, type EventOf } from '@bt/contracts';
import { deciderSpec, meta, OTHER_USER, USER } from '../testing/decider-spec';
import { amendBet, type AmendBet } from './amend-bet';
import { bet, toBetResponse, type PlacedBet } from './bet';
import { placeBet, type PlaceBet } from './place-bet';
import { removeBet } from './remove-bet';
import { restoreBet } from './restore-bet';
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
    league: null,
    closingOdds: null,
    startsAt: null,
    book: null,
    tags: [],
    bonusBet: false,
    unitSize: null,
  },
};
const settled = (outcome: PlacedBet['outcome'], cashOutAmount: number | null = null): EventOf<'BetSettled'> => ({
  type: 'BetSettled',
  data: { userId: USER, betId: BET, outcome, cashOutAmount },
});
const place = (data: Partial<PlaceBet['data']> = {}): PlaceBet => ({
  type: 'PlaceBet',
  data: { ...body, betId: BET, unitSize: null, ...data },
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
        .then([placed, settled('win')]));

    it('records book, league, tags, closing odds, bonus bet and the unit size in effect', () =>
      spec
        .given([])
        .when(
          place({
            date: '2025-03-10',
            odds: '2.50',
            book: 'DraftKings',
            league: 'NBA',
            tags: ['live', 'model'],
            closingOdds: '+120',
            bonusBet: true,
            unitSize: 20,
          }),
        )
        .then([
          {
            type: 'BetPlaced',
            data: {
              ...placed.data,
              odds: '2.50',
              book: 'DraftKings',
              league: 'NBA',
              tags: ['live', 'model'],
              closingOdds: '+120',
              bonusBet: true,
              unitSize: 20,
            },
          },
        ]));

    it('settles a cash-out with its amount', () =>
      spec
        .given([])
        .when(place({ date: '2025-03-10', outcome: 'cashout', cashOutAmount: 30 }))
        .then([placed, settled('cashout', 30)]));

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
        .then([settled('loss')]));

    it('records nothing when nothing changed', () =>
      spec
        .given([placed])
        .when(amend({ outcome: 'pending', notes: null, date: '2025-03-10' }))
        .thenNothing());

    it('keeps outcome, notes and date that the edit leaves out', () =>
      spec
        .given([placed, settled('win')])
        .when(amend())
        .thenNothing());

    it('keeps the fields of a bet placed before books and tags when the edit leaves them out', () => {
      const { league, closingOdds, book, tags, bonusBet, unitSize, ...before } = placed.data;
      void [league, closingOdds, book, tags, bonusBet, unitSize];
      return spec
        .given([{ type: 'BetPlaced', data: before }])
        .when(amend({ outcome: 'pending' }))
        .thenNothing();
    });

    it('records book, league, tags, closing odds and bonus bet that changed; null and [] clear them', () =>
      spec
        .given([{ ...placed, data: { ...placed.data, book: 'FanDuel', tags: ['a'], league: 'NBA' } }])
        .when(amend({ book: null, tags: [], league: 'NBA', closingOdds: '1.91', bonusBet: true }))
        .then([
          {
            type: 'BetAmended',
            data: { userId: USER, betId: BET, changes: { closingOdds: '1.91', book: null, bonusBet: true, tags: [] } },
          },
        ]));

    it('records nothing when the tags are the same', () =>
      spec
        .given([{ ...placed, data: { ...placed.data, tags: ['a', 'b'] } }])
        .when(amend({ tags: ['a', 'b'] }))
        .thenNothing());

    it('records the tags when their order changes', () =>
      spec
        .given([{ ...placed, data: { ...placed.data, tags: ['a', 'b'] } }])
        .when(amend({ tags: ['b', 'a'] }))
        .then([{ type: 'BetAmended', data: { userId: USER, betId: BET, changes: { tags: ['b', 'a'] } } }]));

    it('never amends the unit size the bet was placed with', () =>
      spec
        .given([{ ...placed, data: { ...placed.data, unitSize: 20 } }])
        .when(amend({ unitSize: 50 } as Partial<AmendBet['data']>))
        .thenNothing());

    it('cashes out with the amount', () =>
      spec
        .given([placed])
        .when(amend({ outcome: 'cashout', cashOutAmount: 42.5 }))
        .then([settled('cashout', 42.5)]));

    it("changes a cashed-out bet's amount sent without an outcome", () =>
      spec
        .given([placed, settled('cashout', 30)])
        .when(amend({ cashOutAmount: 35 }))
        .then([settled('cashout', 35)]));

    it("keeps a cashed-out bet's amount when the edit leaves it out, or sends it unchanged", () => {
      spec
        .given([placed, settled('cashout', 30)])
        .when(amend())
        .thenNothing();
      spec
        .given([placed, settled('cashout', 30)])
        .when(amend({ outcome: 'cashout', cashOutAmount: 30 }))
        .thenNothing();
    });

    it("refuses to clear a cashed-out bet's amount", () =>
      spec
        .given([placed, settled('cashout', 30)])
        .when(amend({ cashOutAmount: null }))
        .thenThrows(400, MESSAGES.cashOutRequired));

    it('ignores an amount sent without an outcome for a bet that is not cashed out', () =>
      spec
        .given([placed, settled('win')])
        .when(amend({ cashOutAmount: 35 }))
        .thenNothing());

    it('drops the amount when a cashed-out bet is settled otherwise', () =>
      spec
        .given([placed, settled('cashout', 30)])
        .when(amend({ outcome: 'void', cashOutAmount: null }))
        .then([settled('void')]));

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

  describe('restoring a bet', () => {
    const spec = deciderSpec(bet, restoreBet);
    const restore = (userId = USER) => ({ type: 'RestoreBet' as const, data: { betId: BET }, metadata: meta({ userId }) });
    const removed: EventOf<'BetRemoved'> = { type: 'BetRemoved', data: { userId: USER, betId: BET } };

    it('given a removed bet, restores it', () =>
      spec
        .given([placed, settled('win'), removed])
        .when(restore())
        .then([{ type: 'BetRestored', data: { userId: USER, betId: BET } }]));
    it('given a bet that is not removed, refuses with a conflict', () =>
      spec.given([placed]).when(restore()).thenThrows(409, MESSAGES.betNotDeleted));
    it('given a bet restored already, refuses with a conflict', () =>
      spec
        .given([placed, removed, { type: 'BetRestored', data: { userId: USER, betId: BET } }])
        .when(restore())
        .thenThrows(409, MESSAGES.betNotDeleted));
    it('answers a bet that never was as not found', () => spec.given([]).when(restore()).thenThrows(404, MESSAGES.betNotFound));
    it("answers another user's bet as not found, removed or not", () => {
      spec.given([placed, removed]).when(restore(OTHER_USER)).thenThrows(404, MESSAGES.betNotFound);
      spec.given([placed]).when(restore(OTHER_USER)).thenThrows(404, MESSAGES.betNotFound);
    });
  });

  describe('the row a write answers with', () => {
    const state: PlacedBet = {
      status: 'placed',
      ...placed.data,
      league: null,
      closingOdds: null,
      startsAt: null,
      book: null,
      tags: [],
      bonusBet: false,
      unitSize: null,
      outcome: 'pending',
      cashOutAmount: null,
      createdAt: 'a',
      updatedAt: 'b',
    };
    const row = (outcome: PlacedBet['outcome'], odds = '-110') => toBetResponse({ ...state, odds, outcome }, 1);

    it('computes profit: a win at -110 on 50 pays 45.45', () => expect(row('win').profit).to.equal(45.45));
    it('computes profit: a win at +150 on 50 pays 75', () => expect(row('win', '+150').profit).to.equal(75));
    it('computes profit: a loss costs the stake', () => expect(row('loss').profit).to.equal(-50));
    it('computes profit: push and pending are 0', () => expect([row('push').profit, row('pending').profit]).to.deep.equal([0, 0]));

    it('answers odds typed as decimal or fractional as canonical American, with the decimal price', () => {
      expect(row('win', '2.50')).to.include({ odds: '+150', decimalOdds: 2.5, profit: 75 });
      expect(row('win', '10/11')).to.include({ odds: '-110', decimalOdds: 1.9091, profit: 45.45 });
    });

    it('answers clv, units and the cash-out, priced by contracts', () => {
      const answer = toBetResponse(
        { ...state, odds: '+150', closingOdds: '1.91', outcome: 'cashout', cashOutAmount: 80, unitSize: 20, book: 'BetMGM', tags: ['x'] },
        1,
      );
      expect(answer).to.include({
        closingOdds: '-110',
        clv: 30.89,
        profit: 30,
        cashOutAmount: 80,
        units: 2.5,
        profitUnits: 1.5,
        book: 'BetMGM',
      });
      expect(answer.tags).to.deep.equal(['x']);
    });

    it('answers no cash-out amount for any other outcome', () =>
      expect(toBetResponse({ ...state, outcome: 'win', cashOutAmount: 80 }, 1).cashOutAmount).to.equal(null));
  });
});
