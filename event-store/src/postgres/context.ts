import type pg from 'pg';
import type { StoreSql } from './sql';

/** What the parts of one Postgres event store (appends, reads, subscriptions) share. */
export interface StoreContext {
  /** The schema's name as configured: it prefixes the names of prepared statements. */
  readonly schemaName: string;
  /** The schema's name quoted, for SQL text. */
  readonly schema: string;
  readonly sql: StoreSql;
  /** The pool of append, reads and headPosition (subscriptions have connections of their own). */
  readonly pool: pg.Pool;
  /** Wakes live subscribers, of this store and any other on the database, after appends committed. */
  readonly notifyAppended: () => void;
}

/** A result row in `rowMode: 'array'`: each column as the server's text (the pool parses none). */
export type Row = string[];
