import type { ProfileAnswer, ProfileSports } from '@bt/contracts';
import { readModels } from '../read-db';
import type { QueryRoute } from '../query-route';

/** GET /api/profile: the signed-in user's public profile settings; `profile` null until set (or once removed). */
export const profileRoute: QueryRoute = {
  path: '/profile',
  answer: async ({ db, userId }): Promise<ProfileAnswer> => {
    const row = await readModels(db).selectFrom('public_profiles').selectAll().where('user_id', '=', userId).executeTakeFirst();
    if (!row || row.handle === null) return { profile: null };
    return {
      profile: {
        handle: row.handle,
        enabled: row.enabled,
        sports: row.sports as ProfileSports,
        units: row.units,
        since: row.since,
        path: `/u/${row.handle}`,
        version: row.version,
      },
    };
  },
};
