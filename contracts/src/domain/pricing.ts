import type { Outcome } from '../enums';
import {
  closingLineValue,
  formatAmericanOdds,
  inUnits,
  parseOdds,
  profitAtDecimal,
  roundDecimalOdds,
  stakeAtRisk,
  UNREADABLE_ODDS_DECIMAL,
} from './odds';
import { parlayDecimal, parlayLinePrices, parlayOutcome, priceParlay, type PricedLeg } from './parlay';

/**
 * The one place a bet or a parlay is priced: every workspace (command answers, read models, replays,
 * a bet's changes, the web's previews) turns a bet into its priced row with these, and nothing else
 * does that arithmetic. Odds come in any format (American, decimal, fractional); free bets,
 * cash-outs, void, closing-line value and units are settled here too.
 */

/** The terms a bet or parlay carries beyond its price: all optional, absent in events before them. */
export interface BetTerms {
  /** A free bet (DESIGN "Bonus bets"): its stake is not the bettor's money. */
  bonusBet?: boolean | null;
  /** What a cash-out returned; only read when the outcome is 'cashout'. */
  cashOutAmount?: number | null;
  /** The unit size in effect when the bet was placed; null when none was set. */
  unitSize?: number | null;
}

/** What a single bet is priced from. */
export interface BetToPrice extends BetTerms {
  stake: number;
  /** Odds as stored: any format. */
  odds: string;
  outcome: Outcome;
  /** Closing odds as stored (any format), null or absent without a close. */
  closingOdds?: string | null;
}

/** What every priced row has: its outcome, profits, the stake it risked, and units. */
export interface PricedTerms {
  outcome: Outcome;
  /** Settled profit (DESIGN "Profit"): win = stake x (decimal - 1), loss = -stake, cash-out = amount - stake, else 0; bonus bets risk nothing. */
  profit: number;
  /** What a win would pay: stake x (decimal - 1), in cents. */
  potentialProfit: number;
  /** The bettor's own money the settled bet risked: ROI's denominator (0 for pending, void and bonus bets). */
  stakeAtRisk: number;
  /** Closing-line value in percent (two decimals); null without a close. */
  clv: number | null;
  /** Stake and profit in units of the unit size at placement; null when none was set. */
  units: number | null;
  profitUnits: number | null;
}

/** A single bet's priced row: its odds (canonical American), decimal price and closing odds. */
export interface PricedBet extends PricedTerms {
  /** Canonical American text of the odds ("+150"), whatever format they were typed in. */
  odds: string;
  /** The exact decimal price, to 4 places. */
  decimalOdds: number;
  /** Canonical American text of the closing odds; null without a close. */
  closingOdds: string | null;
}

const termsOf = (stake: number, decimal: number, outcome: Outcome, terms: BetTerms, clv: number | null): PricedTerms => {
  const settlement = { bonusBet: terms.bonusBet ?? false, cashOutAmount: terms.cashOutAmount ?? null };
  const profit = profitAtDecimal(stake, decimal, outcome, settlement);
  return {
    outcome,
    profit,
    potentialProfit: profitAtDecimal(stake, decimal, 'win'),
    stakeAtRisk: stakeAtRisk(stake, outcome, settlement.bonusBet),
    clv,
    units: inUnits(stake, terms.unitSize),
    profitUnits: inUnits(profit, terms.unitSize),
  };
};

/** Prices a single bet at its outcome. Unreadable odds keep their text and price at 1.0. */
export const pricedBet = (bet: BetToPrice): PricedBet => {
  const odds = parseOdds(bet.odds);
  const decimal = odds?.decimal ?? UNREADABLE_ODDS_DECIMAL;
  const close = bet.closingOdds ? parseOdds(bet.closingOdds) : undefined;
  return {
    odds: odds ? formatAmericanOdds(odds.american) : bet.odds,
    decimalOdds: roundDecimalOdds(decimal),
    closingOdds: close ? formatAmericanOdds(close.american) : null,
    ...termsOf(bet.stake, decimal, bet.outcome, bet, odds && close ? closingLineValue(decimal, close.decimal) : null),
  };
};

/** What a parlay is priced from: its legs, its stake and the outcome its owner chose. */
export interface ParlayToPrice extends BetTerms {
  legs: readonly PricedLeg[];
  stake: number;
  /** Stands while a leg is pending (and none lost); the legs decide once they are all settled. Void and cash-out always stand. */
  outcome: Outcome;
  /** An imported parlay's own total odds (its legs carry no prices): it is priced at them, with no CLV. */
  totalOdds?: string | null;
}

/** A parlay's priced row: total odds, decimal price, the outcome its legs give, and its profits. */
export interface PricedParlay extends PricedTerms {
  /** Rounded American form of the total, e.g. "+264" ("0" when every leg is pushed). */
  totalOdds: string;
  /** Product of the legs' decimal prices, pushed and void legs priced out, to 4 places. */
  decimalOdds: number;
}

/**
 * Prices a parlay (DESIGN "Parlay"): multiply the legs' decimals, pushed and void legs (and
 * unreadable odds) priced out; any lost leg loses it, all pushed is a push, all remaining won is a
 * win; while a leg is pending the chosen outcome stands. Profit and potential profit are both taken
 * at the exact product, so a win pays exactly the potential profit shown (decimalOdds is that
 * product rounded). Its close is the product of its legs' closes, when every leg has one.
 */
export const pricedParlay = (parlay: ParlayToPrice): PricedParlay => {
  const outcome = parlayOutcome(parlay.legs, parlay.outcome);
  const total = parlay.totalOdds ? parseOdds(parlay.totalOdds) : undefined;
  if (total) {
    return {
      totalOdds: formatAmericanOdds(total.american),
      decimalOdds: roundDecimalOdds(total.decimal),
      ...termsOf(parlay.stake, total.decimal, outcome, parlay, null),
    };
  }
  const price = priceParlay(parlay.legs, parlay.stake);
  const line = parlayLinePrices(parlay.legs);
  return {
    totalOdds: price.totalOdds,
    decimalOdds: price.decimalOdds,
    ...termsOf(parlay.stake, parlayDecimal(parlay.legs), outcome, parlay, closingLineValue(line.taken, line.close)),
  };
};
