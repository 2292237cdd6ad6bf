import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { firstValueFrom, filter, take, toArray } from 'rxjs';
import { metadata } from '../contract-helpers';
import { copyLog } from '../log-transfer';
import { START, type EventStore, type NewEvent } from '../port';
import { createPostgresEventStore } from '../postgres/postgres-event-store';
import { createTestDatabase, type TestDatabase } from '../testing/postgres';
import { createKeyStore, newMasterKey, parseMasterKeys, type KeyStore } from './key-store';
import { withPersonalData, type PersonalDataStore } from './personal-data';

// As contracts' PERSONAL_FIELDS declares them (the event store does not depend on contracts).
const FIELDS: Record<string, readonly string[]> = {
  UserRegistered: ['email', 'username'],
  BetPlaced: ['event', 'notes', 'tags[]'],
  ParlayCreated: ['name', 'legs[].event', 'legs[].selection'],
};
const fields = (type: string) => FIELDS[type];

const registered = (userId: string, name: string): NewEvent => ({
  type: 'UserRegistered',
  data: { userId, email: `${name}@example.com`, username: name, passwordHash: 'hash' },
  metadata: metadata(),
});
const bet = (userId: string, name: string): NewEvent => ({
  type: 'BetPlaced',
  data: {
    userId,
    betId: randomUUID(),
    event: `${name} vs the world`,
    notes: `${name}'s note`,
    tags: [`${name}-tag`],
    stake: 10,
    notesNull: null,
  },
  metadata: metadata(),
});

describe('crypto-shredding around the Postgres event store', () => {
  let db: TestDatabase;
  let plain: EventStore;
  let keys: KeyStore;
  let store: PersonalDataStore;
  const master = newMasterKey(1);

  before(async () => {
    db = await createTestDatabase();
    plain = await createPostgresEventStore({ connectionString: db.url, pollIntervalMs: 100 });
    keys = await createKeyStore({ connectionString: db.url, master: parseMasterKeys(master) });
    store = withPersonalData(plain, { keys, fields });
  });
  after(async () => {
    await store?.close();
    await keys?.close();
    await db?.drop();
  });

  /** What a dump of the database holds: the event log's and the keys' rows as text. */
  const dump = async () => {
    const client = new pg.Client({ connectionString: db.url });
    await client.connect();
    try {
      const { rows } = await client.query(
        `select (select json_agg(e)::text from eventstore.events e) || (select json_agg(k)::text from keys.user_keys k) as text`,
      );
      return rows[0].text as string;
    } finally {
      await client.end();
    }
  };

  it('stores personal fields encrypted and reads them back plain on every read', async () => {
    const userId = randomUUID();
    await store.append(`user-${userId}`, [registered(userId, 'zed')], 'no_stream');
    const placed = bet(userId, 'zed');
    await store.append(`bet-${(placed.data as { betId: string }).betId}`, [placed], 'no_stream');

    const text = await dump();
    for (const secret of ['zed@example.com', 'zed vs the world', "zed's note", 'zed-tag']) expect(text).to.not.include(secret);
    const [raw] = await plain.readStream(`user-${userId}`);
    expect((raw.data as { email: string }).email).to.match(/^enc:v1:/);

    const [user] = await store.readStream(`user-${userId}`);
    expect(user.data).to.deep.equal(registered(userId, 'zed').data);
    const log = (await store.readAll({ after: START, maxCount: 100 })).filter((e) => e.type === 'BetPlaced');
    expect(log.map((e) => e.data)).to.deep.include(placed.data);
    const live = await firstValueFrom(
      store.subscribeAll({ after: START }).pipe(
        filter((e) => (e.data as { userId?: string }).userId === userId),
        take(2),
        toArray(),
      ),
    );
    expect(live.map((e) => e.data)).to.deep.equal([registered(userId, 'zed').data, placed.data]);
  });

  it('reads events written before encryption as they are', async () => {
    const userId = randomUUID();
    await plain.append(`user-${userId}`, [registered(userId, 'old')], 'no_stream');
    expect((await store.readStream(`user-${userId}`))[0].data).to.deep.equal(registered(userId, 'old').data);
  });

  it('reads each user’s key once per read, however many events and fields, and keeps it for the next reads and writes', async () => {
    const userId = randomUUID();
    for (let i = 0; i < 5; i++) await store.append(`bet-${randomUUID()}`, [bet(userId, 'many')], 'no_stream');
    let reads = 0;
    let made = 0;
    const counted = withPersonalData(plain, {
      keys: { ...keys, keysOf: (ids) => (reads++, keys.keysOf(ids)), keyFor: (id) => (made++, keys.keyFor(id)) },
      fields,
    });
    const all = await counted.readAll({ after: START, maxCount: 1000 });
    expect(
      all.filter((e) => (e.data as { userId?: string }).userId === userId).map((e) => (e.data as { notes: string }).notes),
    ).to.deep.equal(Array(5).fill("many's note"));
    expect(reads).to.equal(1);
    await counted.readAll({ after: START, maxCount: 1000 });
    await counted.append(`bet-${randomUUID()}`, [bet(userId, 'again')], 'no_stream');
    expect([reads, made]).to.deep.equal([1, 0]);
  });

  it('leaves "[deleted]" in every copy of the log once the key is destroyed, and everyone else readable', async () => {
    const [gone, kept] = [randomUUID(), randomUUID()];
    await store.append(`user-${gone}`, [registered(gone, 'gone')], 'no_stream');
    await store.append(`user-${kept}`, [registered(kept, 'kept')], 'no_stream');
    const copyDb = await createTestDatabase();
    const copy = await createPostgresEventStore({ connectionString: copyDb.url });
    try {
      await copyLog(plain, copy); // a copy (a backup) taken before the deletion: ciphertext as stored
      await store.destroyKey(gone);

      const shredded = { userId: gone, email: '[deleted]', username: '[deleted]', passwordHash: 'hash' };
      expect((await store.readStream(`user-${gone}`))[0].data).to.deep.equal(shredded);
      const fromCopy = withPersonalData(copy, { keys, fields });
      expect((await fromCopy.readStream(`user-${gone}`))[0].data).to.deep.equal(shredded);
      expect((await fromCopy.readStream(`user-${kept}`))[0].data).to.deep.equal(registered(kept, 'kept').data);
      expect(await dump()).to.not.include('gone@example.com');

      // Appending the old copy again (a restore) never makes the user a new key.
      await fromCopy.append(`user-${gone}-again`, [registered(gone, 'gone')], 'no_stream');
      expect((await fromCopy.readStream(`user-${gone}-again`))[0].data).to.deep.equal(shredded);
    } finally {
      await copy.close();
      await copyDb.drop();
    }
  });

  it('reads keys wrapped by an older master key, and rewraps them with the newest', async () => {
    const userId = randomUUID();
    await store.append(`user-${userId}`, [registered(userId, 'rot')], 'no_stream');
    const second = newMasterKey(2);
    const both = await createKeyStore({ connectionString: db.url, master: parseMasterKeys(`${master},${second}`) });
    try {
      expect(await both.rewrap()).to.be.greaterThan(0);
    } finally {
      await both.close();
    }
    const onlyNew = await createKeyStore({ connectionString: db.url, master: parseMasterKeys(second) });
    try {
      const rotated = withPersonalData(plain, { keys: onlyNew, fields });
      expect((await rotated.readStream(`user-${userId}`))[0].data).to.deep.equal(registered(userId, 'rot').data);
    } finally {
      await onlyNew.close();
    }
  });
});
