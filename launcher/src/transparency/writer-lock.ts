import pg from 'pg';

/** The session-level advisory lock only the running log writer holds (hashtext of this name). */
const WRITER_LOCK = 'transparency-log-writer';

/**
 * One writer of the transparency log per database: the process that writes holds a session-level
 * advisory lock on a connection of its own; another (a second replica) blocks on it, as a hot
 * standby, until Postgres releases it (the holder stopped, crashed or lost its connection). The
 * follower's pages are safe under two writers anyway (each takes a transaction lock and checks its
 * place); the lock keeps the signer single, so checkpoints are signed by one tree, in order.
 */
export const acquireWriterLock = async (
  databaseUrl: string,
  onWait: () => void,
): Promise<{ lost: Promise<string>; release(): Promise<void> }> => {
  const client = new pg.Client({ connectionString: databaseUrl });
  let released = false;
  const lost = new Promise<string>((resolve) => {
    client.on('error', (error) => resolve(error.message));
    client.on('end', () => resolve('its connection closed'));
  });
  await client.connect();
  const { rows } = await client.query<{ got: boolean }>('select pg_try_advisory_lock(hashtext($1)) as got', [WRITER_LOCK]);
  if (!rows[0].got) {
    onWait();
    await client.query('select pg_advisory_lock(hashtext($1))', [WRITER_LOCK]);
  }
  return {
    lost: lost.then((why) => (released ? new Promise<string>(() => undefined) : why)),
    async release() {
      released = true;
      await client.end().catch(() => undefined);
    },
  };
};
