import { z } from 'zod';

/**
 * Parses a service's environment once, failing fast with a message that names each bad variable.
 * Call from the service's own `src/config.ts`.
 */
export const parseEnv = <S extends z.ZodObject<z.ZodRawShape>>(schema: S, env: NodeJS.ProcessEnv = process.env): z.infer<S> => {
  const result = schema.safeParse(env);
  if (result.success) return result.data;
  const problems = result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
  throw new Error(`Bad configuration: ${problems}`);
};

export const port = (fallback: number) => z.coerce.number().int().min(0).max(65535).default(fallback);
export const postgresUrl = z.string().regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL');

/** A positive whole number (a limit or a size), `fallback` when unset. */
export const count = (fallback: number) => z.coerce.number().int().min(1).default(fallback);

/**
 * TRUST_PROXY_HOPS: how many proxies in front of a service append to X-Forwarded-For and are
 * trusted to (0: none; the socket's address is the client's, and a sent X-Forwarded-For is ignored).
 */
export const trustProxyHops = z.coerce.number().int().min(0).max(10).default(0);
