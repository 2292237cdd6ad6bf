import type { Generated } from 'kysely';

/** `command.idempotency`: one row per (user, key), pending while the first attempt runs (shared/idempotency.ts). */
export interface IdempotencyTable {
  scope: string;
  key: string;
  /** sha256 of method, path, query and body: the same key with another request is refused. */
  fingerprint: string;
  state: 'pending' | 'done';
  status: number | null;
  /** The recorded answer's JSON body (written as JSON text). */
  body: unknown;
  position: string | null;
  created_at: Generated<Date>;
  /** The path of the POST that wrote it; null on a record from before 2026-11-27 (see idempotentCreate). */
  route: string | null;
  /** The claiming process's owner lock (shared/process-owner.ts); null without one. */
  owner: number | null;
}

/** `command.rate_limits`: the sign-in counters, laid out as rate-limiter-flexible's Postgres store expects (it writes them itself). */
export interface RateLimitsTable {
  key: string;
  points: Generated<number>;
  /** Epoch milliseconds (bigint: pg hands it back as text). */
  expire: string | null;
}

/** `command.imports`: the imports running, one row each from its ImportStarted to its end (imports/import-slots.ts). */
export interface ImportsTable {
  import_id: string;
  user_id: string;
  started_at: Generated<Date>;
}

/** `command.password_resets`: one row per "Forgot password" link sent (users/reset-tokens.ts). */
export interface PasswordResetsTable {
  /** SHA-256 (hex) of the link's token; the token itself is only ever in the e-mail. */
  token_hash: string;
  user_id: string;
  created_at: Date;
  expires_at: Date;
  /** When the link set a password, or was closed by another link that did; null while it can be used. */
  used_at: Date | null;
}

/**
 * Schema `command` as kysely sees it (its migrations: db/migrations/). The same handle also runs
 * raw SQL on `auth.sessions` (platform's session registry) and reads `read.*` (the withdrawal
 * check, an import's wait for the read models), which other workspaces own and type.
 */
export interface CommandDatabase {
  'command.idempotency': IdempotencyTable;
  'command.rate_limits': RateLimitsTable;
  'command.imports': ImportsTable;
  'command.password_resets': PasswordResetsTable;
}
