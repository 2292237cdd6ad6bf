import {
  DEFAULTS,
  firstMessage,
  latestLegDate,
  type LegOutcome,
  MESSAGES,
  type OddsFormat,
  type Outcome,
  type Parlay,
  parlayAmendBody,
  parlayBody,
  parlayOutcome,
  pricedParlay,
  type PricedParlay,
  readOdds,
  type Sport,
  storedOddsText,
} from '@bt/contracts';
import { fieldErrors } from '../../../lib/form-errors';
import { oddsForInput } from '../../../lib/preferences';
import { startsAtFromInput, startsAtToInput } from '../../../lib/start-time';
import type { ParlayInput } from '../api/parlays-api';

export interface LegValues {
  sport: Sport | '';
  event: string;
  selection: string;
  /** Any format: American, decimal or fractional. */
  odds: string;
  date: string;
  outcome: LegOutcome;
  league: string;
  closingOdds: string;
  /** The leg's event start, as a datetime-local input holds it; '' for none. */
  startsAt: string;
}

export interface ParlayFormValues {
  name: string;
  stake: string;
  outcome: Outcome;
  notes: string;
  /** The date the bettor typed; only used while `dateSet`. */
  date: string;
  /** The bettor chose the date; otherwise it is the latest leg's date and follows the legs. */
  dateSet: boolean;
  legs: LegValues[];
  book: string;
  /** Comma-separated, as typed. */
  tags: string;
  bonusBet: boolean;
  /** Only sent when the outcome is 'cashout'. */
  cashOutAmount: string;
  /**
   * An imported parlay's own total odds (legs it came with have no prices): legs left without odds
   * keep it priced so. Null for every other parlay (each leg needs its odds).
   */
  totalOdds?: string | null;
}

/** A new leg: nothing typed (no price shown until one is), dated today, pending. */
export const emptyLeg = (today: string): LegValues => ({
  sport: '',
  event: '',
  selection: '',
  odds: '',
  date: today,
  outcome: 'pending',
  league: '',
  closingOdds: '',
  startsAt: '',
});

/** The builder starts with 2 empty legs and no stake: its totals show nothing until legs are priced. */
export const emptyParlayForm = (today: string): ParlayFormValues => ({
  name: '',
  stake: '',
  outcome: 'pending',
  notes: '',
  date: '',
  dateSet: false,
  legs: [emptyLeg(today), emptyLeg(today)],
  book: '',
  tags: '',
  bonusBet: false,
  cashOutAmount: '',
});

/**
 * The builder filled from a saved parlay: odds in the bettor's format where that keeps each price
 * exactly. Parlays from before books and tags may lack those fields: they read blank.
 */
export const parlayFormFrom = (parlay: Parlay, format: OddsFormat = 'american'): ParlayFormValues => ({
  name: parlay.name,
  stake: String(parlay.stake),
  // An outcome its legs decided is theirs, not chosen: it follows them when they change.
  outcome: parlayOutcome(parlay.legs) === parlay.outcome ? 'pending' : parlay.outcome,
  notes: parlay.notes ?? '',
  date: parlay.date,
  dateSet: parlay.dateSet,
  legs: parlay.legs.map((leg) => ({
    sport: leg.sport,
    event: leg.event,
    selection: leg.selection,
    // An imported parlay's leg without a price stays blank (the builder shows "No price").
    odds: leg.odds === null || leg.decimalOdds === null ? '' : oddsForInput({ american: leg.odds, decimal: leg.decimalOdds }, format),
    date: leg.date,
    outcome: leg.outcome,
    league: leg.league ?? '',
    closingOdds: leg.closingOdds ?? '',
    startsAt: startsAtToInput(leg.startsAt),
  })),
  book: parlay.book ?? '',
  tags: (parlay.tags ?? []).join(', '),
  bonusBet: parlay.bonusBet ?? false,
  cashOutAmount: parlay.cashOutAmount === null || parlay.cashOutAmount === undefined ? '' : String(parlay.cashOutAmount),
  totalOdds: parlay.legs.some((leg) => leg.odds === null) ? parlay.totalOdds : null,
});

/** The cash-out amount the form holds, as a number; null unless the outcome is 'cashout' and it reads as one. */
const cashOutOf = (values: ParlayFormValues): number | null => {
  const amount = Number.parseFloat(values.cashOutAmount);
  return values.outcome === 'cashout' && Number.isFinite(amount) && amount > 0 ? amount : null;
};

/** The parlay's date as the form stands: the bettor's, else the latest leg's (DESIGN "A parlay's date"). */
export const formDate = (values: ParlayFormValues, today: string): string =>
  values.dateSet && values.date ? values.date : (latestLegDate(values.legs.filter((leg) => leg.date !== '')) ?? today);

/** The bettor typed a date; clearing the field gives the date back to the legs. */
export const withDate = (values: ParlayFormValues, date: string): ParlayFormValues => ({ ...values, date, dateSet: date !== '' });

/** A leg counts once sport, event, selection and odds are all filled. */
export const isCompleteLeg = (leg: LegValues): boolean =>
  [leg.sport, leg.event, leg.selection, leg.odds].every((value) => value.trim() !== '');

/** An imported parlay's leg left without a price (the parlay keeps its own total odds). */
export const isUnpricedLeg = (values: Pick<ParlayFormValues, 'totalOdds'>, leg: LegValues): boolean =>
  Boolean(values.totalOdds) && leg.odds.trim() === '' && [leg.sport, leg.event, leg.selection].every((value) => value.trim() !== '');

/** The imported total that prices the form: only while a leg is left without a price. */
const totalOf = (values: ParlayFormValues, legs: readonly { odds: string | null }[]) =>
  values.totalOdds && legs.some((leg) => leg.odds === null || leg.odds.trim() === '') ? values.totalOdds : null;

