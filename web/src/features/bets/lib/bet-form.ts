import { betBody, type BetRow, type BetType, type Outcome, type Sport } from '@bt/contracts';
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
