import type { Outcome } from '../enums';
import type { TaxYear } from '../reports';
import { fromCents, toCents } from './money';

/**
 * The tax year (Reports › Tax year): a year's wagering winnings and losses, per book and in total,
 * and the part of the losses the US Internal Revenue Code lets a bettor deduct that year. Pure: the
 * server folds the year's wagers (bets and parlays, each one wager) through it, in whole cents.
 */

/** The wagering-loss rule of a tax year: its id, the share of losses that counts, and the page's sentence. */
export interface TaxRule {
  id: 'irc165d-100' | 'irc165d-90';
  /** Percent of the year's wagering losses that may be deducted (always only up to its winnings). */
  lossPercent: 100 | 90;
  text: string;
}

/** The first tax year under the 90% limit (IRC §165(d) as amended in 2025, for tax years after 2025). */
export const NINETY_PERCENT_FROM = 2026;

const RULES: Record<TaxRule['id'], TaxRule> = {
  'irc165d-100': {
    id: 'irc165d-100',
    lossPercent: 100,
    text:
      'For tax years up to 2025, wagering losses are deductible only up to wagering gains ' +
      '(Internal Revenue Code §165(d)), for those who itemize deductions.',
  },
  'irc165d-90': {
    id: 'irc165d-90',
    lossPercent: 90,
    text:
      'For tax years after 2025, 90% of wagering losses are deductible, and only up to wagering gains ' +
      '(Internal Revenue Code §165(d) as amended in 2025), for those who itemize deductions.',
  },
};

/** The rule that applies to a tax year. */
export const taxRuleOf = (year: number): TaxRule => RULES[year >= NINETY_PERCENT_FROM ? 'irc165d-90' : 'irc165d-100'];

/** What one wager's settlement says for the year: the figures a wager reads with. */
export interface TaxWager {
  outcome: Outcome;
  /** Dollars, as the read models hold them. */
  stake: number;
  /** The settled profit (contracts' pricing): a win's winnings, a cash-out's amount less its stake. */
  profit: number;
  bonusBet: boolean;
}

/** A settled wager's winnings and loss in cents (at most one of them above 0); null while it is pending. */
export interface WagerResultCents {
  winnings: number;
  loss: number;
}

/**
 * One wager's part in the year. A win's winnings are its profit (payout less stake; a bonus bet's
 * payout is the winnings alone); a loss is the stake lost (0 for a bonus bet, whose stake was never
 * the bettor's); a cash-out above its stake is winnings (amount less stake), below it a loss (stake
 * less amount); push and void count for neither. Pending: null, left out of the year's figures.
 */
export const wagerResultCents = (wager: TaxWager): WagerResultCents | null => {
  switch (wager.outcome) {
    case 'pending':
      return null;
    case 'win':
      return { winnings: toCents(wager.profit), loss: 0 };
    case 'loss':
      return { winnings: 0, loss: wager.bonusBet ? 0 : toCents(wager.stake) };
    case 'cashout': {
      const profit = toCents(wager.profit);
      return { winnings: Math.max(profit, 0), loss: Math.max(-profit, 0) };
    }
    case 'push':
    case 'void':
      return { winnings: 0, loss: 0 };
    default: {
      const never: never = wager.outcome;
      throw new Error(`Unknown outcome ${String(never)}`);
    }
  }
};

/** One wager's winnings and loss in dollars, as the diary shows them; null while it is pending. */
export const wagerResult = (wager: TaxWager): { winnings: number; loss: number } | null => {
  const cents = wagerResultCents(wager);
  return cents && { winnings: fromCents(cents.winnings), loss: fromCents(cents.loss) };
};

/**
 * The losses a year's rule lets a bettor deduct, in cents: the rule's share of the losses (rounded
 * down to the cent, so never more than the law allows), and no more than the winnings.
 */
export const deductibleLossesCents = (rule: TaxRule, winningsCents: number, lossesCents: number): number =>
  Math.min(Math.floor((lossesCents * rule.lossPercent) / 100), winningsCents);

/** One book's (or the year's) winnings, losses and net result, in dollars; `wagers` counts the settled ones. */
interface TaxFigures {
  wagers: number;
  winnings: number;
  losses: number;
  net: number;
}

/** Sums wagers' results in cents; answers dollars. */
class TaxTally {
  private wagers = 0;
  private winnings = 0;
  private losses = 0;

  add(result: WagerResultCents): void {
    this.wagers += 1;
    this.winnings += result.winnings;
    this.losses += result.loss;
  }

  /** Deductible losses under `rule`, in dollars. */
  deductible(rule: TaxRule): number {
    return fromCents(deductibleLossesCents(rule, this.winnings, this.losses));
  }

  figures(): TaxFigures {
    return {
      wagers: this.wagers,
      winnings: fromCents(this.winnings),
      losses: fromCents(this.losses),
      net: fromCents(this.winnings - this.losses),
    };
  }
}

/** A wager of the year as the tax year reads it: its settlement and its book (null: none recorded). */
export interface TaxYearWager extends TaxWager {
  book: string | null;
}

const foldAscii = (text: string): string => text.replace(/[A-Z]/g, (c) => c.toLowerCase());

/** Books in name order, ASCII letters folded to lower case, then by code point; wagers without a book last. */
const byBook = (a: string | null, b: string | null): number => {
  if (a === b) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  const [la, lb] = [foldAscii(a), foldAscii(b)];
  return la < lb ? -1 : la > lb ? 1 : a < b ? -1 : 1;
};

/**
 * GET /api/reports/tax: a year's figures from its wagers (those dated in it). Pending wagers are
 * left out of the figures and counted in `pending`; each book's figures and the totals are summed in
 * whole cents.
 */
export const taxYearOf = (year: number, wagers: readonly TaxYearWager[]): TaxYear => {
  const rule = taxRuleOf(year);
  const books = new Map<string | null, TaxTally>();
  const total = new TaxTally();
  let pending = 0;
  for (const wager of wagers) {
    const result = wagerResultCents(wager);
    if (result === null) {
      pending += 1;
      continue;
    }
    let tally = books.get(wager.book);
    if (!tally) books.set(wager.book, (tally = new TaxTally()));
    tally.add(result);
    total.add(result);
  }
  return {
    year,
    rule,
    books: [...books.entries()].sort(([a], [b]) => byBook(a, b)).map(([book, tally]) => ({ book, ...tally.figures() })),
    totals: { ...total.figures(), deductibleLosses: total.deductible(rule) },
    pending,
  };
};
