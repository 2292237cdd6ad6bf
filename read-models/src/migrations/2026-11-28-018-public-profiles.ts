import { sql, type Kysely } from 'kysely';

/**
 * public_profiles: each user's public profile (PublicProfileSet, PublicProfileRemoved on
 * `user-{id}`), found by its handle. Read models built before it gain it empty;
 * `npm run projections:rebuild` fills it from the log. Frozen once landed.
 */
export async function up(db: Kysely<unknown>, schema: string): Promise<void> {
  await sql`create table ${sql.id(schema, 'public_profiles')} (
    user_id uuid primary key,
    handle text,
    enabled boolean not null,
    sports jsonb not null,
    units boolean not null,
    since date,
    version integer not null,
    updated_at timestamptz not null)`.execute(db);
  await sql`create index ${sql.id('public_profiles_handle')} on ${sql.id(schema, 'public_profiles')} (handle) where enabled`.execute(db);
}
