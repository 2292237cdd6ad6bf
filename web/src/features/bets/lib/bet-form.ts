import { betBody, BET_TYPES, type BetRow, type BetType, type Outcome, pricedBet, type Sport, SPORTS } from '@bt/contracts';
import { fieldErrors } from '../../../lib/form-errors';
import type { BetInput } from '../api/bets-api';

/** What the bet form holds: text, as the inputs give it. An empty stake counts as unset. */
export interface BetFormValues {
  sport: Sport | '';
  event: string;
  betType: BetType | '';
  odds: string;
  stake: string;
  outcome: Outcome;
  date: string;
  notes: string;
}

export type BetFormErrors = Partial<Record<keyof BetFormValues, string>>;

/** The add form's start: a choice to make for sport and type, outcome pending, dated today. */
export const emptyBetForm = (today: string): BetFormValues => ({
  sport: '',
  event: '',
  betType: '',
  odds: '',
  stake: '',
  outcome: 'pending',
  date: today,
  notes: '',
});

/** What the add form remembers from the last bet saved: its sport, bet type and stake. */
export type BetFormDefaults = Partial<Pick<BetFormValues, 'sport' | 'betType' | 'stake'>>;

/** The add form's start with the remembered choices filled in; anything unknown is left out. */
export const betFormWithDefaults = (today: string, defaults: BetFormDefaults): BetFormValues => {
  const start = emptyBetForm(today);
  const sport = (SPORTS as readonly string[]).includes(defaults.sport ?? '') ? (defaults.sport as Sport) : start.sport;
  const betType = (BET_TYPES as readonly string[]).includes(defaults.betType ?? '') ? (defaults.betType as BetType) : start.betType;
  const stake =
    typeof defaults.stake === 'string' && stakeFields.safeParse({ stake: defaults.stake }).success ? defaults.stake : start.stake;
  return { ...start, sport, betType, stake };
};

const stakeFields = betBody.pick({ stake: true });
const previewFields = betBody.pick({ odds: true, stake: true });

/**
 * The "To win" preview: what a win would pay at the odds and stake as typed, priced by contracts'
 * pricedBet as the server prices the saved bet; null until both are valid.
 */
export const toWinPreview = (values: Pick<BetFormValues, 'odds' | 'stake'>): number | null => {
  const parsed = previewFields.safeParse({ odds: values.odds, stake: values.stake });
  return parsed.success ? pricedBet({ odds: parsed.data.odds, stake: parsed.data.stake, outcome: 'win' }).potentialProfit : null;
};

export const betFormFrom = (bet: BetRow): BetFormValues => ({
  sport: bet.sport === 'parlay' ? '' : bet.sport,
  event: bet.event,
  betType: bet.betType,
  odds: bet.odds,
  stake: String(bet.stake),
  outcome: bet.outcome,
  date: bet.date,
  notes: bet.notes ?? '',
});

/** Checks the form with the contracts schema (the spec's messages); the body is what the API takes. */
export const validateBetForm = (values: BetFormValues): { ok: true; body: BetInput } | { ok: false; errors: BetFormErrors } => {
  const parsed = betBody.safeParse({
    sport: values.sport || undefined,
    event: values.event,
    betType: values.betType || undefined,
    odds: values.odds,
    stake: values.stake,
    outcome: values.outcome,
    notes: values.notes,
    date: values.date || undefined,
  });
  if (!parsed.success) return { ok: false, errors: fieldErrors(parsed.error.issues) };
  const { sport, event, betType, odds, stake, outcome, notes, date } = parsed.data;
  return { ok: true, body: { sport, event, betType, odds, stake, outcome, notes, date } };
};

/**
 * PUT /api/bets/:id body that settles a single bet at an outcome and changes nothing else (notes
 * left out stay). Null for a parlay's row: a parlay is settled through its legs.
 */
export const settleBody = (bet: BetRow, outcome: Outcome): BetInput | null =>
  bet.kind === 'parlay' || bet.sport === 'parlay'
    ? null
    : { sport: bet.sport, event: bet.event, betType: bet.betType, odds: bet.odds, stake: bet.stake, outcome, date: bet.date };
