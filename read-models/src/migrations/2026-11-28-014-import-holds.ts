import { sql, type Kysely } from 'kysely';

/**
 * Users held while an import of theirs runs (DESIGN "Imports"): their events wait until the import
 * ends, then a release folds them all at once. Frozen once landed.
 */
export async function up(db: Kysely<unknown>, schema: string): Promise<void> {
  await sql`
    create table ${sql.id(schema, 'import_holds')} (
      user_id uuid primary key,
      import_id text not null,
      open boolean not null,
      resume_after text not null,
      started_before text
    )`.execute(db);
}
