import { betBody } from '@bt/contracts';
import { fieldErrors } from '../../../lib/form-errors';
import { startsAtFromInput } from '../../../lib/start-time';
import type { BetInput } from '../api/bets-api';
import type { BetFormErrors, BetFormValues } from './bet-form';

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
