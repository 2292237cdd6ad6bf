import { sql, type Kysely } from 'kysely';
import { toCents, type Streak } from '@bt/contracts';
import { emptyDirty, newUserState, type UserState } from '../projections/state';
import type { Database } from './schema';

/** jsonb hands keys back in its own order; rebuild streaks in the projection's order so equal means equal. */
const streak = (s: Streak | null): Streak | null =>
  s && { type: s.type, length: s.length, startDate: s.startDate, endDate: s.endDate, profit: s.profit };

/**
 * Loads users' projection state from the tables of `schema` (live projection touching a user for
 * the first time, or a rebuild resuming). A user without a `user_stats` row has never been
 * projected: they get a new state.
 */
export async function loadUserStates(db: Kysely<Database>, schema: string, userIds: readonly string[]): Promise<Map<string, UserState>> {
  const states = new Map<string, UserState>();
  if (userIds.length === 0) return states;
  const s = db.withSchema(schema);
  const mine = sql<boolean>`user_id = any(${[...userIds]}::uuid[])`;
  const [stats, users, bets, parlays, bankrolls, days, sports, streaks, goals, journal] = await Promise.all([
    s.selectFrom('user_stats').selectAll().where(mine).execute(),
    s.selectFrom('users').selectAll().where(sql<boolean>`id = any(${[...userIds]}::uuid[])`).execute(),
    s.selectFrom('bets').selectAll().where(mine).execute(),
    s.selectFrom('parlays').selectAll().where(mine).execute(),
    s.selectFrom('bankroll').selectAll().where(mine).execute(),
    s.selectFrom('daily').selectAll().where(mine).execute(),
    s.selectFrom('sport_distribution').selectAll().where(mine).execute(),
    s.selectFrom('streaks').selectAll().where(mine).execute(),
    s.selectFrom('goals').selectAll().where(mine).execute(),
    s.selectFrom('journal_entries').selectAll().where(mine).execute(),
  ]);

  for (const row of stats) {
    const state = newUserState(row.user_id);
    state.dirty = emptyDirty();
    state.persisted.aggregates = true;
    state.stats = {
      betCount: row.bet_count,
      parlayCount: row.parlay_count,
      wins: row.wins,
      losses: row.losses,
      pushes: row.pushes,
      pending: row.pending,
      settledStakeCents: toCents(row.settled_stake),
      profitCents: toCents(row.total_profit),
    };
    states.set(row.user_id, state);
  }
  for (const id of userIds) if (!states.has(id)) states.set(id, newUserState(id));
  const known = (userId: string) => {
    const state = states.get(userId)!;
    return state.dirty.stats ? undefined : state; // a new user's rows elsewhere would be orphans: ignore them
  };

  for (const row of users) {
    const state = known(row.id);
    if (state) {
      state.user = row;
      state.persisted.user = true;
    }
  }
  for (const row of bets) {
    const state = known(row.user_id);
    state?.history.set(row.id, row);
    state?.persisted.history.add(row.id);
  }
  for (const row of parlays) {
    const state = known(row.user_id);
    state?.parlays.set(row.id, row);
    state?.persisted.parlays.add(row.id);
  }
  for (const row of bankrolls) {
    const state = known(row.user_id);
    if (state) {
      state.bankroll = {
        depositsCents: toCents(row.deposits),
        withdrawalsCents: toCents(row.withdrawals),
        settledProfitCents: toCents(row.settled_profit),
        updatedAt: row.updated_at,
      };
    }
  }
  for (const row of days) {
    known(row.user_id)?.persisted.days.add(row.date);
    known(row.user_id)?.days.set(row.date, {
      placed: row.placed,
      wins: row.wins,
      losses: row.losses,
      pushes: row.pushes,
      pending: row.pending,
      settledStakeCents: toCents(row.settled_stake),
      profitCents: toCents(row.profit),
    });
  }
  for (const row of sports) {
    known(row.user_id)?.persisted.sports.add(row.sport);
    known(row.user_id)?.sports.set(row.sport, { count: row.count, stakeCents: toCents(row.stake), profitCents: toCents(row.profit) });
  }
  for (const row of streaks) {
    const state = known(row.user_id);
    if (state) {
      state.streaks = {
        current_streak: streak(row.current_streak),
        longest_win_streak: streak(row.longest_win_streak),
        longest_loss_streak: streak(row.longest_loss_streak),
        recent_streaks: row.recent_streaks.map((s) => streak(s)!),
        streaks_by_month: row.streaks_by_month.map((m) => ({ month: m.month, winStreaks: m.winStreaks, lossStreaks: m.lossStreaks })),
      };
    }
  }
  for (const row of goals) {
    known(row.user_id)?.goals.set(row.id, row);
    known(row.user_id)?.persisted.goals.add(row.id);
  }
  for (const row of journal) {
    known(row.user_id)?.journal.set(row.id, row);
    known(row.user_id)?.persisted.journal.add(row.id);
  }
  return states;
}
