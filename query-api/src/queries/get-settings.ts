import type { Kysely } from 'kysely';
import { DEFAULTS, type Settings, type UnitSizeCoverage } from '@bt/contracts';
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

/** GET /api/settings/unit-size/earlier: the bets and parlays (not removed) placed without a unit size, what applying it would cover. */
export async function getUnitSizeCoverage(db: Kysely<ReadDatabase>, userId: string): Promise<UnitSizeCoverage> {
  const [settings, counts] = await Promise.all([
    getSettings(db, userId),
    readModels(db)
      .selectFrom('bets')
      .select(['kind', (eb) => eb.fn.countAll<string>().as('count')])
      .where('user_id', '=', userId)
      .where('unit_size', 'is', null)
      .groupBy('kind')
      .execute(),
  ]);
  const count = (kind: 'bet' | 'parlay') => Number(counts.find((c) => c.kind === kind)?.count ?? 0);
  return { unitSize: settings.unitSize, bets: count('bet'), parlays: count('parlay') };
}

/** GET /api/settings/unit-size/earlier */
export const unitSizeCoverageRoute: QueryRoute = {
  path: '/settings/unit-size/earlier',
  answer: ({ db, userId }) => getUnitSizeCoverage(db, userId),
};
