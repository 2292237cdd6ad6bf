import type { Kysely } from 'kysely';
import type { EventStore } from '@bt/event-store';
import { MESSAGES } from '@bt/contracts';
import { HttpError } from '@bt/platform';
import {
  ReplayFailed,
  replayUserInSlices,
  type DailyRow,
  type GoalRow,
  type SportDistributionRow,
  type StreaksRow,
  type UserReadModels,
  type UserStatsRow,
} from '@bt/projector';
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

/** What an asOf read asks a replay for: the stats rows (days from `daysFrom` on, all when absent), the streaks row or the goals rows. */
export type ReplayRequest =
  | { userId: string; asOf: Date; rows: 'stats'; daysFrom?: string }
  | { userId: string; asOf: Date; rows: 'streaks' }
  | { userId: string; asOf: Date; rows: 'goals' };

/** Only the rows the request names: all a worker posts back to the main thread. */
export type ReplayAnswer =
  | { rows: 'stats'; totals: UserStatsRow | undefined; days: DailyRow[]; sports: SportDistributionRow[] }
  | { rows: 'streaks'; streaks: StreaksRow | undefined }
  | { rows: 'goals'; goals: GoalRow[] };

/**
 * Replays and keeps only what the request names, so a worker posts back a few rows rather than the
 * user's whole history. The lists of a replay are built when first read, so the others cost nothing.
 */
export async function replayRows(db: Kysely<ReadDatabase>, store: EventStore, request: ReplayRequest): Promise<ReplayAnswer> {
  const rows = await replayAsOf(db, store, request.userId, request.asOf);
  if (request.rows === 'streaks') return { rows: 'streaks', streaks: rows.streaks ?? undefined };
  if (request.rows === 'goals') return { rows: 'goals', goals: rows.goals };
  const { daysFrom } = request;
  return {
    rows: 'stats',
    totals: rows.userStats ?? undefined,
    days: daysFrom === undefined ? rows.daily : rows.daily.filter((day) => day.date >= daysFrom),
    sports: rows.sportDistribution,
  };
}
