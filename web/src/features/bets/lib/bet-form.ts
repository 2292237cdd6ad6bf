import {
  SINGLE_BET_TYPES,
  type BetRow,
  type BetType,
  type OddsFormat,
  type Outcome,
  pricedBet,
  readAmount,
  type Sport,
  SPORTS,
  storedOddsText,
} from '@bt/contracts';
import { oddsForInput } from '../../../lib/preferences';
import { startsAtToInput } from '../../../lib/start-time';

/*
 * What the bet forms show as they render needs no zod (contracts' readAmount and storedOddsText,
 * the rules of the stake and odds fields): zod and the request schemas take a phone's CPU about a
 * quarter of a second to evaluate, so they load with validateBetForm (bet-form-checks.ts) only once
 * the bettor starts using the page.
 */

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
  const stake = typeof defaults.stake === 'string' && readAmount(defaults.stake).ok ? defaults.stake : start.stake;
  return { ...start, sport, betType, stake };
};

/**
 * The "To win" preview: what a win would pay at the odds and stake as typed, priced by contracts'
 * pricedBet as the server prices the saved bet; null until both are valid.
 */
export const toWinPreview = (values: Pick<BetFormValues, 'odds' | 'stake'>): number | null => {
  const odds = storedOddsText(values.odds);
  const stake = readAmount(values.stake);
  return odds !== undefined && stake.ok ? pricedBet({ odds, stake: stake.amount, outcome: 'win' }).potentialProfit : null;
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
