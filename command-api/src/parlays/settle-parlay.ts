import { MESSAGES, parlayOutcome, type LegSettleBody, type Outcome, type SettleBody } from '@bt/contracts';
import { NotFoundError } from '@bt/platform';
import { unreachable, type Command } from '../shared/command';
import type { CreatedParlay, Parlay, ParlayEvent } from './parlay';

/**
 * One tap's settlement of a parlay (POST /api/bets/:id/settle with a parlay's id): the outcome
 * chosen, as far as the legs allow (`parlayOutcome`: a lost leg makes it a loss whatever is
 * chosen; void and cash-out always stand). An undo sends the outcome it replaces.
 */
export type SettleParlay = Command<'SettleParlay', SettleBody & { parlayId: string }>;

/** One leg's outcome (POST /api/parlays/:id/legs/:index/settle); `index` counts from 0. */
export type SettleLeg = Command<'SettleLeg', LegSettleBody & { parlayId: string; index: number }>;

const created = (state: Parlay, userId: string, notFound: string): CreatedParlay => {
  switch (state.status) {
    case 'none':
    case 'removed':
      throw new NotFoundError(notFound);
    case 'created':
      // Another user's parlay is exactly as missing as one that never was.
      if (state.userId !== userId) throw new NotFoundError(notFound);
      return state;
    default:
      return unreachable(state);
  }
};

const settled = (state: CreatedParlay, outcome: Outcome, cashOutAmount: number | null): ParlayEvent[] =>
  outcome === state.outcome && cashOutAmount === state.cashOutAmount
    ? []
    : [{ type: 'ParlaySettled', data: { userId: state.userId, parlayId: state.parlayId, outcome, cashOutAmount } }];

export const settleParlay = (command: SettleParlay, state: Parlay, notFound: string = MESSAGES.parlayNotFound): ParlayEvent[] => {
  const parlay = created(state, command.metadata.userId, notFound);
  const outcome = parlayOutcome(parlay.legs, command.data.outcome);
  return settled(parlay, outcome, outcome === 'cashout' ? (command.data.cashOutAmount ?? null) : null);
};

/**
 * ParlayAmended with the legs as they now are, then ParlaySettled when the parlay's outcome moves.
 * The parlay's own outcome is kept as chosen only when the old legs did not decide it (a void or
 * cash-out, or one chosen while legs were pending); one the legs decided follows the new legs, so
 * setting a leg back to pending (an undo) sets a parlay its loss had decided back to pending.
 */
export const settleLeg = (command: SettleLeg, state: Parlay): ParlayEvent[] => {
  const parlay = created(state, command.metadata.userId, MESSAGES.parlayNotFound);
  const { index, outcome } = command.data;
  const leg = parlay.legs[index];
  if (!leg) throw new NotFoundError(MESSAGES.legNotFound);
  if (leg.outcome === outcome) return [];
  const legs = parlay.legs.map((l, i) => (i === index ? { ...l, outcome } : l));
  const decidedByLegs = parlayOutcome(parlay.legs) === parlay.outcome;
  const next = parlayOutcome(legs, decidedByLegs ? 'pending' : parlay.outcome);
  const { userId, parlayId } = parlay;
  return [
    { type: 'ParlayAmended', data: { userId, parlayId, changes: { legs } } },
    ...settled(parlay, next, next === 'cashout' ? parlay.cashOutAmount : null),
  ];
};
