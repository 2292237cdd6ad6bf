import { expect } from 'chai';
import { readConfig, readMailConfig, readSignInConfig } from './config';

describe('command-api configuration', () => {
  it('runs locally without any variable: local Postgres as event store too, a dev secret, port 3001', () => {
    const config = readConfig({});
    expect(config.port).to.equal(3001);
    expect(config.eventStoreUrl).to.equal(config.databaseUrl);
    expect(config.jwtSecret.length).to.be.greaterThan(31);
  });

  it('names every missing variable in production', () => {
    expect(() => readConfig({ NODE_ENV: 'production' })).to.throw(/EVENTSTORE_URL.*DATABASE_URL.*JWT_SECRET.*DATA_KEYS_MASTER/);
  });

  it('names a bad variable', () => {
    expect(() => readConfig({ DATABASE_URL: 'mysql://x' })).to.throw(/DATABASE_URL: must be a postgres:\/\/ URL/);
    expect(() => readConfig({ JWT_SECRET: 'short' })).to.throw(/JWT_SECRET: must be at least 32 characters/);
    expect(() => readConfig({ DATA_KEYS_MASTER: 'v1:short' })).to.throw(/DATA_KEYS_MASTER: must be "<version>:<32 bytes as base64url>"/);
  });

  it('takes what it is given', () => {
    const config = readConfig({
      NODE_ENV: 'production',
      PORT: '8080',
      DATABASE_URL: 'postgres://db/app',
      EVENTSTORE_URL: 'esdb://es:2113',
      JWT_SECRET: 's'.repeat(32),
      DATA_KEYS_MASTER: `1:${'k'.repeat(43)}, 2:${'m'.repeat(43)}`,
    });
    expect(config).to.deep.equal({
      port: 8080,
      databaseUrl: 'postgres://db/app',
      eventStoreUrl: 'esdb://es:2113',
      jwtSecret: 's'.repeat(32),
      dataKeysMaster: `1:${'k'.repeat(43)}, 2:${'m'.repeat(43)}`,
      dataDir: '.data',
      nodeEnv: 'production',
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
      passwordResetLimits: { perEmail: 5, perAddress: 20, windowSeconds: 900 },
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
      RESET_LINKS_PER_EMAIL: '2',
      RESET_LINKS_PER_ADDRESS: '8',
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
      passwordResetLimits: { perEmail: 2, perAddress: 8, windowSeconds: 3600 },
      hashQueue: { concurrency: 1, maxWaiting: 10 },
      trustProxyHops: 1,
    });
    expect(() => readSignInConfig({ LOGIN_FAILURES_PER_EMAIL: '0' })).to.throw(/LOGIN_FAILURES_PER_EMAIL/);
    expect(() => readSignInConfig({ TRUST_PROXY_HOPS: 'yes' })).to.throw(/TRUST_PROXY_HOPS/);
  });
});

describe('command-api mail configuration', () => {
  it('writes the mail of a local run to DATA_DIR/outbox, from Bet Tracker, with links to where the request came from', () => {
    expect(readMailConfig({})).to.deep.equal({
      route: { outboxDir: '.data/outbox' },
      from: 'Bet Tracker <no-reply@localhost>',
      publicUrl: undefined,
    });
    expect(readMailConfig({ DATA_DIR: '/srv/bt' }).route).to.deep.equal({ outboxDir: '/srv/bt/outbox' });
    // Empty is unset (docker compose passes `${SMTP_URL:-}` through).
    expect(readMailConfig({ SMTP_URL: '', MAIL_FROM: '', PUBLIC_URL: '' })).to.deep.equal(readMailConfig({}));
  });

  it('sends through SMTP_URL when it is set, from MAIL_FROM, with links to PUBLIC_URL', () => {
    const config = readMailConfig({
      NODE_ENV: 'production',
      SMTP_URL: 'smtps://user:pass@mail.example.com:465',
      MAIL_FROM: 'Bets <bets@example.com>',
      PUBLIC_URL: 'https://bets.example.com/',
    });
    expect(config).to.deep.equal({
      route: { smtpUrl: 'smtps://user:pass@mail.example.com:465' },
      from: 'Bets <bets@example.com>',
      publicUrl: 'https://bets.example.com',
    });
  });

  it('in production offers no reset without SMTP_URL (no outbox), and needs PUBLIC_URL with it', () => {
    expect(readMailConfig({ NODE_ENV: 'production' }).route).to.equal(undefined);
    expect(() => readMailConfig({ NODE_ENV: 'production', SMTP_URL: 'smtp://mail:25' })).to.throw(
      /PUBLIC_URL: is required with SMTP_URL when NODE_ENV=production/,
    );
  });

  it('names a bad variable', () => {
    expect(() => readMailConfig({ SMTP_URL: 'http://mail' })).to.throw(/SMTP_URL: must be an smtp:\/\/ or smtps:\/\/ URL/);
    expect(() => readMailConfig({ PUBLIC_URL: 'ftp://x' })).to.throw(/PUBLIC_URL: must be an http:\/\/ or https:\/\/ URL/);
  });
});
