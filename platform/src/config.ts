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
