import { dayOf, latestLegDate, MESSAGES, parlayOutcome, type ImportedParlayBody } from '@bt/contracts';
import { ConflictError, ValidationError } from '@bt/platform';
import { unreachable, type Command } from '../shared/command';
import { saltOf } from '../shared/commitment';
import { normalLeg, type Parlay, type ParlayEvent } from './parlay';

/**
 * A new parlay: ParlayCreated (the parlay's date defaults to its latest leg's date, else today; a
 * leg's date to the parlay's), and
 * ParlaySettled when the outcome derived from the legs (or chosen while legs are pending) is settled.
 * `unitSize` is the user's unit size at creation (null without one), kept whatever they set later.
 * An imported parlay (another tracker's) may have legs without prices: then it has `totalOdds`.
 * `commitmentSalt` (drawn by the route; absent on imported rows) goes into the event for its transparency-log leaf.
 */
export type CreateParlay = Command<
  'CreateParlay',
  ImportedParlayBody & { parlayId: string; unitSize: number | null; commitmentSalt?: string }
>;

export const createParlay = (command: CreateParlay, state: Parlay): ParlayEvent[] => {
  switch (state.status) {
    case 'none': {
      const { parlayId, name, stake, notes, unitSize } = command.data;
      const { userId, now } = command.metadata;
      const dateSet = command.data.date !== undefined;
      const date = command.data.date ?? latestLegDate(command.data.legs) ?? dayOf(now);
      const legs = command.data.legs.map((leg) => normalLeg(leg, date));
      const totalOdds = command.data.totalOdds ?? null;
      if (totalOdds === null && legs.some((leg) => leg.odds === null)) throw new ValidationError(MESSAGES.parlayIncomplete);
      const outcome = parlayOutcome(legs, command.data.outcome);
      const created: ParlayEvent = {
        type: 'ParlayCreated',
        data: {
          userId,
          parlayId,
          name,
          stake,
          notes,
          date,
          dateSet,
          legs,
          // Only an imported parlay has its own total (absent reads as none).
          ...(totalOdds !== null ? { totalOdds } : {}),
          book: command.data.book ?? null,
          tags: command.data.tags ?? [],
          bonusBet: command.data.bonusBet ?? false,
          unitSize,
          ...saltOf(command.data),
        },
      };
      if (outcome === 'pending') return [created];
      const cashOutAmount = outcome === 'cashout' ? (command.data.cashOutAmount ?? null) : null;
      return [created, { type: 'ParlaySettled', data: { userId, parlayId, outcome, cashOutAmount } }];
    }
    case 'created':
    case 'removed':
      throw new ConflictError(MESSAGES.parlayExists);
    default:
      return unreachable(state);
  }
};
