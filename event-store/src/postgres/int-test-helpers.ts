/** Helpers of the Postgres adapter's integration tests: other connections to the store's database. */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { metadata } from '../contract-helpers';
import { SUBSCRIBER_APPLICATION_NAME } from './subscription';

export async function connect(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  return client;
}

/** Writes a new stream the way the adapter does, inside the caller's open transaction; returns the event ids. */
export async function insertInOpenTransaction(client: pg.Client, stream: string, count: number): Promise<string[]> {
  await client.query('INSERT INTO eventstore.streams (stream_id, revision) VALUES ($1, $2)', [stream, count - 1]);
  const ids = Array.from({ length: count }, () => randomUUID());
  for (const [revision, id] of ids.entries()) {
    await client.query(
      `INSERT INTO eventstore.events (stream_id, revision, id, type, data, metadata) VALUES ($1, $2, $3, 'BetPlaced', '{}', $4)`,
      [stream, revision, id, JSON.stringify(metadata())],
    );
  }
  return ids;
}

/** The broken reader this adapter must not be: `WHERE prepare > checkpoint ORDER BY prepare`. */
export async function readBySequenceOnly(url: string, after: bigint) {
  const client = await connect(url);
  try {
    const { rows } = await client.query<{ prepare: string; stream_id: string }>(
      'SELECT prepare, stream_id FROM eventstore.events WHERE prepare > $1 ORDER BY prepare',
      [after.toString()],
    );
    return rows.map((r) => ({ prepare: BigInt(r.prepare), streamId: r.stream_id }));
  } finally {
    await client.end();
  }
}

export async function listeners(url: string): Promise<number> {
  const client = await connect(url);
  try {
    const { rows } = await client.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND application_name = $1`,
      [SUBSCRIBER_APPLICATION_NAME],
    );
    return rows[0].n;
  } finally {
    await client.end();
  }
}

export async function waitFor(condition: () => Promise<boolean> | boolean, ms = 10_000) {
  const deadline = Date.now() + ms;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 50));
  }
}
