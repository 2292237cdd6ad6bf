import { sql, type Kysely } from 'kysely';
import { READ_SCHEMA } from './database';

const UNDEFINED_TABLE = '42P01';
const UNDEFINED_SCHEMA = '3F000';

/**
 * A user's settled profit per the bankroll read model (0 for a user without a row; undefined while
 * there is no read model at all): command-api's withdrawal check reads it here rather than folding
 * every bet and parlay stream of the user.
 *
 * Design note: why the command side may read the read model here. The balance is not an invariant
 * the bankroll stream can guard: a settled loss lowers it at any time without touching that
 * stream, so the check on a withdrawal only keeps a bettor from taking out more than the app shows,
 * and a few moments' lag (the projector behind the log) moves that line by the bets settled in
 * those moments, as it would had the withdrawal come a moment earlier. The figure never decides an
 * event's contents, only whether to refuse one, and deposits and withdrawals (the parts of the
 * balance that are the bankroll stream's own) still come from the stream, folded in the decider.
 * Folding every bet and parlay stream of the user on each withdrawal would cost a read per bet.
 */
export const settledProfitFromReadModel =
  <DB>(db: Kysely<DB>) =>
  async (userId: string): Promise<number | undefined> => {
    try {
      const { rows } = await sql<{
        settled_profit: number;
      }>`SELECT settled_profit FROM ${sql.id(READ_SCHEMA, 'bankroll')} WHERE user_id = ${userId}`.execute(db);
      return Number(rows[0]?.settled_profit ?? 0);
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (code === UNDEFINED_TABLE || code === UNDEFINED_SCHEMA) return undefined;
      throw error;
    }
  };
