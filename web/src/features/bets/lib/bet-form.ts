import {
  betBody,
  SINGLE_BET_TYPES,
  type BetRow,
  type BetType,
  type OddsFormat,
  type Outcome,
  pricedBet,
  type Sport,
  SPORTS,
} from '@bt/contracts';
import { fieldErrors } from '../../../lib/form-errors';
import { oddsForInput } from '../../../lib/preferences';
import { startsAtFromInput, startsAtToInput } from '../../../lib/start-time';
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
  /** The event's start, as a datetime-local input holds it (local time, no offset); '' for none. */
  startsAt: string;
  notes: string;
  book: string;
  league: string;
  /** Comma-separated, as typed. */
  tags: string;
  closingOdds: string;
  bonusBet: boolean;
  /** Only sent when the outcome is 'cashout'. */
  cashOutAmount: string;
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
  startsAt: '',
  notes: '',
  book: '',
  league: '',
  tags: '',
  closingOdds: '',
  bonusBet: false,
  cashOutAmount: '',
});

/** What the add form remembers from the last bet saved: its sport, bet type and stake. */
export type BetFormDefaults = Partial<Pick<BetFormValues, 'sport' | 'betType' | 'stake'>>;

/** The add form's start with the remembered choices filled in; anything unknown is left out. */
export const betFormWithDefaults = (today: string, defaults: BetFormDefaults): BetFormValues => {
  const start = emptyBetForm(today);
  const sport = (SPORTS as readonly string[]).includes(defaults.sport ?? '') ? (defaults.sport as Sport) : start.sport;
  const betType = (SINGLE_BET_TYPES as readonly string[]).includes(defaults.betType ?? '') ? (defaults.betType as BetType) : start.betType;
  const stake =
    typeof defaults.stake === 'string' && stakeFields.safeParse({ stake: defaults.stake }).success ? defaults.stake : start.stake;
  return { ...start, sport, betType, stake };
};

const stakeFields = betBody.in.pick({ stake: true });
const previewFields = betBody.in.pick({ odds: true, stake: true });

/**
 * The "To win" preview: what a win would pay at the odds and stake as typed, priced by contracts'
 * pricedBet as the server prices the saved bet; null until both are valid.
 */
export const toWinPreview = (values: Pick<BetFormValues, 'odds' | 'stake'>): number | null => {
  const parsed = previewFields.safeParse({ odds: values.odds, stake: values.stake });
  return parsed.success ? pricedBet({ odds: parsed.data.odds, stake: parsed.data.stake, outcome: 'win' }).potentialProfit : null;
};

/** The odds of a row as an edit form shows them: in the bettor's format when that keeps the price exactly. */
const rowOdds = (bet: BetRow, format: OddsFormat) => oddsForInput({ american: bet.odds, decimal: bet.decimalOdds }, format);

/** The edit form of a row. Rows from before books and tags may lack those fields: they read blank. */
export const betFormFrom = (bet: BetRow, format: OddsFormat = 'american'): BetFormValues => ({
  sport: bet.sport === 'parlay' ? '' : bet.sport,
  event: bet.event,
  betType: bet.betType,
  odds: rowOdds(bet, format),
  stake: String(bet.stake),
  outcome: bet.outcome,
  date: bet.date,
  startsAt: startsAtToInput(bet.startsAt),
  notes: bet.notes ?? '',
  book: bet.book ?? '',
  league: bet.league ?? '',
  tags: (bet.tags ?? []).join(', '),
  closingOdds: bet.closingOdds ?? '',
  bonusBet: bet.bonusBet ?? false,
  cashOutAmount: bet.cashOutAmount === null || bet.cashOutAmount === undefined ? '' : String(bet.cashOutAmount),
});

/**
 * Checks the form with the contracts schema (the server's messages); the body is what the API
 * takes. `unchangedClose`: the closing odds the form started with; sent back unchanged they are
 * left out, so an edit keeps the close exactly as stored.
 */
export const validateBetForm = (
  values: BetFormValues,
  unchangedClose?: string,
): { ok: true; body: BetInput } | { ok: false; errors: BetFormErrors } => {
  const cashOut = values.outcome === 'cashout' && values.cashOutAmount.trim() !== '' ? values.cashOutAmount : undefined;
  const parsed = betBody.safeParse({
    sport: values.sport || undefined,
    event: values.event,
    betType: values.betType || undefined,
    odds: values.odds,
    stake: values.stake,
    outcome: values.outcome,
    notes: values.notes,
    date: values.date || undefined,
    startsAt: startsAtFromInput(values.startsAt),
    book: values.book,
    league: values.league,
    tags: values.tags,
    closingOdds: values.closingOdds,
    bonusBet: values.bonusBet,
    cashOutAmount: cashOut,
  });
  if (!parsed.success) return { ok: false, errors: fieldErrors(parsed.error.issues) };
  const { sport, event, betType, odds, stake, outcome, notes, date, startsAt, book, league, tags, closingOdds, bonusBet, cashOutAmount } =
    parsed.data;
  const keepClose = unchangedClose !== undefined && values.closingOdds.trim() === unchangedClose.trim() && unchangedClose.trim() !== '';
  return {
    ok: true,
    body: {
      sport,
      event,
      betType,
      odds,
      stake,
      outcome,
      notes,
      date,
      startsAt,
      book,
      league,
      tags,
      ...(keepClose ? {} : { closingOdds }),
      bonusBet,
      ...(outcome === 'cashout' ? { cashOutAmount } : {}),
    },
  };
};
