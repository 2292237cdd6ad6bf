import {
  decimalToAmerican,
  fromCents,
  NO_BOOK,
  NO_LEAGUE,
  NO_TAG,
  ODDS_RANGES,
  parseOdds,
  toCents,
  UNIT_STAKE_SIZES,
  WEEKDAYS,
  type OddsRange,
} from '@bt/contracts';
import type { BetHistoryRow } from '../../database';
import { zeroRow } from '../../fold/row-sets';
import {
  analytics_daily as analyticsDailyTable,
  analytics_monthly as analyticsMonthlyTable,
  analytics_totals as analyticsTotalsTable,
} from './table';

/*
 * The groups a `bets` row counts in (breakdown dimension and key), as the analytics read models sum
 * them (./projection.ts, following each change; ./derive.ts, a rebuild's final rows at once).
 */

/** Rows without a unit size go under `stake`, keyed by their stake in dollars; the reader buckets them by quartile. */
export const STAKE_DIMENSION = 'stake';

/** The oddsRange key of canonical American odds (ODDS_RANGES' bounds; even money, and a price of 1 with no American form, in the middle). */
export const oddsRangeOf = (american: number): OddsRange =>
  american <= -200
    ? ODDS_RANGES[0]
    : american < -100
      ? ODDS_RANGES[1]
      : american <= 100
        ? ODDS_RANGES[2]
        : american < 200
          ? ODDS_RANGES[3]
          : ODDS_RANGES[4];

/** A small cache of a pure function of a short text (a date, a price): a history repeats few of them. */
const remembered = <T>(of: (text: string) => T): ((text: string) => T) => {
  const known = new Map<string, T>();
  return (text) => {
    if (known.has(text)) return known.get(text)!;
    const value = of(text);
    // Stryker disable next-line all: equivalent: the bound only keeps memory small; a value is the same computed again
    if (known.size >= 10_000) known.clear();
    known.set(text, value);
    return value;
  };
};

/** The weekday of a 'YYYY-MM-DD' date (WEEKDAYS: Monday first). */
export const weekdayOf = remembered((date: string): string => WEEKDAYS[(new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7]);

/** The American odds of a price as stored (undefined if it has none). */
const americanOf = remembered((odds: string): number | undefined => parseOdds(odds)?.american);

/** The unit stake size of a stake in units: under 1, 1 to 2 inclusive, over 2. */
export const unitStakeSizeOf = (units: number): string =>
  units < 1 ? UNIT_STAKE_SIZES[0] : units <= 2 ? UNIT_STAKE_SIZES[1] : UNIT_STAKE_SIZES[2];

/** A group a `bets` row counts in: its dimension and key. */
interface Group {
  dimension: string;
  key: string;
}

/**
 * The groups of the last two rows asked for: the three analytics read models ask for them of the
 * same change one after the other (its previous row, then its next), so each row's groups are
 * worked out once per change; a `bets` row is never changed in place (a change puts a new row).
 */
const recent: { row: BetHistoryRow | undefined; groups: Group[] }[] = [
  { row: undefined, groups: [] },
  { row: undefined, groups: [] },
];

/** Every group a `bets` row counts in (a tag breakdown: once per tag). */
export const groupsOf = (row: BetHistoryRow): Group[] => {
  if (recent[0].row === row) return recent[0].groups;
  if (recent[1].row === row) return recent[1].groups;
  const groups: Group[] = [];
  eachGroupOf(row, (dimension, key) => groups.push({ dimension, key }));
  recent[0] = recent[1];
  recent[1] = { row, groups };
  return groups;
};

/** A stake's group key in `stake` (dollars, as String() writes them), kept: a history has few distinct stakes. */
const stakeKeys = new Map<number, string>();
export const stakeKeyOf = (stake: number): string => {
  let key = stakeKeys.get(stake);
  if (key === undefined) {
    // Stryker disable next-line all: equivalent: the bound only keeps memory small; a key is the same made again
    if (stakeKeys.size >= 10_000) stakeKeys.clear();
    stakeKeys.set(stake, (key = String(fromCents(toCents(stake)))));
  }
  return key;
};

/**
 * Calls `visit` with every group a `bets` row counts in, dimension and key, in this order: sport,
 * league, book, betType, tag (once per distinct tag, in the row's order; '(no tag)' without one),
 * oddsRange, weekday, then stakeSize or stake. No array per row or per group.
 */
export const eachGroupOf = (row: BetHistoryRow, visit: (dimension: string, key: string) => void): void => {
  const parlay = row.kind === 'parlay';
  visit('sport', row.sport);
  visit('league', parlay ? 'parlay' : (row.league ?? NO_LEAGUE));
  visit('book', row.book ?? NO_BOOK);
  visit('betType', row.bet_type);
  const tags = row.tags;
  if (tags.length === 0) visit('tag', NO_TAG);
  else for (let i = 0; i < tags.length; i++) if (tags.indexOf(tags[i]) === i) visit('tag', tags[i]);
  visit('oddsRange', oddsRangeOf(americanOf(row.odds) ?? decimalToAmerican(row.decimal_odds)));
  visit('weekday', weekdayOf(row.date));
  if (row.units !== null) visit('stakeSize', unitStakeSizeOf(row.units));
  else visit(STAKE_DIMENSION, stakeKeyOf(row.stake));
};

/** Each table's row with no group, spread where a row starts (row-sets.ts' zeroRow). */
export const NO_DAY = zeroRow(analyticsDailyTable, { user_id: '', date: '' });
export const NO_MONTH = zeroRow(analyticsMonthlyTable, { user_id: '', month: '' });
export const NO_TOTALS = zeroRow(analyticsTotalsTable, { user_id: '' });
