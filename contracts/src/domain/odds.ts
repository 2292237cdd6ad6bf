import type { OddsFormat, Outcome } from '../enums';
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

/**
 * American odds for a decimal price, rounded to a whole number. Even money and longer are positive.
 * A price of exactly 1 (every leg pushed) has no American form; it is shown as "0".
 */
export const decimalToAmerican = (decimal: number): number => {
  if (decimal <= 1) return 0;
  return decimal >= 2 ? Math.round((decimal - 1) * 100) : -Math.round(100 / (decimal - 1));
};

/** The longest price anyone may record, as American odds; the shortest is its mirror, -1,000,000. */
export const MAX_AMERICAN_ODDS = 1_000_000;
/** The same bounds as decimal prices: 1.0001 (-1,000,000) to 10,001 (+1,000,000). */
const MIN_DECIMAL = 1 + 100 / MAX_AMERICAN_ODDS;
const MAX_DECIMAL = 1 + MAX_AMERICAN_ODDS / 100;

/** Decimal odds text: digits, a point, digits ("2.50", "1.91"). A whole number reads as American. */
const DECIMAL_ODDS = /^\d+\.\d+$/;
/** Fractional odds text: "3/2", "10/11", "100/30". */
const FRACTIONAL_ODDS = /^(\d+)\s*\/\s*(\d+)$/;

/** Odds as read from any format: the format they were given in, their decimal price and its American form. */
export interface ParsedOdds {
  format: OddsFormat;
  /** The exact decimal price (what the bet pays at). */
  decimal: number;
  /** The American odds of that price, a whole number ("+150"); even money is +100. */
  american: number;
}

/** Why odds text cannot be read: MESSAGES keys (contracts' fields turn them into messages). */
export type OddsProblem = 'format' | 'americanRange' | 'decimalRange';

const inDecimalRange = (decimal: number) => Number.isFinite(decimal) && decimal >= MIN_DECIMAL && decimal <= MAX_DECIMAL;

/**
 * Reads odds in any format: American ("+150", "-110", "150", or a whole JSON number), decimal
 * ("2.50", or a JSON number with a fraction) or fractional ("3/2"). Whole numbers are American, so
 * "2" is refused rather than guessed. Bounds: |American| from 100 to 1,000,000, and the same prices
 * in the other formats.
 */
export const readOdds = (value: string | number): { ok: true; odds: ParsedOdds } | { ok: false; problem: OddsProblem } => {
  const text = typeof value === 'number' ? (Number.isFinite(value) ? String(value) : '') : value.trim();
  if (AMERICAN_ODDS.test(text)) {
    const american = parseAmericanOdds(text);
    if (american !== undefined) return { ok: true, odds: { format: 'american', decimal: americanToDecimal(american), american } };
    // "-50" was meant as American; a bare "2" may have been meant as decimal, which needs its point.
    return { ok: false, problem: /^[+-]/.test(text) && Math.abs(Number(text)) < 100 ? 'americanRange' : 'format' };
  }
  if (DECIMAL_ODDS.test(text)) {
    const decimal = Number(text);
    if (inDecimalRange(decimal)) return { ok: true, odds: { format: 'decimal', decimal, american: decimalToAmerican(decimal) } };
    return { ok: false, problem: decimal <= 1 ? 'decimalRange' : 'format' };
  }
  const fraction = FRACTIONAL_ODDS.exec(text);
  if (fraction) {
    const decimal = 1 + Number(fraction[1]) / Number(fraction[2]);
    if (inDecimalRange(decimal)) return { ok: true, odds: { format: 'fractional', decimal, american: decimalToAmerican(decimal) } };
  }
  return { ok: false, problem: 'format' };
};

/** Odds in any format, or undefined when they cannot be read. */
export const parseOdds = (value: string | number): ParsedOdds | undefined => {
  const read = readOdds(value);
  return read.ok ? read.odds : undefined;
};

/**
 * The text stored for odds as the bettor typed them: American in its canonical form ("+150", as
 * every stored event before other formats had it), decimal and fractional as typed, trimmed
 * ("2.50", "10/11"). Undefined when they cannot be read.
 */
export const storedOddsText = (value: string | number): string | undefined => {
  const odds = parseOdds(value);
  if (!odds) return undefined;
  if (odds.format === 'american') return formatAmericanOdds(odds.american);
  return typeof value === 'number' ? String(value) : value.trim().replace(/\s+/g, '');
};

/** The one fallback for odds that cannot be read: a decimal price of 1 (priced out, as a pushed leg). */
export const UNREADABLE_ODDS_DECIMAL = 1;

/**
 * The decimal price of odds text in any format. Odds that cannot be read (no stored event has them:
 * events are validated) price at UNREADABLE_ODDS_DECIMAL: no price, no profit, never an invented win.
 */
export const decimalOfOdds = (odds: string | number): number => parseOdds(odds)?.decimal ?? UNREADABLE_ODDS_DECIMAL;

