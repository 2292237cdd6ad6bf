import type { RecordedEvent } from '@bt/event-store/port';
import { projectEvent, settleUser } from './projections/index';
import { userReadModels, type UserReadModels } from './projections/rows';
import { newUserState, userOf } from './projections/state';

export type { UserReadModels } from './projections/rows';

export interface ReplayOptions {
  /** Whose rows to compute; defaults to the user of the first event. Other users' events are skipped. */
  userId?: string;
}

/**
 * Folds one user's events in memory with the same projection code as the live tables, and returns
 * the rows the read models would hold for that user after them: `asOf` replay passes the user's
 * events recorded up to a moment, in log order (merge the user's streams by position).
 */
export const replayUser = (events: readonly RecordedEvent[], options: ReplayOptions = {}): UserReadModels => {
  const userId = options.userId ?? events.map(userOf).find((id) => id !== undefined);
  if (userId === undefined) return userReadModels(newUserState('00000000-0000-0000-0000-000000000000'), false);
  const state = newUserState(userId);
  let folded = 0;
  try {
    for (const event of events) {
      if (userOf(event) !== userId) continue;
      projectEvent(state, event);
      folded += 1;
    }
    settleUser(state);
  } catch (error) {
    throw new ReplayFailed(userId, error);
  }
  return userReadModels(state, folded > 0);
};

/** One of the user's events could not be folded (the live projector sets such a user aside). */
export class ReplayFailed extends Error {
  constructor(readonly userId: string, cause: unknown) {
    super(`Replaying user ${userId} failed: ${(cause as Error)?.message ?? String(cause)}`, { cause });
  }
}
