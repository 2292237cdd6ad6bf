import { expect } from 'chai';
import { readConfig } from './config';

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
      NODE_ENV: 'production', PORT: '8080', DATABASE_URL: 'postgres://db/app', EVENTSTORE_URL: 'esdb://es:2113', JWT_SECRET: 's'.repeat(32),
    });
    expect(config).to.deep.equal({ port: 8080, databaseUrl: 'postgres://db/app', eventStoreUrl: 'esdb://es:2113', jwtSecret: 's'.repeat(32) });
  });
});
