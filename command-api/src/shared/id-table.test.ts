import { expect } from 'chai';
import { v4 as uuidv4, v7 as uuidv7 } from 'uuid';
import { IdTable } from './id-table';
import { derivedId } from './ids';

describe('IdTable', () => {
  it('keeps a number per (UUID, tag), tells the tags apart, and overwrites', () => {
    const table = new IdTable();
    const id = derivedId('user', 'csv-row', 'a');
    expect(table.get(id)).to.equal(undefined);
    table.set(id, 0, 3);
    table.set(id, 1);
    expect([table.get(id, 0), table.get(id, 1), table.has(id, 2), table.size]).to.deep.equal([3, 0, false, 2]);
    table.set(id, 0, 4);
    expect([table.get(id), table.size]).to.deep.equal([4, 2]);
  });

  it('holds 50,000 ids (derived, random, time-ordered) as they were, in about 2.6 MB', () => {
    const table = new IdTable();
    const ids = Array.from({ length: 50_000 }, (_, i) => (i % 3 === 0 ? derivedId('u', String(i)) : i % 3 === 1 ? uuidv4() : uuidv7()));
    ids.forEach((id, i) => table.set(id, i % 2, i));
    expect(table.size).to.equal(50_000);
    expect(ids.every((id, i) => table.get(id, i % 2) === i && !table.has(id, 1 - (i % 2)))).to.equal(true);
    const entries = [...table.entries()].sort((a, b) => a.value - b.value);
    expect(JSON.stringify(entries)).to.equal(JSON.stringify(ids.map((id, i) => ({ id, tag: i % 2, value: i }))));
    // 131,072 slots of 20 bytes: what a Map of the same ids would take about ten times of.
    expect(table.bytes).to.equal(131_072 * 20);
  });

  it('refuses what it cannot hold rather than mix it up', () => {
    const table = new IdTable();
    const id = derivedId('u', 'x');
    expect(() => table.set(id.toUpperCase())).to.throw(TypeError);
    expect(() => table.set('bet-1')).to.throw(TypeError);
    expect(() => table.set(id, 15)).to.throw(RangeError);
    expect(() => table.set(id, 0, 2 ** 28)).to.throw(RangeError);
    expect(table.size).to.equal(0);
  });
});
