import type { Kysely } from 'kysely';
import { DEFAULTS, type Settings } from '@bt/contracts';
import type { UserSettingsRow } from '@bt/read-models';
import { readModels, type ReadDatabase } from '../read-db';
import type { QueryRoute } from '../query-route';

export const toSettings = (row: UserSettingsRow | undefined): Settings => ({
  oddsFormat: row?.odds_format ?? DEFAULTS.oddsFormat,
  unitSize: row?.unit_size ?? null,
});

/** GET /api/settings: the user's preferences; american odds and no unit size until they set them. */
export async function getSettings(db: Kysely<ReadDatabase>, userId: string): Promise<Settings> {
  const row = await readModels(db).selectFrom('user_settings').selectAll().where('user_id', '=', userId).executeTakeFirst();
  return toSettings(row);
}

/** GET /api/settings */
export const settingsRoute: QueryRoute = { path: '/settings', answer: ({ db, userId }) => getSettings(db, userId) };
