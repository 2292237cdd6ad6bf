import { expect } from 'chai';
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { keptSecret } from './secrets';

describe('keptSecret', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'bt-secret-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('generates a secret once, in a file only its owner can read, and reads it back after', async () => {
    const file = join(dir, 'nested', 'secret');
    const secret = await keptSecret(file);
    expect(secret).to.match(/^[\w-]{43}$/);
    expect(statSync(file).mode & 0o777).to.equal(0o600);
    expect(await keptSecret(file)).to.equal(secret);
  });

  it('gives callers that start at once the same secret', async () => {
    const file = join(dir, 'secret');
    const secrets = await Promise.all(Array.from({ length: 8 }, () => keptSecret(file)));
    expect(new Set(secrets).size).to.equal(1);
  });

  it('keeps a secret an older version wrote, closing its file to others', async () => {
    const file = join(dir, 'secret');
    writeFileSync(file, 'an-older-secret\n', { mode: 0o644 });
    expect(await keptSecret(file)).to.equal('an-older-secret');
    expect(statSync(file).mode & 0o777).to.equal(0o600);
  });

  it('refuses an empty file rather than use an empty secret', async () => {
    const file = join(dir, 'secret');
    writeFileSync(file, '');
    await keptSecret(file).then(
      () => expect.fail('used an empty secret'),
      (error: Error) => expect(error.message).to.include('is empty'),
    );
  });
});
