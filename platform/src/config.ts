import { z } from 'zod';

/**
 * Parses a service's environment once, failing fast with a message that names each bad variable.
 * Call from the service's own `src/config.ts`, which returns camelCase keys (`readConfig`).
 */
export const parseEnv = <S extends z.ZodObject<z.ZodRawShape>>(schema: S, env: NodeJS.ProcessEnv = process.env): z.infer<S> => {
  const result = schema.safeParse(env);
  if (result.success) return result.data;
  const problems = result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
  throw new Error(`Bad configuration: ${problems}`);
};

/** A TCP port, `fallback` when unset (each service has its own; 0 picks a free one). */
export const port = (fallback: number) => z.coerce.number().int().min(0).max(65535).default(fallback);
export const postgresUrl = z.string().regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL');

/** A positive whole number (a limit or a size), `fallback` when unset. */
export const count = (fallback: number) => z.coerce.number().int().min(1).default(fallback);

/**
 * TRUST_PROXY_HOPS: how many proxies in front of a service append to X-Forwarded-For and are
 * trusted to (0: none; the socket's address is the client's, and a sent X-Forwarded-For is ignored).
 */
export const trustProxyHops = z.coerce.number().int().min(0).max(10).default(0);

/**
 * The one rule of each variable more than one service reads: every `config.ts` takes these rather
 * than writing its own. Unset is allowed here; a service that needs one says so (`required`).
 */
export const sharedVariables = {
  NODE_ENV: z.string().default('development'),
  /** Postgres for the read models, the command schema and sessions (and the event store by default). */
  DATABASE_URL: postgresUrl.optional(),
  /** The event store: `postgres://…` (Postgres adapter, schema `eventstore`) or `esdb://…` (EventStoreDB). */
  EVENTSTORE_URL: z
    .string()
    .regex(/^(postgres(ql)?|esdb(\+discover)?):\/\//, 'must be a postgres:// or esdb:// URL')
    .optional(),
  /** HMAC key of the session tokens: command-api signs them, query-api checks them, so one rule. */
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  /** The embedded default's data directory (Postgres data, its password, the generated JWT secret). */
  DATA_DIR: z.string().default('.data'),
  /** The embedded default's Postgres port; unset: 54329 or, when that is taken, a free one, kept in DATA_DIR. */
  PG_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  /** The built web app the front door serves. */
  WEB_DIST: z.string().default('web/dist'),
  TRUST_PROXY_HOPS: trustProxyHops,
  /**
   * The master keys wrapping the users' data keys (crypto-shredding): `<version>:<32 bytes as
   * base64url>`, comma-separated while rotating (the highest version wraps new keys). Outside
   * production, unset: the one generated into DATA_DIR (`data-keys-master`).
   */
  DATA_KEYS_MASTER: z
    .string()
    .regex(
      /^\s*\d{1,6}:[A-Za-z0-9_-]{43}=?\s*(,\s*\d{1,6}:[A-Za-z0-9_-]{43}=?\s*)*$/,
      'must be "<version>:<32 bytes as base64url>", versions comma-separated (e.g. 1:$(openssl rand 32 | basenc --base64url))',
    )
    .optional(),
  /** The transparency log's Ed25519 signing key: its 32-byte seed, base64url. */
  TRANSPARENCY_KEY: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{43}=?$/, 'must be 32 bytes as base64url (e.g. $(openssl rand 32 | basenc --base64url))')
    .optional(),
  /** The log's origin line in its checkpoints, which names its key too (no space or +). */
  TRANSPARENCY_ORIGIN: z
    .string()
    .regex(/^[^\s+]+$/, 'must hold no space or +')
    .default('bet-tracker/transparency-log'),
} as const;

/**
 * Adds an issue for each of `names` that is unset, with `why` ("is required", "is required when
 * NODE_ENV=production"), to a zod object's superRefine.
 */
export const required =
  <T extends Record<string, unknown>>(
    names: readonly (keyof T & string)[],
    why = 'is required',
    when: (config: T) => boolean = () => true,
  ) =>
  (config: T, ctx: z.RefinementCtx): void => {
    if (!when(config)) return;
    for (const name of names) if (!config[name]) ctx.addIssue({ code: 'custom', path: [name], message: why });
  };
