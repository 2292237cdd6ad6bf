import { sql, type Kysely } from 'kysely';

/**
 * "Forgot password" links (users/reset-tokens.ts): one row per link sent, holding the SHA-256 of its
 * token, never the token itself, so a copy of the database opens no account. Kept out of the event
 * log: a secret has no place in a history that is never deleted. Frozen.
 */
export async function up(db: Kysely<any>, schema: string): Promise<void> {
  await sql`
    create table if not exists ${sql.id(schema, 'password_resets')} (
      token_hash text primary key,
      user_id uuid not null,
      created_at timestamptz not null,
      expires_at timestamptz not null,
      used_at timestamptz
    )`.execute(db);
  await sql`create index if not exists password_resets_user on ${sql.id(schema, 'password_resets')} (user_id) where used_at is null`.execute(
    db,
  );
  await sql`create index if not exists password_resets_expiry on ${sql.id(schema, 'password_resets')} (expires_at)`.execute(db);
}
