import type { Selectable } from 'kysely';
import type { ProfileSports } from '@bt/contracts';
import { col, table, type TableType } from '../../columns';

/**
 * The user's public profile (PublicProfileSet on `user-{id}`): its handle and what the page shows.
 * No row until the user sets one; a removed profile (PublicProfileRemoved) keeps its row with no
 * handle, off (a user's one-row part is never deleted). A handle maps to
 * at most one enabled row at a time only as the log orders it: there is no unique index (two
 * users' streams may be projected in either order while a freed handle changes hands).
 */
export const public_profiles = table('public_profiles', {
  owner: 'user_id',
  key: ['user_id'],
  columns: {
    user_id: col.uuid(),
    /** Lower case; null once the profile is removed. */
    handle: col.text().orNull(),
    enabled: col.boolean(),
    /** 'all' or a list of sports ('parlay' for parlays). */
    sports: col.jsonb<ProfileSports>(),
    /** True: units only, no money. */
    units: col.boolean(),
    /** The first day of bets shown; null: from the first. */
    since: col.date().orNull(),
    /** The revision of `user-{id}` at the last change. */
    version: col.integer(),
    updated_at: col.timestamptz(),
  },
});

export type PublicProfileRow = Selectable<TableType<typeof public_profiles>>;
