import type { Kysely } from 'kysely';
import { migrateSchema, migrateSessions, type SchemaMigration } from '@bt/platform';
import { pruneIdempotencyRecords } from '../shared/idempotency';
import type { CommandDatabase } from './schema';
import * as commandSchema001 from './migrations/2026-11-23-001-command-schema';
import * as idempotencyRoute002 from './migrations/2026-11-27-002-idempotency-route';
import * as imports003 from './migrations/2026-11-28-003-imports';
import * as passwordResets004 from './migrations/2026-11-28-004-password-resets';
import * as idempotencyOwner005 from './migrations/2026-11-28-005-idempotency-owner';

/** Schema `command`'s migrations in order; date-prefixed names. Append, never edit a landed one. */
const MIGRATIONS: Record<string, SchemaMigration> = {
  '2026-11-23-001-command-schema': commandSchema001,
  '2026-11-27-002-idempotency-route': idempotencyRoute002,
  '2026-11-28-003-imports': imports003,
  '2026-11-28-004-password-resets': passwordResets004,
  '2026-11-28-005-idempotency-owner': idempotencyOwner005,
};

/**
 * Brings schemas `command` and `auth` (session generations) up to date and drops expired
 * idempotency records; safe to run concurrently and repeatedly. The launcher (or main.ts) calls it
 * at start-up; createCommandApi also runs it lazily once.
 */
export const migrateCommandSchema = async (db: Kysely<CommandDatabase>): Promise<void> => {
  await migrateSchema(db, 'command', MIGRATIONS);
  await pruneIdempotencyRecords(db);
  await migrateSessions(db);
};
