import type { LegOutcome, Outcome } from '../enums';
import {
  decimalOfOdds,
  decimalToAmerican,
  formatAmericanOdds,
  parseOdds,
  profitAtDecimal,
  roundDecimalOdds,
  type SettlementTerms,
} from './odds';
import { roundMoney } from './money';

export interface PricedLeg {
  /** Null: an imported parlay's leg without a price (the parlay is priced at its own total odds). */
  odds: string | null;
  outcome?: LegOutcome | null;
  closingOdds?: string | null;
}

/** A leg priced out of its parlay: pushed or void (the book takes it off the ticket). */
const pricedOut = (leg: PricedLeg) => leg.outcome === 'push' || leg.outcome === 'void';

export interface ParlayPrice {
  /** Product of the legs' decimal prices; a pushed leg counts as 1.0 (priced out). */
  decimalOdds: number;
  /** Rounded American form, e.g. "+264". */
  totalOdds: string;
  /** stake x (decimal - 1), in cents. */
  potentialProfit: number;
}

/**
 * Prices a parlay the way sportsbooks do: multiply the legs' decimal odds, pushed legs removed (and
 * unreadable odds, at UNREADABLE_ODDS_DECIMAL). Rows are priced with pricedParlay, which builds on it.
 */
export const priceParlay = (legs: readonly PricedLeg[], stake: number): ParlayPrice => {
  const decimalOdds = parlayDecimal(legs);
  return {
    decimalOdds: roundDecimalOdds(decimalOdds),
    totalOdds: formatAmericanOdds(decimalToAmerican(decimalOdds)),
    potentialProfit: roundMoney(stake * (decimalOdds - 1)),
  };
};

/**
 * The exact product of the legs' decimal prices, pushed and void legs (and unreadable odds) priced
 * out: what a parlay pays at. Rows show it rounded to 4 places (decimalOdds); profits are taken at the exact one.
 */
export const parlayDecimal = (legs: readonly PricedLeg[]): number =>
  legs.reduce((product, leg) => (pricedOut(leg) ? product : product * legDecimal(leg)), 1);

/** A leg's decimal price; a leg without one (an imported parlay's) prices at 1. */
const legDecimal = (leg: PricedLeg) => (leg.odds === null ? 1 : decimalOfOdds(leg.odds));

/**
 * A parlay's prices for closing-line value, every leg counted whatever its outcome: the price taken
 * (product of the legs' odds) and the close (product of the legs' closing odds), null unless every
 * leg has a readable close.
 */
export const parlayLinePrices = (legs: readonly PricedLeg[]): { taken: number; close: number | null } => {
  let taken = 1;
  let close: number | null = 1;
  for (const leg of legs) {
    if (leg.odds === null) return { taken, close: null };
    taken *= decimalOfOdds(leg.odds);
    const closing = leg.closingOdds ? parseOdds(leg.closingOdds) : undefined;
    close = close === null || !closing ? null : close * closing.decimal;
  }
  return { taken, close: legs.length === 0 ? null : close };
};

/** The longest price a parlay may have, as American odds (the same bound as one leg's odds). */
export const MAX_PARLAY_ODDS = 1_000_000;

/** True when the legs, all of them priced in (pushes too), come to at most MAX_PARLAY_ODDS. */
export const parlayOddsInRange = (legs: readonly PricedLeg[]): boolean =>
  priceParlay(
    legs.map((leg) => ({ odds: leg.odds })),
    0,
  ).decimalOdds <=
  1 + MAX_PARLAY_ODDS / 100;

/**
 * The parlay's outcome from its legs: a parlay its owner voided or cashed out stays so whatever its
 * legs do later; otherwise any lost leg loses it; while a leg is pending (and none lost) the chosen
 * outcome stands; all legs void is void, all pushed or void a push; otherwise the remaining legs all won: a win.
 */
export const parlayOutcome = (legs: readonly PricedLeg[], chosen: Outcome = 'pending'): Outcome => {
  if (chosen === 'void' || chosen === 'cashout') return chosen;
  const outcomes = legs.map((leg) => leg.outcome ?? 'pending');
  if (outcomes.includes('loss')) return 'loss';
  if (outcomes.includes('pending')) return chosen;
  if (outcomes.every((o) => o === 'void')) return 'void';
  if (outcomes.every((o) => o === 'push' || o === 'void')) return 'push';
  return 'win';
};

/** Profit of a parlay: priced on its legs (pushed and void legs removed), at its outcome. */
export const parlayProfit = (legs: readonly PricedLeg[], stake: number, outcome: Outcome, terms: SettlementTerms = {}): number =>
  profitAtDecimal(stake, parlayDecimal(legs), outcome, terms);

/** The latest of the legs' dates (YYYY-MM-DD compares as text); undefined when no leg has one. */
export const latestLegDate = (legs: readonly { date?: string }[]): string | undefined =>
  legs.reduce<string | undefined>((latest, leg) => (leg.date && (!latest || leg.date > latest) ? leg.date : latest), undefined);

export interface ParlayDating {
  date: string;
  /** The bettor chose the date; false: it is the latest leg's and follows the legs. */
  dateSet: boolean;
}

/**
 * A parlay's date after an amend (as its events say, after upcasting): a date in the changes is
 * taken as is, `dateSet` only changes when the changes say so; legs changed without a date move a
 * derived date to the new latest leg's date.
 */
export const amendedParlayDating = (
  before: ParlayDating,
  changes: { date?: string; dateSet?: boolean; legs?: readonly { date?: string }[] },
): ParlayDating => {
  // Version 1 amends, whose dates were all chosen, say so through upcastEvent; a version 2 amend
  // moving a derived date along with the legs carries the new date without `dateSet`.
  const dateSet = changes.dateSet ?? before.dateSet;
  if (changes.date !== undefined) return { date: changes.date, dateSet };
  if (!dateSet && changes.legs) return { date: latestLegDate(changes.legs) ?? before.date, dateSet };
  return { date: before.date, dateSet };
};

/** A parlay's closing odds as answered: the product of its legs' closes in American text ("+400"), null unless every leg has one. */
export const parlayClosingOdds = (legs: readonly PricedLeg[]): string | null => {
  const { close } = parlayLinePrices(legs);
  return close === null ? null : formatAmericanOdds(decimalToAmerican(close));
};