/** The canonical American text of odds in any format ("+150"); odds that cannot be read keep their text. */
export const americanTextOfOdds = (odds: string): string => {
  const parsed = parseOdds(odds);
  return parsed ? formatAmericanOdds(parsed.american) : odds;
};

/** A decimal price to 4 places, as answers carry it. */
export const roundDecimalOdds = (decimal: number): number => Math.round(decimal * 10_000) / 10_000;

const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));

/**
 * The fraction of a decimal price's winnings, "3/2" for 2.50, "10/11" for 1.9091: the smallest
 * denominator (up to 1,000) within rounding of the 4-place decimal, else the closest with one.
 */
export const decimalToFractional = (decimal: number): string => {
  const x = decimal - 1;
  if (!(x > 0)) return '0/1';
  let best = { num: Math.max(1, Math.round(x)), den: 1 };
  for (let den = 1; den <= 1000; den++) {
    const num = Math.round(x * den);
    if (num < 1) continue;
    const error = Math.abs(num / den - x);
    if (error < 0.00005 + 1e-12) {
      best = { num, den };
      break;
    }
    if (error < Math.abs(best.num / best.den - x)) best = { num, den };
  }
  const divisor = gcd(best.num, best.den);
  return `${best.num / divisor}/${best.den / divisor}`;
};

/**
 * A price as the bettor reads it (Settings' odds format): American "+150", decimal "2.50" (two
 * places, more when they matter: 1.9091 shows "1.91"), fractional "3/2". `american` is the row's
 * canonical text; a price of 1 (every leg pushed) shows as it is.
 */
export const formatOdds = (price: { american: string; decimal: number }, format: OddsFormat): string => {
  switch (format) {
    case 'american':
      return price.american;
    case 'decimal':
      return price.decimal.toFixed(2);
    case 'fractional':
      return decimalToFractional(price.decimal);
    default: {
      const never: never = format;
      throw new Error(`Unknown odds format ${String(never)}`);
    }
  }
};

/** What settles a stake besides its price and outcome: a free bet, and a cash-out's amount. */
export interface SettlementTerms {
  /** A free bet: the stake is not the bettor's money (a win pays the winnings only, a loss costs 0). */
  bonusBet?: boolean;
  /** What a cash-out returned (profit = amount - stake, or the whole amount for a bonus bet). */
  cashOutAmount?: number | null;
}

/**
 * Profit of a settled stake at a decimal price (DESIGN "Profit"): win = stake x (decimal - 1);
 * loss = -stake (0 for a bonus bet); cash-out = amount returned - stake (the whole amount for a
 * bonus bet); push, void and pending = 0.
 */
export const profitAtDecimal = (stake: number, decimal: number, outcome: Outcome, terms: SettlementTerms = {}): number => {
  switch (outcome) {
    case 'win':
      return roundMoney(stake * (decimal - 1));
    case 'loss':
      return terms.bonusBet ? 0 : roundMoney(-stake);
    case 'cashout':
      return roundMoney((terms.cashOutAmount ?? stake) - (terms.bonusBet ? 0 : stake));
    case 'push':
    case 'void':
    case 'pending':
      return 0;
    default: {
      const never: never = outcome;
      throw new Error(`Unknown outcome ${String(never)}`);
    }
  }
};

/**
 * The stake a settled bet put at risk of the bettor's own money: ROI's denominator and "staked"
 * totals. Pending and void bets risked nothing yet (a void's stake came back untouched); a bonus
 * bet's stake was never the bettor's; win, loss, push and cash-out count their stake.
 */
export const stakeAtRisk = (stake: number, outcome: Outcome, bonusBet = false): number =>
  bonusBet || outcome === 'pending' || outcome === 'void' ? 0 : stake;

/** True for the outcomes win rate and streaks count: a win or a loss (push, void and cash-out are left out). */
export const isDecided = (outcome: Outcome): outcome is 'win' | 'loss' => outcome === 'win' || outcome === 'loss';

/**
 * Closing-line value in percent, two decimals: how much better the price taken was than the price
 * at close, (decimal taken / decimal at close - 1) x 100. Null without a close.
 */
export const closingLineValue = (decimalTaken: number, decimalAtClose: number | null | undefined): number | null =>
  decimalAtClose === null || decimalAtClose === undefined || !(decimalAtClose > 1)
    ? null
    : Math.round((decimalTaken / decimalAtClose - 1) * 10_000) / 100 || 0; // never -0 (a stored row reads back 0)

/** An amount in units of `unitSize` (two decimals); null while no unit size is set. */
export const inUnits = (amount: number, unitSize: number | null | undefined): number | null =>
  unitSize === null || unitSize === undefined || !(unitSize > 0) ? null : Math.round((amount / unitSize) * 100) / 100 || 0; // never -0

/** Profit of a single bet at American odds. */
export const betProfit = (stake: number, odds: number, outcome: Outcome): number =>
  profitAtDecimal(stake, americanToDecimal(odds), outcome);
