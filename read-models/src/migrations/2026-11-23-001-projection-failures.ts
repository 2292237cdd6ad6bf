import { sql, type Kysely } from 'kysely';

/** Users set aside by the projector (see ProjectionFailuresTable). Frozen once landed. */
export async function up(db: Kysely<unknown>, schema: string): Promise<void> {
  await sql`create table ${sql.id(schema, 'projection_failures')} (
    user_id text primary key,
    stream_id text not null,
    revision text not null,
    position text not null,
    event_type text not null,
    error text not null,
    failed_at timestamptz not null)`.execute(db);
}
