import pg from 'pg';

export interface Listener {
  /** Resolves once LISTEN is in place (connecting first if needed); rejects when it cannot be. */
  ready(): Promise<void>;
  /** Ends the connection. */
  close(): Promise<void>;
}

/**
 * One LISTEN connection, opened on first need and reopened by the next `ready()` after it is lost.
 * `onPayload` gets every notification on `channel`; `onConnected` runs each time LISTEN is in place
 * and `onDropped` each time the connection is lost (what happened while not listening is unknown,
 * so callers re-read or forget then). The one way the services listen (read-your-writes, set-aside
 * users, session generations).
 */
export function createListener(options: {
  /** A new, unconnected client (not a pool client: it is held for good). */
  newClient: () => pg.Client;
  channel: string;
  onPayload: (payload: string | undefined) => void;
  onConnected?: () => void;
  onDropped?: () => void;
}): Listener {
  let listening: Promise<pg.Client> | undefined;

  const connect = (): Promise<pg.Client> => {
    const client = options.newClient();
    let dropped = false;
    const drop = () => {
      if (dropped) return;
      dropped = true;
      if (listening === connection) listening = undefined;
      options.onDropped?.();
      client.end().catch(() => undefined);
    };
    client.on('error', drop);
    client.on('end', drop);
    client.on('notification', (message) => {
      if (message.channel === options.channel) options.onPayload(message.payload);
    });
    const connection = client
      .connect()
      .then(() => client.query(`LISTEN "${options.channel}"`))
      .then(
        () => {
          if (!dropped) options.onConnected?.();
          return client;
        },
        (error: unknown) => {
          drop();
          throw error;
        },
      );
    return connection;
  };

  return {
    async ready() {
      await (listening ??= connect());
    },
    async close() {
      const client = await listening?.catch(() => undefined);
      listening = undefined;
      await client?.end().catch(() => undefined);
    },
  };
}
