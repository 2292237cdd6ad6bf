import type { Kysely } from 'kysely';
import { streaksQuery, type StreakStats } from '@bt/contracts';
import type { StreaksRow } from '@bt/read-models';
import { readModels, type ReadDatabase } from '../read-db';
import type { QueryRoute } from '../query-route';

/** GET /api/stats/streaks from the user's streaks row (live or replayed); none yet: nulls and empty lists. */
export const toStreakStats = (row: StreaksRow | undefined): StreakStats => ({
  currentStreak: row?.current_streak ?? null,
  longestWinStreak: row?.longest_win_streak ?? null,
  longestLossStreak: row?.longest_loss_streak ?? null,
  recentStreaks: row?.recent_streaks ?? [],
  streaksByMonth: row?.streaks_by_month ?? [],
});

/** GET /api/stats/streaks for now: one row, precomputed by the projector. */
export async function getStreaks(db: Kysely<ReadDatabase>, userId: string): Promise<StreakStats> {
  const row = await readModels(db).selectFrom('streaks').selectAll().where('user_id', '=', userId).executeTakeFirst();
  return toStreakStats(row);
}

/** GET /api/stats/streaks?asOf */
export const streaksRoute: QueryRoute = {
  path: '/stats/streaks',
  heavy: 'asOf',
  answer: ({ db, userId, readAsOf }, ctx) =>
    readAsOf(streaksQuery.parse(ctx.query), {
      live: () => getStreaks(db, userId),
      replay: () => ({ rows: 'streaks' }),
      answer: ({ streaks }) => toStreakStats(streaks),
    }),
};
