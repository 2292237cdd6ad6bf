import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import pg from 'pg';
import { personalFields } from '@bt/contracts';
import { createEventStore, createPostgresEventStore, newMasterKey, SHREDDED, START, type NewEvent } from '@bt/event-store';
import { createTestDatabase, type TestDatabase } from '@bt/event-store/testing';
import { runCli } from './testing/cli';

/** `npm run log:copy -- <from> <to> [...]` as a person runs it. */
const logCopy = (env: Record<string, string>, ...args: string[]) => runCli('launcher/src/log-cli.ts', args, env);

const metadata = () => ({ occurredAt: new Date().toISOString(), commandId: randomUUID(), schemaVersion: 1 });

/**
 * The upgrade path of a log written before crypto-shredding (README, docs/operate.md): `log:copy
 * --encrypt` into a new store encrypts its plain personal fields under each user's new data key.
 */
describe('log:copy --encrypt: the upgrade of a log written in plain text', function () {
  this.timeout(180_000);
  const databases: TestDatabase[] = [];
  after(async () => {
    for (const database of databases) await database.drop();
  });

  const raw = async (url: string) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      return (await client.query<{ data: string }>('select data::text as data from eventstore.events')).rows.map((r) => r.data).join('\n');
    } finally {
      await client.end();
    }
  };

  it('encrypts every plain personal field, keeps ids, streams and the rest, and leaves "[deleted]" once the key is gone', async () => {
    const [old, upgraded, again] = await Promise.all([createTestDatabase(), createTestDatabase(), createTestDatabase()]);
    databases.push(old, upgraded, again);
    const userId = randomUUID();
    const betId = randomUUID();
    const events: [string, NewEvent][] = [
      [
        `user-${userId}`,
        {
          type: 'UserRegistered',
          data: { userId, email: 'plain.old@example.com', username: 'plainold', passwordHash: 'hash' },
          metadata: metadata(),
        },
      ],
      [
        `bet-${betId}`,
        {
          type: 'BetPlaced',
          data: { userId, betId, event: 'plain old match', notes: 'plain old note', tags: ['plain-old-tag'], stake: 10, odds: 110 },
          metadata: metadata(),
        },
      ],
    ];
    const before = await createPostgresEventStore({ connectionString: old.url });
    try {
      for (const [stream, event] of events) await before.append(stream, [event], 'no_stream');
    } finally {
      await before.close();
    }
    expect(await raw(old.url)).to.include('plain old note');

    const masterKeys = newMasterKey(1);
    const env = { DATABASE_URL: upgraded.url, DATA_KEYS_MASTER: masterKeys };
    const copied = await logCopy(env, old.url, upgraded.url, '--encrypt');
    expect(copied.status, copied.out).to.equal(0);
    expect(copied.out).to.include('copied 2 events');
    const stored = await raw(upgraded.url);
    expect(stored).to.not.include('plain');
    expect(stored).to.include('enc:v1:');
    const rerun = await logCopy(env, old.url, upgraded.url, '--encrypt');
    expect(rerun.out, rerun.out).to.include('copied 0 events, 2 already there');
    // Copied on without --encrypt, the fields stay as they are stored.
    expect((await logCopy(env, upgraded.url, again.url)).status).to.equal(0);
    expect(await raw(again.url)).to.not.include('plain');

    const store = await createEventStore(upgraded.url, {}, { databaseUrl: upgraded.url, masterKeys, fields: personalFields });
    try {
      const read = await store.readAll({ after: START, maxCount: 10 });
      expect(read.map((e) => [e.streamId, e.type, e.data])).to.deep.equal(events.map(([stream, e]) => [stream, e.type, e.data]));
      await store.destroyKey(userId);
      const [registered] = await store.readStream(`user-${userId}`);
      expect(registered.data).to.deep.equal({ userId, email: SHREDDED, username: SHREDDED, passwordHash: 'hash' });
    } finally {
      await store.close();
    }
  });

  it('refuses a malformed master key before it copies anything', async () => {
    const [from, to] = await Promise.all([createTestDatabase(), createTestDatabase()]);
    databases.push(from, to);
    const out = await logCopy({ DATABASE_URL: to.url, DATA_KEYS_MASTER: 'v1:not-a-key' }, from.url, to.url, '--encrypt');
    expect(out.status).to.not.equal(0);
    expect(out.out).to.include('DATA_KEYS_MASTER: must be "<version>:<32 bytes as base64url>"');
  });
});