/** Spec 5: a stake that is 0 or not a number becomes 50. */
export const stakeOrDefault = (stake: string): number => {
  const value = Number.parseFloat(stake);
  return Number.isFinite(value) && value > 0 ? Math.round(value * 100) / 100 : DEFAULTS.parlayStake;
};

/** The outcome as the legs now stand (`parlayOutcome`): a lost leg loses, all settled decide; else the one chosen. */
export const formOutcome = (values: Pick<ParlayFormValues, 'legs' | 'outcome'>): Outcome => parlayOutcome(values.legs, values.outcome);

/** Whether the totals mean anything yet: a stake typed and at least one leg with readable odds. */
export const hasPricedLegs = (values: ParlayFormValues): boolean =>
  Number.parseFloat(values.stake) > 0 && values.legs.some((leg) => leg.odds.trim() !== '' && readOdds(leg.odds).ok);

/**
 * The preview of the legs as they stand, priced as the server prices the saved parlay (contracts'
 * pricedParlay): total odds, potential profit, and the outcome and profit the legs give. Legs
 * without valid odds are priced out.
 */
export const priceForm = (values: ParlayFormValues): PricedParlay =>
  pricedParlay({
    legs: values.legs,
    totalOdds: totalOf(values, values.legs),
    stake: stakeOrDefault(values.stake),
    outcome: values.outcome,
    bonusBet: values.bonusBet,
    cashOutAmount: cashOutOf(values),
  });

export type ParlaySubmission =
  | { ok: true; body: ParlayInput }
  | { ok: false; reason: 'incomplete' }
  /** Legs whose odds cannot be read, and the message (the server's) for the first of them. */
  | { ok: false; reason: 'odds'; legIndexes: number[]; message: string }
  /** Anything else contracts' parlayBody refuses: its first message, and the builder's fields it names. */
  | { ok: false; reason: 'invalid'; message: string; errors: Partial<Record<'book' | 'tags' | 'cashOutAmount', string>> };

const ODDS_MESSAGES = { format: MESSAGES.oddsFormat, americanRange: MESSAGES.americanOddsRange, decimalRange: MESSAGES.decimalOddsRange };

/**
 * The body to save: only complete legs (at least 2); an empty name becomes 'Unnamed Parlay'; a date
 * only when the bettor chose one (the server dates the parlay on its latest leg otherwise); the
 * outcome follows the legs once none is pending (any loss loses; all pushed is a push; else a win).
 */
export const toParlaySubmission = (values: ParlayFormValues): ParlaySubmission => {
  const complete = values.legs.map((leg, index) => ({ leg, index })).filter(({ leg }) => isCompleteLeg(leg) || isUnpricedLeg(values, leg));
  if (complete.length < DEFAULTS.minParlayLegs) return { ok: false, reason: 'incomplete' };
  const reads = complete.filter(({ leg }) => !isUnpricedLeg(values, leg)).map(({ leg, index }) => ({ index, read: readOdds(leg.odds) }));
  const bad = reads.filter(({ read }) => !read.ok);
  if (bad.length > 0) {
    const first = bad[0].read;
    return {
      ok: false,
      reason: 'odds',
      legIndexes: bad.map(({ index }) => index),
      message: first.ok ? MESSAGES.oddsFormat : ODDS_MESSAGES[first.problem],
    };
  }

  const legs = complete.map(({ leg }) => ({
    sport: leg.sport as Sport,
    event: leg.event.trim(),
    selection: leg.selection.trim(),
    odds: isUnpricedLeg(values, leg) ? null : (storedOddsText(leg.odds) as string),
    date: leg.date,
    outcome: leg.outcome,
    league: leg.league.trim() || null,
    closingOdds: leg.closingOdds.trim() || null,
    startsAt: startsAtFromInput(leg.startsAt),
  }));
  const stake = stakeOrDefault(values.stake);
  const cashOutAmount = values.outcome === 'cashout' && values.cashOutAmount.trim() !== '' ? values.cashOutAmount : undefined;
  const totalOdds = totalOf(values, legs);
  const price = pricedParlay({
    legs,
    totalOdds,
    stake,
    outcome: values.outcome,
    bonusBet: values.bonusBet,
    cashOutAmount: cashOutOf(values),
  });
  const body = {
    name: values.name.trim() || DEFAULTS.parlayName,
    stake,
    outcome: price.outcome,
    notes: values.notes.trim() || null,
    ...(values.dateSet && values.date ? { date: values.date } : {}),
    legs,
    book: values.book,
    tags: values.tags,
    bonusBet: values.bonusBet,
    ...(price.outcome === 'cashout' ? { cashOutAmount } : {}),
  };
  // What the server would refuse (a book too long, too many tags, a cash-out without its amount,
  // a leg's closing odds), refused here with the server's words.
  // Legs without prices (an imported parlay's) are for an edit: checked as PUT checks them.
  const parsed = totalOdds ? parlayAmendBody.safeParse(body) : parlayBody.safeParse(body);
  if (!parsed.success) {
    const { book, tags, cashOutAmount: cashOut } = fieldErrors(parsed.error.issues);
    return { ok: false, reason: 'invalid', message: firstMessage(parsed.error), errors: { book, tags, cashOutAmount: cashOut } };
  }
  return {
    ok: true,
    body: {
      ...body,
      book: parsed.data.book,
      tags: parsed.data.tags,
      ...(price.outcome === 'cashout' ? { cashOutAmount: parsed.data.cashOutAmount } : {}),
      totalOdds: price.totalOdds,
      potentialProfit: price.potentialProfit,
    },
  };
};
