import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { createCommandApi, type CommandDatabase } from '@bt/command-api';
import { personalFields } from '@bt/contracts';
import { createEventStore, newMasterKey, type EventStore } from '@bt/event-store';
import { createDb, signToken } from '@bt/platform';
import { rebuildReadModels } from '@bt/projector';
import { migrateReadModels, type Database } from '@bt/read-models';
import { load, merged, type Run } from './http-load';
import { BENCH_SECRET } from './product';
import { fmt, ms, report } from './report';

const USERS = 32;
const ROUNDS = 4;

interface Side {
  name: string;
  url: string;
  store: EventStore;
  db: ReturnType<typeof createDb<CommandDatabase & Database>>;
}

/** A fresh database beside the bench's, with command-api's store on it: plain, or with crypto-shredding. */
const openSide = async (serverUrl: string, name: string, encrypted: boolean): Promise<Side> => {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  const database = `bench_shredding_${name}_${Date.now().toString(36)}`;
  try {
    await admin.query(`create database "${database}" template template0`);
  } finally {
    await admin.end();
  }
  const url = Object.assign(new URL(serverUrl), { pathname: `/${database}` }).toString();
  const store = encrypted
    ? await createEventStore(url, {}, { databaseUrl: url, masterKeys: newMasterKey(1), fields: personalFields })
    : await createEventStore(url);
  return { name, url, store, db: createDb<CommandDatabase & Database>(url, 10) };
};

/**
 * The `shredding` section: POST /api/bets (a bet with its event, notes and tags, all personal) on
 * command-api over a store with crypto-shredding against the same run over a plain one, rounds
 * alternating, each side on a database of its own on the bench's server; then the rebuild of each
 * log, with decryption and without.
 */
export const shreddingCost = async (databaseUrl: string, writes: number): Promise<void> => {
  console.log(`\nshredding: ${fmt(writes)} POST /api/bets by ${USERS} users with and without encrypted personal fields...`);
  const server = Object.assign(new URL(databaseUrl), { pathname: '/postgres' }).toString();
  const sides = [await openSide(server, 'plain', false), await openSide(server, 'encrypted', true)];
  const users = Array.from({ length: USERS }, () => randomUUID());
  const runs = new Map<string, Run[]>(sides.map((s) => [s.name, []]));
  const rebuilt = new Map<string, { events: number; perSecond: number }>();
  try {
    for (const side of sides) {
      await migrateReadModels(side.db.db, 'read');
      for (const userId of users) {
        const data = { userId, email: `${userId}@example.com`, username: `bench-${userId.slice(-6)}`, passwordHash: 'x' };
        const metadata = { occurredAt: new Date().toISOString(), commandId: randomUUID(), schemaVersion: 1 };
        await side.store.append(`user-${userId}`, [{ type: 'UserRegistered', data, metadata }], 'no_stream');
      }
    }
    for (let round = 0; round < ROUNDS; round++) {
      for (const side of round % 2 === 0 ? sides : [...sides].reverse()) {
        const api = createCommandApi({ store: side.store, db: side.db.db, pool: side.db.pool, jwtSecret: BENCH_SECRET });
        const http = createServer(api.callback());
        await new Promise<void>((ok) => http.listen(0, '127.0.0.1', ok));
        const base = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
        try {
          const share = Math.ceil(writes / ROUNDS);
          const run = await load(
            share,
            8,
            (i) => ({
              url: `${base}/api/bets`,
              method: 'POST',
              headers: { authorization: `Bearer ${signToken(users[i % USERS], BENCH_SECRET)}`, 'content-type': 'application/json' },
              body: JSON.stringify({
                sport: 'hockey',
                event: `Bench match ${round}-${i}`,
                betType: 'moneyline',
                odds: '+120',
                stake: 10,
                notes: `a note about match ${i}`,
                tags: ['bench', `round-${round}`],
              }),
            }),
            201,
          );
          runs.get(side.name)!.push(run);
        } finally {
          await new Promise((ok) => http.close(ok));
        }
      }
    }
    for (const side of sides) {
      const result = await rebuildReadModels({ store: side.store, databaseUrl: side.url, fresh: true, log: () => undefined });
      rebuilt.set(side.name, { events: result.events, perSecond: result.eventsPerSecond });
    }
  } finally {
    for (const side of sides) {
      await side.store.close();
      await side.db.db.destroy();
    }
    const admin = new pg.Client({ connectionString: server });
    await admin.connect();
    for (const side of sides) await admin.query(`drop database if exists "${new URL(side.url).pathname.slice(1)}" with (force)`);
    await admin.end();
  }
  const [plain, encrypted] = [merged(runs.get('plain')!), merged(runs.get('encrypted')!)];
  const p = (r: Run) => `${fmt(r.perSecond)}/s, p50 ${ms(r.p50)}, p99 ${ms(r.p99)}`;
  report(
    `POST /api/bets with personal fields encrypted (AES-256-GCM, crypto-shredding), ${fmt(writes)} writes, 8 clients`,
    p(encrypted),
    `plain store ${p(plain)}`,
    `${fmt((plain.perSecond / encrypted.perSecond - 1) * 100, 1)}% slower (p50 ${fmt((encrypted.p50 / plain.p50 - 1) * 100, 1)}%)`,
    '< 10% slower',
  );
  const [r0, r1] = [rebuilt.get('plain')!, rebuilt.get('encrypted')!];
  report(
    `rebuild with decryption (each page's users' keys read once), ${fmt(r1.events)} events`,
    `${fmt(r1.perSecond)} events/s`,
    `plain log ${fmt(r0.perSecond)} events/s`,
    `${fmt(r1.perSecond / r0.perSecond, 2)}x`,
    '-',
  );
};
