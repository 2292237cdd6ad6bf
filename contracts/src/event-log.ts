import { z } from 'zod';
import { instant } from './fields';

/**
 * One line of a user's event download (GET /api/events, `application/x-ndjson`): a stored event
 * with its bigints as decimal strings. Secrets (password hashes) are left out of `data`.
 */
export const eventLogLine = z.object({
  id: z.string(),
  streamId: z.string(),
  revision: z.string().regex(/^\d+$/),
  position: z.object({ commit: z.string().regex(/^\d+$/), prepare: z.string().regex(/^\d+$/) }),
  type: z.string(),
  data: z.record(z.string(), z.unknown()),
  metadata: z.record(z.string(), z.unknown()),
  recordedAt: instant,
});
export type EventLogLine = z.infer<typeof eventLogLine>;

/** Event data fields that never leave the server in an export. */
export const SECRET_EVENT_FIELDS: readonly string[] = ['passwordHash'];

/** The event's data without its secret fields. */
export const redactEventData = (data: unknown): Record<string, unknown> => {
  if (data === null || typeof data !== 'object') return {};
  return Object.fromEntries(Object.entries(data).filter(([key]) => !SECRET_EVENT_FIELDS.includes(key)));
};
