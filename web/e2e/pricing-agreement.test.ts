import { expect } from 'chai';
import fc from 'fast-check';
import {
  type LegOutcome,
  parlayOddsInRange,
  pricedBet,
  SPORTS,
  type BetChange,
  type BetRow,
  type Outcome,
  type Parlay,
  type Stats,
} from '@bt/contracts';
import { priceForm, toParlaySubmission, type ParlayFormValues } from '../src/features/parlays/lib/parlay-form';
import { sharedE2E } from './harness';
import { ApiClient } from './steps';

/**
 * One price, one profit: over random legs, odds, stakes and outcomes, the command side's answer,
 * the read model's row, the asOf replay, a bet's change log and the web form's preview (a single
 * bet has no form preview; contracts' pricedBet is what the web would show) all agree to the cent.
 * Runs against the real product (embedded Postgres, every service, real HTTP), one bet at a time:
 * each case is removed before the next, so an asOf replay just after a write holds that bet alone.
 */

/**
 * The outcomes priced from the odds alone (void and cash-out have their own given/when/then tests
 * in contracts; a cash-out needs its amount).
 */
const outcome = fc.constantFrom<Outcome>('win', 'loss', 'push', 'pending');
const legOutcome = fc.constantFrom<LegOutcome>('win', 'loss', 'push', 'pending');
/** American odds: |odds| >= 100, mostly everyday prices, now and then a long shot. */
const odds = fc
  .oneof(fc.integer({ min: 100, max: 1_000 }), fc.integer({ min: 100, max: 100_000 }))
  .chain((n) => fc.constantFrom(n, -n))
  .map((n) => (n > 0 ? `+${n}` : String(n)));
/** A stake in whole cents, from a cent to $10,000. */
const stake = fc.integer({ min: 1, max: 1_000_000 }).map((cents) => cents / 100);
const leg = fc.record({ sport: fc.constantFrom(...SPORTS), odds, outcome: legOutcome });

const DAY = '2025-03-15';

/** The last `to` of `field` in a change log, oldest first: the value it holds now. */
const lastShown = (changes: readonly BetChange[], field: string): unknown =>
  changes.reduce<unknown>((value, change) => (field in change.changes ? change.changes[field].to : value), undefined);

describe('pricing agreement (property, e2e)', function () {
  this.timeout(600_000);
  let api: ApiClient;

  before(async function () {
    this.timeout(120_000); // the first test of the run waits for the product to start
    const e2e = await sharedE2E();
    const email = `pricing-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
    const response = await fetch(`${e2e.product.url}/api/auth/register`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email, password: 'correct horse battery' }),
    });
    expect(response.status).to.equal(201);
    api = new ApiClient(e2e.product.url, ((await response.json()) as { token: string }).token);
  });

  /** Stats as the user's record stood at `at`: an asOf replay of their events, folded in memory. */
  const replayedProfit = async (at: Date) =>
    (await api.call<Stats>('GET', `/stats?range=all&asOf=${encodeURIComponent(at.toISOString())}`)).totalProfit;

  it('prices a parlay alike in the web preview, the command answer, the read models, the change log and the replay', async () => {
    const parlays = fc
      .record({ legs: fc.array(leg, { minLength: 2, maxLength: 6 }), stake, chosen: outcome })
      // Longer prices are refused (400) before anything is priced.
      .filter(({ legs }) => parlayOddsInRange(legs));
    await fc.assert(
      fc.asyncProperty(parlays, async ({ legs, stake, chosen }) => {
        const form: ParlayFormValues = {
          name: '',
          stake: String(stake),
          outcome: chosen,
          notes: '',
          date: '',
          dateSet: false,
          legs: legs.map((l, i) => ({
            ...l,
            event: `Event ${i + 1}`,
            selection: `Pick ${i + 1}`,
            date: DAY,
            league: '',
            closingOdds: '',
            startsAt: '',
          })),
          book: '',
          tags: '',
          bonusBet: false,
          cashOutAmount: '',
        };
        const preview = priceForm(form);
        const submission = toParlaySubmission(form);
        if (!submission.ok) throw new Error(`the form refused complete legs: ${JSON.stringify(submission)}`);
        expect(submission.body).to.include({
          totalOdds: preview.totalOdds,
          potentialProfit: preview.potentialProfit,
          outcome: preview.outcome,
        });

        const answered = await api.call<Parlay>('POST', '/parlays', submission.body);
        try {
          const at = new Date();
          const expected = {
            totalOdds: preview.totalOdds,
            decimalOdds: preview.decimalOdds,
            potentialProfit: preview.potentialProfit,
            outcome: preview.outcome,
            profit: preview.profit,
          };
          expect(answered, 'command answer').to.include(expected);

          const row = (await api.call<Parlay[]>('GET', '/parlays')).find((p) => p.id === answered.id);
          expect(row, 'parlays read model').to.include(expected);
          const betRow = (await api.call<BetRow[]>('GET', '/bets')).find((b) => b.id === answered.id);
          expect(betRow, 'bets read model').to.include({ odds: preview.totalOdds, outcome: preview.outcome, profit: preview.profit });

          const changes = await api.call<BetChange[]>('GET', `/bets/${answered.id}/history`);
          for (const field of ['totalOdds', 'potentialProfit', 'outcome', 'profit'] as const) {
            expect(lastShown(changes, field), `change log: ${field}`).to.equal(expected[field]);
          }
          expect(await replayedProfit(at), 'asOf replay').to.equal(preview.profit);
        } finally {
          // Removed even when a check fails, so the next case (and fast-check's shrinking) starts with an empty record.
          await api.call('DELETE', `/parlays/${answered.id}`);
        }
      }),
      { numRuns: 40 },
    );
  });

  it('prices a single bet alike in contracts, the command answer, the read model, the change log and the replay', async () => {
    await fc.assert(
      fc.asyncProperty(fc.record({ sport: fc.constantFrom(...SPORTS), odds, stake, outcome }), async (bet) => {
        const price = pricedBet(bet);
        const answered = await api.call<BetRow>('POST', '/bets', { ...bet, event: 'A game', betType: 'moneyline', date: DAY });
        try {
          const at = new Date();
          expect(answered, 'command answer').to.include({ odds: price.odds, outcome: price.outcome, profit: price.profit });

          const row = (await api.call<BetRow[]>('GET', '/bets')).find((b) => b.id === answered.id);
          expect(row, 'bets read model').to.include({ odds: price.odds, outcome: price.outcome, profit: price.profit });
          const changes = await api.call<BetChange[]>('GET', `/bets/${answered.id}/history`);
          expect(lastShown(changes, 'profit'), 'change log').to.equal(price.profit);
          expect(await replayedProfit(at), 'asOf replay').to.equal(price.profit);
        } finally {
          await api.call('DELETE', `/bets/${answered.id}`);
        }
      }),
      { numRuns: 40 },
    );
  });
});
