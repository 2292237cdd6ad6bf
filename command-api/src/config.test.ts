import { expect } from 'chai';
import { readConfig, readSignInConfig } from './config';

describe('command-api configuration', () => {
  it('runs locally without any variable: local Postgres as event store too, a dev secret, port 3001', () => {
    const config = readConfig({});
    expect(config.port).to.equal(3001);
    expect(config.eventStoreUrl).to.equal(config.databaseUrl);
    expect(config.jwtSecret.length).to.be.greaterThan(31);
  });

  it('names every missing variable in production', () => {
    expect(() => readConfig({ NODE_ENV: 'production' })).to.throw(/EVENTSTORE_URL.*DATABASE_URL.*JWT_SECRET/);
  });

  it('names a bad variable', () => {
    expect(() => readConfig({ DATABASE_URL: 'mysql://x' })).to.throw(/DATABASE_URL: must be a postgres:\/\/ URL/);
    expect(() => readConfig({ JWT_SECRET: 'short' })).to.throw(/JWT_SECRET: must be at least 32 characters/);
  });

  it('takes what it is given', () => {
    const config = readConfig({
      NODE_ENV: 'production',
      PORT: '8080',
      DATABASE_URL: 'postgres://db/app',
      EVENTSTORE_URL: 'esdb://es:2113',
      JWT_SECRET: 's'.repeat(32),
    });
    expect(config).to.deep.equal({
      port: 8080,
      databaseUrl: 'postgres://db/app',
      eventStoreUrl: 'esdb://es:2113',
      jwtSecret: 's'.repeat(32),
    });
  });
});

describe('command-api sign-in limits configuration', () => {
  it('defaults to 10 failed sign-ins per e-mail and 100 per address in 15 minutes, one hash at a time, no trusted proxy', () => {
    expect(readSignInConfig({})).to.deep.equal({
      signInLimits: {
        loginFailuresPerEmail: 10,
        loginFailuresPerAddress: 100,
        registrationsPerEmail: 10,
        registrationsPerAddress: 20,
        windowSeconds: 900,
      },
      hashQueue: { concurrency: 1, maxWaiting: 100 },
      trustProxyHops: 0,
    });
  });

  it('takes what it is given and names a bad variable', () => {
    const config = readSignInConfig({
      LOGIN_FAILURES_PER_EMAIL: '5',
      LOGIN_FAILURES_PER_ADDRESS: '50',
      REGISTRATIONS_PER_EMAIL: '3',
      REGISTRATIONS_PER_ADDRESS: '30',
      SIGN_IN_WINDOW_MINUTES: '60',
      PASSWORD_HASH_CONCURRENCY: '1',
      PASSWORD_HASH_QUEUE: '10',
      TRUST_PROXY_HOPS: '1',
    });
    expect(config).to.deep.equal({
      signInLimits: {
        loginFailuresPerEmail: 5,
        loginFailuresPerAddress: 50,
        registrationsPerEmail: 3,
        registrationsPerAddress: 30,
        windowSeconds: 3600,
      },
      hashQueue: { concurrency: 1, maxWaiting: 10 },
      trustProxyHops: 1,
    });
    expect(() => readSignInConfig({ LOGIN_FAILURES_PER_EMAIL: '0' })).to.throw(/LOGIN_FAILURES_PER_EMAIL/);
    expect(() => readSignInConfig({ TRUST_PROXY_HOPS: 'yes' })).to.throw(/TRUST_PROXY_HOPS/);
  });
});
