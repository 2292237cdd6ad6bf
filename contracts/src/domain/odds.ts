import type { Outcome } from '../enums';
import { roundMoney } from './money';

/** Text form of American odds: an integer with an optional sign, |odds| >= 100. */
export const AMERICAN_ODDS = /^[+-]?\d+$/;

/** Parses American odds text ("+150", "-110", "150"); undefined when not valid American odds. */
export const parseAmericanOdds = (text: string | number): number | undefined => {
  const s = String(text).trim();
  if (!AMERICAN_ODDS.test(s)) return undefined;
  const n = Number(s);
  return Number.isSafeInteger(n) && Math.abs(n) >= 100 && Math.abs(n) <= 1_000_000 ? n : undefined;
};

/**
 * "+150" / "-110": the canonical text of American odds, a whole number in plain digits however
 * large (never "1e+21"); non-finite odds, which no valid price has, print as "0".
 */
export const formatAmericanOdds = (odds: number): string => {
  if (!Number.isFinite(odds)) return '0';
  const whole = Math.round(odds);
  const digits = Math.abs(whole) < 1e21 ? whole.toFixed(0) : BigInt(whole).toString();
  return odds > 0 ? `+${digits}` : digits;
};

/** Decimal odds: 1 + odds/100 for positive, 1 + 100/|odds| for negative. */
export const americanToDecimal = (odds: number): number => (odds > 0 ? 1 + odds / 100 : 1 + 100 / Math.abs(odds));

/** The one fallback for odds that cannot be read: a decimal price of 1 (priced out, as a pushed leg). */
export const UNREADABLE_ODDS_DECIMAL = 1;

/**
 * The decimal price of odds text. Odds that cannot be read (no stored event has them: events are
 * validated) price at UNREADABLE_ODDS_DECIMAL: no price, no profit, never an invented win.
 */
export const decimalOfOdds = (odds: string | number): number => {
  const american = parseAmericanOdds(odds);
  return american === undefined ? UNREADABLE_ODDS_DECIMAL : americanToDecimal(american);
};

/**
 * American odds for a decimal price, rounded to a whole number. Even money and longer are positive.
 * A price of exactly 1 (every leg pushed) has no American form; it is shown as "0".
 */
export const decimalToAmerican = (decimal: number): number => {
  if (decimal <= 1) return 0;
  return decimal >= 2 ? Math.round((decimal - 1) * 100) : -Math.round(100 / (decimal - 1));
};

/** Profit of a settled stake at a decimal price: win = stake x (decimal - 1); loss = -stake; push, pending = 0. */
export const profitAtDecimal = (stake: number, decimal: number, outcome: Outcome): number => {
  switch (outcome) {
    case 'win':
      return roundMoney(stake * (decimal - 1));
    case 'loss':
      return roundMoney(-stake);
    case 'push':
    case 'pending':
      return 0;
    default: {
      const never: never = outcome;
      throw new Error(`Unknown outcome ${String(never)}`);
    }
  }
};

/** Profit of a single bet at American odds. */
export const betProfit = (stake: number, odds: number, outcome: Outcome): number =>
  profitAtDecimal(stake, americanToDecimal(odds), outcome);
