import type { Kysely } from 'kysely';
import { type Database, READ_SCHEMA } from '@bt/read-models';

/** The read models as the projector defines them (schema `read`). */
export type ReadDatabase = Database;

/** Every query goes through this: the tables live in schema `read`, swapped whole by a rebuild. */
export const readModels = (db: Kysely<ReadDatabase>) => db.withSchema(READ_SCHEMA);

/** Timestamps leave as ISO 8601 instants. */
export const iso = (at: Date | string): string => new Date(at).toISOString();
