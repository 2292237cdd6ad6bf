import type pg from 'pg';
import { createListener } from '@bt/platform';

export interface SetAsideUsers {
  /** True while the projector has set the user aside (their read models stopped at an event it could not apply). */
  has(userId: string): Promise<boolean>;
  close(): Promise<void>;
}

/**
 * The users the projector has set aside, known in memory so a read costs no query: re-read when
 * the projector (or a rebuild, or a retry) notifies that the set changed, and at least every
 * `maxAgeMs` in case a notification was missed while the LISTEN connection was down.
 */
export function createSetAsideUsers(options: {
  newClient: () => pg.Client;
  channel: string;
  read: () => Promise<string[]>;
  maxAgeMs?: number;
}): SetAsideUsers {
  const maxAgeMs = options.maxAgeMs ?? 5_000;
  let users = new Set<string>();
  let readAt = Number.NEGATIVE_INFINITY;
  let reading: Promise<void> | undefined;
  const stale = () => (readAt = Number.NEGATIVE_INFINITY);
  const listener = createListener({ newClient: options.newClient, channel: options.channel, onPayload: stale, onConnected: stale });

  const refresh = (): Promise<void> =>
    (reading ??= (async () => {
      try {
        await listener.ready().catch(() => undefined); // without LISTEN, maxAgeMs still bounds how stale it gets
        const startedAt = Date.now();
        users = new Set(await options.read());
        readAt = startedAt;
      } finally {
        reading = undefined;
      }
    })());

  return {
    async has(userId) {
      if (Date.now() - readAt > maxAgeMs) await refresh();
      return users.has(userId);
    },
    close: () => listener.close(),
  };
}
