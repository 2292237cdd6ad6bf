import { expect } from 'chai';
import { readLogWriterConfig } from './config';

describe("the transparency log writer's configuration (its own process)", () => {
  const key = Buffer.alloc(32, 3).toString('base64url');

  it('requires DATABASE_URL; the event store defaults to it, the rest as under npm start', () => {
    expect(() => readLogWriterConfig({})).to.throw(/DATABASE_URL: is required/);
    expect(readLogWriterConfig({ DATABASE_URL: 'postgres://db/app' })).to.deep.equal({
      port: undefined,
      databaseUrl: 'postgres://db/app',
      eventStoreUrl: 'postgres://db/app',
      dataDir: '.data',
      dataKeysMaster: undefined,
      nodeEnv: 'development',
      transparencyKey: undefined,
      transparencyOrigin: 'bet-tracker/transparency-log',
      transparencySignEveryMs: 60_000,
    });
  });

  it('in production names each missing key: the signing key and the master keys are never generated there', () => {
    expect(() => readLogWriterConfig({ NODE_ENV: 'production', DATABASE_URL: 'postgres://db/app' })).to.throw(
      /DATA_KEYS_MASTER: is required when NODE_ENV=production.*TRANSPARENCY_KEY: is required when NODE_ENV=production/,
    );
    const config = readLogWriterConfig({
      NODE_ENV: 'production',
      PORT: '8080',
      DATABASE_URL: 'postgres://db/app',
      EVENTSTORE_URL: 'esdb://es:2113',
      DATA_KEYS_MASTER: `1:${'k'.repeat(43)}`,
      TRANSPARENCY_KEY: key,
      TRANSPARENCY_ORIGIN: 'example.com/log',
      TRANSPARENCY_SIGN_EVERY_MS: '1000',
    });
    expect(config).to.deep.include({
      port: 8080,
      eventStoreUrl: 'esdb://es:2113',
      transparencyKey: key,
      transparencyOrigin: 'example.com/log',
    });
    expect(config.transparencySignEveryMs).to.equal(1000);
  });

  it('refuses a key that is not 32 bytes and a signing interval over a minute, naming the variable', () => {
    const env = { DATABASE_URL: 'postgres://db/app' };
    expect(() => readLogWriterConfig({ ...env, TRANSPARENCY_KEY: 'short' })).to.throw(/TRANSPARENCY_KEY: must be 32 bytes as base64url/);
    expect(() => readLogWriterConfig({ ...env, TRANSPARENCY_SIGN_EVERY_MS: '60001' })).to.throw(/TRANSPARENCY_SIGN_EVERY_MS/);
  });
});
