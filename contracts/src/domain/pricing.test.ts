import { expect } from 'chai';
import fc from 'fast-check';
import { LEG_OUTCOMES, OUTCOMES, type LegOutcome, type Outcome } from '../enums';
import { roundMoney } from './money';
import { betProfit, parseAmericanOdds } from './odds';
import { parlayDecimal, type PricedLeg } from './parlay';
import { pricedBet, pricedParlay, type PricedParlay } from './pricing';

const outcome = fc.constantFrom<Outcome>(...OUTCOMES);
const legOutcome = fc.constantFrom<LegOutcome>(...LEG_OUTCOMES);
/** What each outcome of a plain (not bonus) bet settles to, given its potential profit and stake. */
const settled = (outcome: Outcome, potentialProfit: number, stake: number): number =>
  ({ win: potentialProfit, loss: -stake, push: 0, void: 0, cashout: 0, pending: 0 })[outcome];
const americanOdds = fc
  .integer({ min: 100, max: 5_000 })
  .chain((n) => fc.constantFrom(n, -n))
  .map((n) => (n > 0 ? `+${n}` : String(n)));
/** Text that is not odds in any format: blank, words, a decimal price of 1 or less, or |American| under 100. */
const unreadableOdds = fc.oneof(
  fc.constantFrom('', '1.00', '0.5', '5/0', '0/3', 'abc', '+', '-99', '99', '+1e3', '2,5'),
  fc.integer({ min: -99, max: 99 }).map(String),
);
const stake = fc.integer({ min: 1, max: 1_000_000 }).map((cents) => cents / 100);
const leg = fc.record({ odds: americanOdds, outcome: legOutcome });
const legs = fc.array(leg, { minLength: 1, maxLength: 8 });

describe('pricing a bet or a parlay (properties)', () => {
  it('a single bet: a win pays its potential profit, a loss costs the stake, push and pending are 0', () =>
    fc.assert(
      fc.property(americanOdds, stake, outcome, (odds, stake, outcome) => {
        // A cash-out without an amount (no stored one lacks it) returns the stake: profit 0.
        const row = pricedBet({ odds, stake, outcome });
        expect(row.profit).to.equal(settled(outcome, row.potentialProfit, stake));
        expect(row.profit).to.equal(betProfit(stake, parseAmericanOdds(odds)!, outcome));
        expect(row.odds).to.equal(odds);
      }),
    ));

  it('a single bet at unreadable odds is priced out: it keeps its text and a win pays nothing', () =>
    fc.assert(
      fc.property(unreadableOdds, stake, outcome, (odds, stake, outcome) => {
        const row = pricedBet({ odds, stake, outcome });
        expect(row).to.deep.include({
          odds,
          decimalOdds: 1,
          outcome,
          profit: outcome === 'loss' ? -stake : 0,
          potentialProfit: 0,
          clv: null,
        });
      }),
    ));

  it('a parlay: a pushed or void leg prices exactly as if it were not there', () =>
    fc.assert(
      fc.property(
        legs,
        americanOdds,
        fc.constantFrom<LegOutcome>('push', 'void'),
        fc.nat(),
        stake,
        outcome,
        (legs, odds, off, at, stake, chosen) => {
          const pushed: PricedLeg = { odds, outcome: off };
          const withPush = [...legs.slice(0, at % (legs.length + 1)), pushed, ...legs.slice(at % (legs.length + 1))];
          // The price; the outcome may move (all void is void, void and pushed a push).
          const price = ({ totalOdds, decimalOdds, potentialProfit }: PricedParlay) => ({ totalOdds, decimalOdds, potentialProfit });
          expect(price(pricedParlay({ legs: withPush, stake, outcome: chosen }))).to.deep.equal(
            price(pricedParlay({ legs, stake, outcome: chosen })),
          );
        },
      ),
    ));

  it('a parlay: a leg at unreadable odds prices like a pushed leg (the one fallback)', () =>
    fc.assert(
      fc.property(legs, unreadableOdds, stake, outcome, (legs, odds, stake, chosen) => {
        const unreadable = pricedParlay({ legs: [...legs, { odds, outcome: 'win' }], stake, outcome: chosen });
        const pushed = pricedParlay({ legs: [...legs, { odds: '+100', outcome: 'push' }], stake, outcome: chosen });
        expect(unreadable.decimalOdds).to.equal(pushed.decimalOdds);
        expect(unreadable.potentialProfit).to.equal(pushed.potentialProfit);
      }),
    ));

  it('a parlay: its outcome follows its legs, and a win pays exactly its potential profit', () =>
    fc.assert(
      fc.property(legs, stake, outcome, (legs, stake, chosen) => {
        const row = pricedParlay({ legs, stake, outcome: chosen });
        const outcomes = legs.map((l) => l.outcome);
        if (chosen === 'void' || chosen === 'cashout') expect(row.outcome).to.equal(chosen);
        else if (outcomes.includes('loss')) expect(row.outcome).to.equal('loss');
        else if (outcomes.includes('pending')) expect(row.outcome).to.equal(chosen);
        else if (outcomes.every((o) => o === 'void')) expect(row.outcome).to.equal('void');
        else expect(row.outcome).to.equal(outcomes.every((o) => o === 'push' || o === 'void') ? 'push' : 'win');
        expect(row.profit).to.equal(settled(row.outcome, row.potentialProfit, stake));
        expect(row.potentialProfit).to.equal(roundMoney(stake * (parlayDecimal(legs) - 1)));
      }),
    ));
});

describe('pricing an imported parlay at its own total odds', () => {
  const legs = [
    { odds: null, outcome: 'pending' as const },
    { odds: null, outcome: 'pending' as const },
  ];
  it('prices legs without odds at the total, with the chosen outcome and no CLV', () => {
    expect(pricedParlay({ legs, stake: 10, outcome: 'win', totalOdds: '3.64' })).to.deep.include({
      totalOdds: '+264',
      decimalOdds: 3.64,
      outcome: 'win',
      profit: 26.4,
      potentialProfit: 26.4,
      clv: null,
    });
    expect(pricedParlay({ legs, stake: 10, outcome: 'loss', totalOdds: '3.64' }).profit).to.equal(-10);
    expect(pricedParlay({ legs, stake: 10, outcome: 'pending', totalOdds: '3.64' }).profit).to.equal(0);
  });
  it('prices a parlay without a total from its legs, as before', () => {
    const priced = [{ odds: '+100' }, { odds: '+100' }];
    expect(pricedParlay({ legs: priced, stake: 10, outcome: 'win', totalOdds: null }).totalOdds).to.equal('+300');
  });
});
