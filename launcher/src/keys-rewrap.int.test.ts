import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { createKeyStore, newMasterKey, parseMasterKeys } from '@bt/event-store';
import { createTestDatabase, type TestDatabase } from '@bt/event-store/testing';
import { runCli } from './testing/cli';

/** `npm run data-keys:rewrap` as an operator runs it. */
const rewrap = (env: Record<string, string>) => runCli('launcher/src/keys-cli.ts', [], env);

/** The master key's rotation (docs/operate.md): add a version, rewrap, drop the old one; every data key still opens. */
describe('data-keys:rewrap: the last step of rotating the master key', function () {
  this.timeout(120_000);
  let database: TestDatabase;
  before(async () => {
    database = await createTestDatabase();
  });
  after(() => database.drop());

  it('wraps the keys held under the old version with the new one, so the old one can be dropped; a re-run changes nothing', async () => {
    const old = newMasterKey(1);
    const fresh = newMasterKey(2);
    const [alive, deleted] = [randomUUID(), randomUUID()];
    const before = await createKeyStore({ connectionString: database.url, master: parseMasterKeys(old) });
    let key: Buffer | 'destroyed';
    try {
      key = await before.keyFor(alive);
      await before.keyFor(deleted);
      await before.destroy(deleted);
    } finally {
      await before.close();
    }

    const env = { DATABASE_URL: database.url, DATA_KEYS_MASTER: `${old},${fresh}` };
    const first = await rewrap(env);
    expect(first.status, first.out).to.equal(0);
    expect(first.out).to.contain('rewrapped 1 data keys with master key version 2');
    const again = await rewrap(env);
    expect(again.out).to.contain('rewrapped 0 data keys');

    const onlyNew = await createKeyStore({ connectionString: database.url, master: parseMasterKeys(fresh) });
    try {
      const keys = await onlyNew.keysOf([alive, deleted]);
      expect(keys.get(alive)).to.deep.equal(key);
      expect(keys.get(deleted)).to.equal('destroyed');
    } finally {
      await onlyNew.close();
    }
  });

  it('refuses a malformed master key with a message and changes nothing', async () => {
    const result = await rewrap({ DATABASE_URL: database.url, DATA_KEYS_MASTER: 'not-a-key' });
    expect(result.status).to.not.equal(0);
    expect(result.out).to.match(/DATA_KEYS_MASTER/);
  });
});
