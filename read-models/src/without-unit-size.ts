import { sql, type Kysely } from 'kysely';
import { READ_SCHEMA } from './database';

/** A bet or parlay of the bet history that was placed without a unit size. */
export interface WithoutUnitSize {
  id: string;
  kind: 'bet' | 'parlay';
}

/**
 * The user's bets and parlays without a unit size per the `bets` read model (removed ones are not
 * there): what "apply my unit size to earlier bets" looks at. command-api reads each one's stream
 * before it decides, so the read model only names the candidates; one placed a moment ago and not
 * yet projected is left for the next time (Settings counts it then).
 */
export const withoutUnitSizeFromReadModel =
  <DB>(db: Kysely<DB>) =>
  async (userId: string): Promise<WithoutUnitSize[]> => {
    const { rows } = await sql<WithoutUnitSize>`SELECT id, kind FROM ${sql.id(READ_SCHEMA, 'bets')}
      WHERE user_id = ${userId} AND unit_size IS NULL ORDER BY created_at, id`.execute(db);
    return rows;
  };
