import type { Outcome } from '../enums';
import { americanToDecimal, formatAmericanOdds, parseAmericanOdds, profitAtDecimal, UNREADABLE_ODDS_DECIMAL } from './odds';
import { parlayDecimal, parlayOutcome, priceParlay, type PricedLeg } from './parlay';

/**
 * The one place a bet or a parlay is priced: every workspace (command answers, read models, replays,
 * a bet's changes, the web's previews) turns a bet into its priced row with these, and nothing else
 * does that arithmetic. New pricing rules (odds formats, free bets, cash-outs) start here.
 */

/** What a single bet is priced from. */
export interface BetToPrice {
  stake: number;
  odds: string;
  outcome: Outcome;
}

/** A single bet's priced row: its odds (canonical American), decimal price, outcome and profits. */
export interface PricedBet {
  odds: string;
  decimalOdds: number;
  outcome: Outcome;
  /** Settled profit (DESIGN "Profit"): win = stake x (decimal - 1), loss = -stake, push and pending 0. */
  profit: number;
  /** What a win would pay: stake x (decimal - 1), in cents. */
  potentialProfit: number;
}

/** Prices a single bet at its outcome. Unreadable odds keep their text and price at 1.0. */
export const pricedBet = (bet: BetToPrice): PricedBet => {
  const american = parseAmericanOdds(bet.odds);
  const decimalOdds = american === undefined ? UNREADABLE_ODDS_DECIMAL : americanToDecimal(american);
  return {
    odds: american === undefined ? bet.odds : formatAmericanOdds(american),
    decimalOdds,
    outcome: bet.outcome,
    profit: profitAtDecimal(bet.stake, decimalOdds, bet.outcome),
    potentialProfit: profitAtDecimal(bet.stake, decimalOdds, 'win'),
  };
};

/** What a parlay is priced from: its legs, its stake and the outcome its owner chose. */
export interface ParlayToPrice {
  legs: readonly PricedLeg[];
  stake: number;
  /** Stands while a leg is pending (and none lost); the legs decide once they are all settled. */
  outcome: Outcome;
}

/** A parlay's priced row: total odds, decimal price, the outcome its legs give, and its profits. */
export interface PricedParlay {
  /** Rounded American form of the total, e.g. "+264" ("0" when every leg is pushed). */
  totalOdds: string;
  /** Product of the legs' decimal prices, pushed legs priced out, to 4 places. */
  decimalOdds: number;
  outcome: Outcome;
  /** Settled profit: a win pays potentialProfit. */
  profit: number;
  /** stake x (decimalOdds - 1), in cents. */
  potentialProfit: number;
}

/**
 * Prices a parlay (DESIGN "Parlay"): multiply the legs' decimals, pushed legs (and unreadable odds)
 * priced out; any lost leg loses it, all pushed is a push, all remaining won is a win; while a leg
 * is pending the chosen outcome stands. Profit and potential profit are both taken at the exact
 * product, so a win pays exactly the potential profit shown (decimalOdds is that product rounded).
 */
export const pricedParlay = (parlay: ParlayToPrice): PricedParlay => {
  const price = priceParlay(parlay.legs, parlay.stake);
  const outcome = parlayOutcome(parlay.legs, parlay.outcome);
  return {
    totalOdds: price.totalOdds,
    decimalOdds: price.decimalOdds,
    outcome,
    profit: profitAtDecimal(parlay.stake, parlayDecimal(parlay.legs), outcome),
    potentialProfit: price.potentialProfit,
  };
};
