import type { Kysely } from 'kysely';
import { migrateSchema } from '@bt/platform/migrate-schema';
import * as transparencyLog001 from './migrations/2026-11-28-001-transparency-log';
import * as leavesByUser002 from './migrations/2026-11-29-002-leaves-by-user';

/** The transparency log's own schema: a read-model rebuild never drops or reorders it. */
export const LOG_SCHEMA = 'transparency';

/** The log's tables (schema `transparency`), as kysely reads them. */
export interface LogDatabase {
  leaves: {
    index: string;
    hash: Uint8Array;
    user_id: string;
    pick_id: string;
    commitment_salt: string;
    fields: unknown;
    stake: string;
    event_id: string;
    position_commit: string;
    position_prepare: string;
  };
  checkpoints: { size: string; root: Uint8Array; signed_at: Date; note: string };
  picks: { pick_id: string; state: unknown };
  follower: { id: number; position_commit: string; position_prepare: string };
}

/** Every query of the log goes through this. */
export const logTables = <DB>(db: Kysely<DB>): Kysely<LogDatabase> => (db as unknown as Kysely<LogDatabase>).withSchema(LOG_SCHEMA);

/** Creates schema `transparency` if needed and brings it up to date. */
export async function migrateTransparencyLog<DB>(db: Kysely<DB>): Promise<void> {
  await migrateSchema(db, LOG_SCHEMA, {
    '2026-11-28-001-transparency-log': transparencyLog001,
    '2026-11-29-002-leaves-by-user': leavesByUser002,
  });
}
