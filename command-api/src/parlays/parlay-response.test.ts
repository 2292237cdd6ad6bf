import { expect } from 'chai';
import type { EventOf } from '@bt/contracts';
import { created, stored } from '../testing/parlay-fixtures';
import { toParlayResponse, type CreatedParlay } from './parlay';

describe('parlays', () => {
  describe('the parlay a write answers with', () => {
    const state = (legs: ReturnType<typeof stored>[], outcome: EventOf<'ParlaySettled'>['data']['outcome']): CreatedParlay => ({
      status: 'created',
      ...created(legs).data,
      totalOdds: null,
      book: null,
      tags: [],
      bonusBet: false,
      unitSize: null,
      dateSet: true,
      outcome,
      cashOutAmount: null,
      createdAt: 'a',
      updatedAt: 'b',
    });
    const answer = (legs: ReturnType<typeof stored>[], outcome: EventOf<'ParlaySettled'>['data']['outcome']) =>
      toParlayResponse(state(legs, outcome), 1);

    it('prices +100 and -110 at 50: +282 total, 140.91 potential profit', () => {
      const priced = answer([stored('+100'), stored('-110')], 'pending');
      expect([priced.totalOdds, priced.decimalOdds, priced.potentialProfit, priced.profit]).to.deep.equal(['+282', 3.8182, 140.91, 0]);
    });

    it('prices a pushed leg out: a win pays on the remaining legs only', () => {
      const priced = answer([stored('+100', 'win'), stored('-110', 'push')], 'win');
      expect([priced.totalOdds, priced.profit]).to.deep.equal(['+100', 50]);
    });

    it('loses the stake on a loss', () => expect(answer([stored('+100', 'loss'), stored('-110')], 'loss').profit).to.equal(-50));

    it('answers legs in canonical American with their decimal price, and the close of legs that all have one', () => {
      const legs = [
        { ...stored('2.00'), league: 'NFL', closingOdds: '1.80' },
        { ...stored('10/11'), closingOdds: '-125' },
      ];
      const priced = answer(legs, 'pending');
      expect(priced.legs.map((l) => [l.odds, l.decimalOdds, l.league, l.closingOdds])).to.deep.equal([
        ['+100', 2, 'NFL', '-125'],
        ['-110', 1.9091, null, '-125'],
      ]);
      // 2 x 1.9091 = 3.8182 taken, 1.8 x 1.8 = 3.24 at close.
      expect([priced.totalOdds, priced.closingOdds, priced.clv]).to.deep.equal(['+282', '+224', 17.85]);
      expect(answer([legs[0], stored('-110')], 'pending')).to.include({ closingOdds: null, clv: null });
    });

    it('answers a cash-out, a bonus bet and units, priced by contracts', () => {
      const priced = toParlayResponse(
        {
          ...state([stored('+100'), stored('-110')], 'cashout'),
          cashOutAmount: 70,
          unitSize: 25,
          bonusBet: true,
          book: 'Caesars',
          tags: ['sgp'],
        },
        1,
      );
      expect(priced).to.include({
        outcome: 'cashout',
        cashOutAmount: 70,
        profit: 70,
        units: 2,
        profitUnits: 2.8,
        bonusBet: true,
        book: 'Caesars',
      });
      expect(priced.tags).to.deep.equal(['sgp']);
    });
  });
});
