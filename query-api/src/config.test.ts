import { expect } from 'chai';
import { availableParallelism } from 'node:os';
import { readConfig, readHeavyReadConfig, readReplayThreads } from './config';

describe('query-api heavy-read limits configuration', () => {
  it('defaults to one heavy read per user and two in all at once, waiting up to 10 s for a turn', () => {
    expect(readHeavyReadConfig({})).to.deep.equal({ perUser: 1, total: 2, maxWaitMs: 10_000 });
  });

  it('takes what it is given and names a bad variable', () => {
    expect(readHeavyReadConfig({ HEAVY_READS_PER_USER: '2', HEAVY_READS_TOTAL: '8', HEAVY_READ_MAX_WAIT_MS: '0' })).to.deep.equal({
      perUser: 2,
      total: 8,
      maxWaitMs: 0,
    });
    expect(() => readHeavyReadConfig({ HEAVY_READS_TOTAL: 'many' })).to.throw(/HEAVY_READS_TOTAL/);
  });

  it('runs replays on as many threads as heavy reads may run at once, at most one per core, or on the main thread with 0', () => {
    expect(readReplayThreads({})).to.equal(Math.min(2, availableParallelism()));
    expect(readReplayThreads({ HEAVY_READS_TOTAL: '1000' })).to.equal(availableParallelism());
    expect(readReplayThreads({ HEAVY_READS_TOTAL: '8', REPLAY_THREADS: '1' })).to.equal(1);
    expect(readReplayThreads({ REPLAY_THREADS: '0' })).to.equal(0);
    expect(() => readReplayThreads({ REPLAY_THREADS: '-1' })).to.throw(/REPLAY_THREADS/);
  });
});

describe('query-api configuration', () => {
  it('names every missing variable: on its own it has no local default', () => {
    expect(() => readConfig({})).to.throw(
      /DATABASE_URL: is required.*EVENTSTORE_URL: is required.*JWT_SECRET: is required.*DATA_KEYS_MASTER: is required.*TRANSPARENCY_KEY: is required/,
    );
  });

  it('holds JWT_SECRET to the rule command-api holds it to (the same key signs and checks tokens)', () => {
    const env = {
      DATABASE_URL: 'postgres://db/app',
      EVENTSTORE_URL: 'esdb://es:2113',
      DATA_KEYS_MASTER: `1:${'k'.repeat(43)}`,
      TRANSPARENCY_KEY: 't'.repeat(43),
    };
    expect(() => readConfig({ ...env, JWT_SECRET: 's'.repeat(31) })).to.throw(/JWT_SECRET: must be at least 32 characters/);
    expect(readConfig({ ...env, JWT_SECRET: 's'.repeat(32), PORT: '8080' })).to.deep.equal({
      port: 8080,
      databaseUrl: 'postgres://db/app',
      eventStoreUrl: 'esdb://es:2113',
      jwtSecret: 's'.repeat(32),
      dataKeysMaster: `1:${'k'.repeat(43)}`,
      transparencyKey: 't'.repeat(43),
      transparencyOrigin: 'bet-tracker/transparency-log',
      maxWaitMs: 3000,
      dbPoolSize: 10,
      projectorPartitions: 1,
    });
  });

  it("takes the transparency log's signing key (32 bytes, base64url) and origin, and says what is wrong with them", () => {
    const env = {
      DATABASE_URL: 'postgres://db/app',
      EVENTSTORE_URL: 'esdb://es:2113',
      DATA_KEYS_MASTER: `1:${'k'.repeat(43)}`,
      JWT_SECRET: 's'.repeat(32),
    };
    const key = Buffer.alloc(32, 7).toString('base64url');
    expect(readConfig({ ...env, TRANSPARENCY_KEY: key, TRANSPARENCY_ORIGIN: 'example.com/log' })).to.deep.include({
      transparencyKey: key,
      transparencyOrigin: 'example.com/log',
    });
    expect(() => readConfig({ ...env, TRANSPARENCY_KEY: key.slice(1) })).to.throw(/TRANSPARENCY_KEY: must be 32 bytes as base64url/);
    expect(() => readConfig({ ...env, TRANSPARENCY_KEY: `${key.slice(1)}+` })).to.throw(/TRANSPARENCY_KEY: must be 32 bytes/);
    expect(() => readConfig({ ...env, TRANSPARENCY_KEY: key, TRANSPARENCY_ORIGIN: 'my log' })).to.throw(
      /TRANSPARENCY_ORIGIN: must hold no space or \+/,
    );
  });
});
