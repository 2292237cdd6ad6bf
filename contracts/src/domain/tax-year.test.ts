import { expect } from 'chai';
import { MESSAGES } from '../messages';
import { taxYear, taxYearQuery } from '../reports';
import { deductibleLossesCents, taxRuleOf, taxYearOf, wagerResult, type TaxYearWager } from './tax-year';

const wager = (w: Partial<TaxYearWager> & Pick<TaxYearWager, 'outcome' | 'stake' | 'profit'>): TaxYearWager => ({
  bonusBet: false,
  book: null,
  ...w,
});

/*
 * A hand-worked 2026 (profit as contracts' pricing gives it; winnings / loss as the year counts them):
 *
 *   book        wager                         stake   outcome            profit   winnings  loss
 *   DraftKings  +150 win                      20.00   win                +30.00   30.00
 *   DraftKings  -110 loss                     55.57   loss               -55.57             55.57
 *   DraftKings  +120 cashed out for 12.45     30.00   cashout            -17.55             17.55
 *   DraftKings  parlay +100/+100 (4.0) win    10.00   win                +30.00   30.00
 *   FanDuel     +100 push                     40.00   push                 0
 *   FanDuel     -110 void                     50.00   void                 0
 *   FanDuel     -200 cashed out for 60        40.00   cashout            +20.00   20.00
 *   FanDuel     bonus +300 loss               25.00   loss                 0                 0
 *   FanDuel     bonus +250 win                10.00   win                +25.00   25.00
 *   (no book)   parlay lost                   15.00   loss               -15.00             15.00
 *   (no book)   pending                      100.00   pending              0       (left out, counted)
 *
 *   DraftKings: 4 wagers, 60.00 won, 73.12 lost, net -13.12
 *   FanDuel:    5 wagers, 45.00 won,  0.00 lost, net +45.00
 *   (no book):  1 wager,   0.00 won, 15.00 lost, net -15.00
 *   Year: 10 wagers, 105.00 won, 88.12 lost, net 16.88; 90% of 88.12 = 79.308, down to 79.30 (< 105.00).
 */
const YEAR_2026: TaxYearWager[] = [
  wager({ book: 'DraftKings', outcome: 'win', stake: 20, profit: 30 }),
  wager({ book: 'DraftKings', outcome: 'loss', stake: 55.57, profit: -55.57 }),
  wager({ book: 'DraftKings', outcome: 'cashout', stake: 30, profit: -17.55 }),
  wager({ book: 'DraftKings', outcome: 'win', stake: 10, profit: 30 }),
  wager({ book: 'FanDuel', outcome: 'push', stake: 40, profit: 0 }),
  wager({ book: 'FanDuel', outcome: 'void', stake: 50, profit: 0 }),
  wager({ book: 'FanDuel', outcome: 'cashout', stake: 40, profit: 20 }),
  wager({ book: 'FanDuel', outcome: 'loss', stake: 25, profit: 0, bonusBet: true }),
  wager({ book: 'FanDuel', outcome: 'win', stake: 10, profit: 25, bonusBet: true }),
  wager({ outcome: 'loss', stake: 15, profit: -15 }),
  wager({ outcome: 'pending', stake: 100, profit: 0 }),
];

