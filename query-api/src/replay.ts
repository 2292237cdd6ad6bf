import type { Kysely } from 'kysely';
import type { EventStore } from '@bt/event-store';
import { MESSAGES } from '@bt/contracts';
import { HttpError } from '@bt/platform';
import { ReplayFailed, replayUserInSlices, type UserReadModels } from '@bt/projector';
import type { ReadDatabase } from './read-db';
import { readUserEvents } from './read-streams';
import { userStreamIds } from './user-streams';

/**
 * The user's read-model rows as they stood at `asOf`: their events recorded up to then (the
 * command's `occurredAt`, which survives a move between event stores, unlike the store's own
 * timestamp), read from their streams in log order with one batched `readStreams` (100,000 bets,
 * ~210,000 events: ~2.5 s of reading where a read per stream took ~12 s), folded in memory by the
 * projector's own code, in slices so the server answers others meanwhile. The caller formats
 * the rows with the same functions as the live tables.
 */
export async function replayAsOf(db: Kysely<ReadDatabase>, store: EventStore, userId: string, asOf: Date): Promise<UserReadModels> {
  const events = await readUserEvents(store, userId, await userStreamIds(db, userId));
  try {
    return await replayUserInSlices(events, { userId, recordedUntil: asOf });
  } catch (error) {
    if (error instanceof ReplayFailed) throw new HttpError(503, MESSAGES.replayUnavailable);
    throw error;
  }
}
