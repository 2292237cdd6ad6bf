import {
  DEFAULTS,
  formatAmericanOdds,
  latestLegDate,
  type Outcome,
  type Parlay,
  parseAmericanOdds,
  pricedParlay,
  type PricedParlay,
  type Sport,
} from '@bt/contracts';
import type { ParlayInput } from '../api/parlays-api';

export interface LegValues {
  sport: Sport | '';
  event: string;
  selection: string;
  odds: string;
  date: string;
  outcome: Outcome;
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
}

/** A new leg: odds +100, dated today, pending. */
export const emptyLeg = (today: string): LegValues => ({
  sport: '',
  event: '',
  selection: '',
  odds: DEFAULTS.legOdds,
  date: today,
  outcome: 'pending',
});

/** The builder starts with 2 legs and a stake of 50. */
export const emptyParlayForm = (today: string): ParlayFormValues => ({
  name: '',
  stake: String(DEFAULTS.parlayStake),
  outcome: 'pending',
  notes: '',
  date: '',
  dateSet: false,
  legs: [emptyLeg(today), emptyLeg(today)],
});

export const parlayFormFrom = (parlay: Parlay): ParlayFormValues => ({
  name: parlay.name,
  stake: String(parlay.stake),
  outcome: parlay.outcome,
  notes: parlay.notes ?? '',
  date: parlay.date,
  dateSet: parlay.dateSet,
  legs: parlay.legs.map((leg) => ({ ...leg })),
});

/** The parlay's date as the form stands: the bettor's, else the latest leg's (DESIGN "A parlay's date"). */
export const formDate = (values: ParlayFormValues, today: string): string =>
  values.dateSet && values.date ? values.date : (latestLegDate(values.legs.filter((leg) => leg.date !== '')) ?? today);

/** The bettor typed a date; clearing the field gives the date back to the legs. */
export const withDate = (values: ParlayFormValues, date: string): ParlayFormValues => ({ ...values, date, dateSet: date !== '' });

/** A leg counts once sport, event, selection and odds are all filled. */
export const isCompleteLeg = (leg: LegValues): boolean =>
  [leg.sport, leg.event, leg.selection, leg.odds].every((value) => value.trim() !== '');

/** Spec 5: a stake that is 0 or not a number becomes 50. */
export const stakeOrDefault = (stake: string): number => {
  const value = Number.parseFloat(stake);
  return Number.isFinite(value) && value > 0 ? Math.round(value * 100) / 100 : DEFAULTS.parlayStake;
};

/**
 * The preview of the legs as they stand, priced as the server prices the saved parlay (contracts'
 * pricedParlay): total odds, potential profit, and the outcome and profit the legs give. Legs
 * without valid odds are priced out.
 */
export const priceForm = (values: ParlayFormValues): PricedParlay =>
  pricedParlay({ legs: values.legs, stake: stakeOrDefault(values.stake), outcome: values.outcome });

export type ParlaySubmission =
  { ok: true; body: ParlayInput } | { ok: false; reason: 'incomplete' } | { ok: false; reason: 'odds'; legIndexes: number[] };

/**
 * The body to save: only complete legs (at least 2); an empty name becomes 'Unnamed Parlay'; a date
 * only when the bettor chose one (the server dates the parlay on its latest leg otherwise); the
 * outcome follows the legs once none is pending (any loss loses; all pushed is a push; else a win).
 */
export const toParlaySubmission = (values: ParlayFormValues): ParlaySubmission => {
  const complete = values.legs.map((leg, index) => ({ leg, index })).filter(({ leg }) => isCompleteLeg(leg));
  if (complete.length < DEFAULTS.minParlayLegs) return { ok: false, reason: 'incomplete' };
  const badOdds = complete.filter(({ leg }) => parseAmericanOdds(leg.odds) === undefined).map(({ index }) => index);
  if (badOdds.length > 0) return { ok: false, reason: 'odds', legIndexes: badOdds };

  const legs = complete.map(({ leg }) => ({
    sport: leg.sport as Sport,
    event: leg.event.trim(),
    selection: leg.selection.trim(),
    odds: formatAmericanOdds(parseAmericanOdds(leg.odds) as number),
    date: leg.date,
    outcome: leg.outcome,
  }));
  const stake = stakeOrDefault(values.stake);
  const price = pricedParlay({ legs, stake, outcome: values.outcome });
  return {
    ok: true,
    body: {
      name: values.name.trim() || DEFAULTS.parlayName,
      stake,
      outcome: price.outcome,
      notes: values.notes.trim() || null,
      ...(values.dateSet && values.date ? { date: values.date } : {}),
      legs,
      totalOdds: price.totalOdds,
      potentialProfit: price.potentialProfit,
    },
  };
};
