import { expect } from 'chai';
import { readdirSync } from 'node:fs';
import { MIGRATIONS } from './migrate';

/** The migration files as they are on disk (.ts from source, .js when built), by name. */
const FILES = readdirSync(new URL('./migrations/', import.meta.url))
  .filter((file) => /\.(ts|js)$/.test(file) && !file.endsWith('.d.ts'))
  .map((file) => file.replace(/\.(ts|js)$/, ''));

describe("the read models' migrations: one dated file and its line in migrate.ts", () => {
  it('lists every file of src/migrations/, and no name without its file', () => {
    expect(Object.keys(MIGRATIONS)).to.have.members(FILES);
  });

  it('names each file by its date, in the order they run', () => {
    const names = Object.keys(MIGRATIONS);
    for (const name of names) expect(name).to.match(/^\d{4}-\d{2}-\d{2}-\d{3}-[a-z0-9-]+$/);
    expect(names).to.deep.equal([...names].sort());
  });
});
