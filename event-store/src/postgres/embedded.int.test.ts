import { expect } from 'chai';
import pg from 'pg';
import { testServerUrl } from '../testing/postgres';
import { startEmbeddedPostgres } from './embedded';

describe('embedded Postgres passwords', () => {
  it('gives a throwaway cluster (the test server) a random password and refuses postgres/postgres', async function () {
    if (process.env.DATABASE_URL) this.skip(); // an outside server: its passwords are its own business
    const url = new URL(await testServerUrl());
    expect(decodeURIComponent(url.password)).to.have.length.greaterThan(20);
    url.password = 'postgres';
    const client = new pg.Client({ connectionString: url.toString() });
    client.on('error', () => undefined);
    const answer = await client.connect().then(
      () => 'accepted',
      (error: { code?: string }) => error.code,
    );
    await client.end().catch(() => undefined);
    expect(answer).to.equal('28P01');
  });

  it('will not start a persistent cluster without a password to keep', async () => {
    await startEmbeddedPostgres({ dataDir: '/nonexistent/bt-cluster', port: 1, persistent: true }).then(
      () => expect.fail('started'),
      (error: Error) => expect(error.message).to.include('a persistent cluster needs a password'),
    );
  });
});