describe('the tax year', () => {
  it('takes a four-digit year from 1900 to 2100, or none', () => {
    expect(taxYearQuery.parse({ year: '1900' })).to.deep.equal({ year: 1900 });
    expect(taxYearQuery.parse({ year: '2100' })).to.deep.equal({ year: 2100 });
    expect(taxYearQuery.parse({})).to.deep.equal({});
    for (const year of ['1899', '2101', '26', '02026', 'x2026', '2026-01', ''])
      expect(taxYearQuery.safeParse({ year }).error?.issues[0].message, year).to.equal(MESSAGES.taxYearParam);
  });

  it('applies 100% of losses up to 2025 and 90% from 2026, each only up to the winnings', () => {
    expect(taxRuleOf(1900)).to.include({ id: 'irc165d-100', lossPercent: 100 });
    expect(taxRuleOf(2025)).to.include({ id: 'irc165d-100', lossPercent: 100 });
    expect(taxRuleOf(2026)).to.include({ id: 'irc165d-90', lossPercent: 90 });
    expect(taxRuleOf(2100)).to.include({ id: 'irc165d-90', lossPercent: 90 });
    expect(taxRuleOf(2026).text).to.match(/90% of wagering losses/);
  });

  it('counts a win as its profit, a loss as its stake, a cash-out by its side of the stake, push and void as nothing', () => {
    expect(wagerResult({ outcome: 'win', stake: 20, profit: 30, bonusBet: false })).to.deep.equal({ winnings: 30, loss: 0 });
    expect(wagerResult({ outcome: 'loss', stake: 55.57, profit: -55.57, bonusBet: false })).to.deep.equal({ winnings: 0, loss: 55.57 });
    expect(wagerResult({ outcome: 'cashout', stake: 40, profit: 20, bonusBet: false })).to.deep.equal({ winnings: 20, loss: 0 });
    expect(wagerResult({ outcome: 'cashout', stake: 30, profit: -17.55, bonusBet: false })).to.deep.equal({ winnings: 0, loss: 17.55 });
    expect(wagerResult({ outcome: 'cashout', stake: 30, profit: 0, bonusBet: false })).to.deep.equal({ winnings: 0, loss: 0 });
    expect(wagerResult({ outcome: 'push', stake: 40, profit: 0, bonusBet: false })).to.deep.equal({ winnings: 0, loss: 0 });
    expect(wagerResult({ outcome: 'void', stake: 50, profit: 0, bonusBet: false })).to.deep.equal({ winnings: 0, loss: 0 });
    expect(wagerResult({ outcome: 'pending', stake: 100, profit: 0, bonusBet: false })).to.equal(null);
  });

  it('counts a bonus bet lost as no loss, and its win (or cash-out) as winnings', () => {
    expect(wagerResult({ outcome: 'loss', stake: 25, profit: 0, bonusBet: true })).to.deep.equal({ winnings: 0, loss: 0 });
    expect(wagerResult({ outcome: 'win', stake: 10, profit: 25, bonusBet: true })).to.deep.equal({ winnings: 25, loss: 0 });
    expect(wagerResult({ outcome: 'cashout', stake: 10, profit: 4, bonusBet: true })).to.deep.equal({ winnings: 4, loss: 0 });
  });

  it('works out the hand-worked 2026 per book and in total, leaving the pending wager out', () => {
    const answer = taxYearOf(2026, YEAR_2026);
    expect(taxYear.parse(answer)).to.deep.equal(answer);
    expect(answer.rule.id).to.equal('irc165d-90');
    expect(answer.books).to.deep.equal([
      { book: 'DraftKings', wagers: 4, winnings: 60, losses: 73.12, net: -13.12 },
      { book: 'FanDuel', wagers: 5, winnings: 45, losses: 0, net: 45 },
      { book: null, wagers: 1, winnings: 0, losses: 15, net: -15 },
    ]);
    expect(answer.totals).to.deep.equal({ wagers: 10, winnings: 105, losses: 88.12, net: 16.88, deductibleLosses: 79.3 });
    expect(answer.pending).to.equal(1);
  });

  it('sums in whole cents: a thousand 0.10 losses are exactly 100.00', () => {
    const answer = taxYearOf(2025, [
      ...Array.from({ length: 1000 }, () => wager({ book: 'A', outcome: 'loss', stake: 0.1, profit: -0.1 })),
      wager({ book: 'A', outcome: 'win', stake: 0.1, profit: 0.2 }),
    ]);
    expect(answer.totals).to.deep.equal({ wagers: 1001, winnings: 0.2, losses: 100, net: -99.8, deductibleLosses: 0.2 });
  });

  it('limits the deduction to the winnings, and rounds 90% of the losses down to the cent', () => {
    expect(deductibleLossesCents(taxRuleOf(2025), 4000, 50000)).to.equal(4000);
    expect(deductibleLossesCents(taxRuleOf(2025), 50000, 8812)).to.equal(8812);
    expect(deductibleLossesCents(taxRuleOf(2026), 50000, 8812)).to.equal(7930);
    expect(deductibleLossesCents(taxRuleOf(2026), 0, 8812)).to.equal(0);
  });

  it('answers a year without wagers with no books and zeros', () => {
    expect(taxYearOf(2024, [])).to.deep.include({
      books: [],
      totals: { wagers: 0, winnings: 0, losses: 0, net: 0, deductibleLosses: 0 },
      pending: 0,
    });
  });

  it('orders books by name ignoring case, those without a book last', () => {
    const books = taxYearOf(2026, [
      wager({ book: null, outcome: 'push', stake: 1, profit: 0 }),
      wager({ book: 'betMGM', outcome: 'push', stake: 1, profit: 0 }),
      wager({ book: 'Caesars', outcome: 'push', stake: 1, profit: 0 }),
      wager({ book: 'BetRivers', outcome: 'push', stake: 1, profit: 0 }),
    ]).books.map((b) => b.book);
    expect(books).to.deep.equal(['betMGM', 'BetRivers', 'Caesars', null]);
  });
});
