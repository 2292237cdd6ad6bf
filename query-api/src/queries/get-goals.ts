import type { Kysely } from 'kysely';
import { goalProgress, goalsQuery, type Goal } from '@bt/contracts';
import type { GoalRow } from '@bt/read-models';
import { iso, readModels, type ReadDatabase } from '../read-db';
import type { QueryRoute } from '../query-route';

/** A goal card as of `today` (YYYY-MM-DD): status, progress, days left and amount to go computed then. */
export const toGoal = (row: GoalRow, today: string): Goal => {
  const figures = goalProgress(
    { targetAmount: row.target_amount, currentAmount: row.current_amount, endDate: row.end_date, paused: row.paused },
    today,
  );
  return {
    id: row.id,
    userId: row.user_id,
    title: row.title,
    targetAmount: row.target_amount,
    currentAmount: row.current_amount,
    timeframe: row.timeframe,
    startDate: row.start_date,
    endDate: row.end_date,
    status: figures.status,
    description: row.description,
    createdAt: iso(row.created_at),
    progress: figures.progress,
    daysLeft: figures.daysLeft,
    amountToGo: figures.amountToGo,
    version: row.version,
  };
};

/** GET /api/goals: oldest first (the order they were set, as the projector lists them), each computed for today. */
export async function getGoals(db: Kysely<ReadDatabase>, userId: string, today: string): Promise<Goal[]> {
  const rows = await readModels(db)
    .selectFrom('goals')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return rows.map((row) => toGoal(row, today));
}

/** GET /api/goals?asOf: with asOf, status, days left and amount to go as they read on that day. */
export const goalsRoute: QueryRoute = {
  path: '/goals',
  heavy: 'asOf',
  answer: ({ db, userId, today, readAsOf }, ctx) =>
    readAsOf(goalsQuery.parse(ctx.query), {
      live: () => getGoals(db, userId, today()),
      replay: () => ({ rows: 'goals' }),
      answer: ({ goals }, day) => goals.map((row) => toGoal(row, day)),
    }),
};
