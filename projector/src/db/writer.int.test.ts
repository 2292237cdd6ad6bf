import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { expect } from 'chai';
import { from as copyFrom } from 'pg-copy-streams';
import { Kysely, PostgresDialect } from 'kysely';
import { createDb } from '@bt/platform';
import { createTestDatabase, type TestDatabase } from '@bt/event-store/testing';
import { ProjectionEngine } from '../engine/projection-engine';
import { type Database, migrateReadModels, newUserState, type PgType, Snapshots, writeSnapshots } from '@bt/read-models';
import { EventLog } from '@bt/read-models/testing';
import { snapshotTables } from '../testing/database';
import { binaryCopy } from './copy-binary';
import { copyChunks } from './copy-text';
import { readCheckpoint, saveCheckpoint, writeChanges, writeChangesByCopy } from './writer';

/** Text that COPY's text format must escape, and text that only looks like its escapes. */
const AWKWARD = 'tab\there, line\nbreak, return\r, back\\slash, \\N, \\t, "quotes", \'single\', é ✓ 😀';

/** Every user new: the states a first batch starts from. */
const fresh = async (ids: string[]) => new Map(ids.map((id) => [id, newUserState(id)]));

const history = () => {
  const log = new EventLog();
  log.at('2025-03-01T12:00:00.000Z').register(`${log.userId}@example.com`, AWKWARD.slice(0, 20));
  log.addFunds(500);
  const bet = log.placeBet({ event: AWKWARD, notes: AWKWARD }, 'win');
  log.amendBet(bet, { notes: `${AWKWARD} (amended)` });
  log.placeBet({ event: 'Plain', notes: null }, 'loss');
  log.createParlay([{ event: AWKWARD }, { selection: AWKWARD }], { name: AWKWARD, notes: AWKWARD });
  log.setGoal({ title: AWKWARD, description: AWKWARD });
  log.writeJournal({ title: AWKWARD, content: AWKWARD, tags: [AWKWARD, 'plain'] });
  return log;
};

describe('writing read-model rows: multi-row inserts and COPY give the same rows', () => {
  let database: TestDatabase;
  let db: ReturnType<typeof createDb<Database>>['db'];
  let pool: ReturnType<typeof createDb<Database>>['pool'];

  before(async () => {
    database = await createTestDatabase();
    ({ db, pool } = createDb<Database>(database.url, 2));
    await migrateReadModels(db, 'by_insert');
    await migrateReadModels(db, 'by_copy');
  });
  after(async () => {
    await db?.destroy();
    await database?.drop();
  });

  it('writes awkward text, nulls, JSON and timestamps alike, and saves the checkpoint with them', async () => {
    const events = history().events;
    const changesOf = async () => {
      const engine = new ProjectionEngine();
      await engine.apply(events, fresh);
      return engine.takeChanges();
    };
    await db.transaction().execute(async (trx) => {
      await writeChanges(trx, 'by_insert', await changesOf());
      await saveCheckpoint(trx, 'by_insert', '7.7');
    });
    const client = await pool.connect();
    try {
      await writeChangesByCopy(client, 'by_copy', await changesOf(), '7.7');
    } finally {
      client.release();
    }

    const byInsert = await snapshotTables(db, 'by_insert');
    expect(byInsert.bets.length, 'a bet and a parlay in history').to.equal(3);
    expect(JSON.stringify(byInsert)).to.include(JSON.stringify(AWKWARD).slice(1, -1));
    expect(await snapshotTables(db, 'by_copy')).to.deep.equal(byInsert);
    expect(await readCheckpoint(db, 'by_copy')).to.equal('7.7');
  });

  it("sends a rebuild bucket's snapshot streams by COPY as the upsert writes them, with the rows and checkpoint", async () => {
    const log = history();
    const events = log.events;
    const snapshots = new Snapshots();
    snapshots.startUser(log.userId);
    snapshots.observe(events, (id) => newUserState(id));
    const taken = snapshots.take();
    expect(taken.streams.length, 'one row per stream of the user').to.be.greaterThan(3);
    await writeSnapshots(db, 'by_insert', { ...taken, snapshots: [], marks: [] });
    const client = await pool.connect();
    try {
      await writeChangesByCopy(client, 'by_copy', new ProjectionEngine().takeChanges(), '8.8', { streams: taken.streams });
    } finally {
      client.release();
    }
    const streamsOf = (schema: string) => db.withSchema(schema).selectFrom('snapshot_streams').selectAll().orderBy('stream_id').execute();
    expect(await streamsOf('by_copy')).to.deep.equal(await streamsOf('by_insert'));
    expect(await readCheckpoint(db, 'by_copy')).to.equal('8.8');
  });

  it('writes a live batch as one statement per phase (deletes, inserts, upserts), with the rows of a statement per table', async () => {
    const log = history();
    const first = log.events.length;
    const bet = log.placeBet({ event: 'Later' }, 'pending');
    log.settleBet(bet, 'win');
    log.amendBet(bet, { stake: 75 });
    const removed = log.placeBet({ event: 'Gone' }, 'loss');
    log.removeBet(removed);
    log.restoreBet(removed);
    log.removeBet(removed);
    log.addFunds(20);
    // Statements as Postgres receives them.
    let statements = 0;
    const counted = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), log: () => void statements++ });
    await migrateReadModels(db, 'phased');
    await migrateReadModels(db, 'per_table');
    const engine = new ProjectionEngine();
    await engine.apply(log.events.slice(0, first), fresh);
    const before = engine.takeChanges();
    await engine.apply(log.events.slice(first), async () => new Map());
    const batch = engine.takeChanges();
    const tables = Object.values(batch).filter((c) => c.inserts.length + c.upserts.length + c.deletes.length > 0).length;
    expect(tables, 'the batch touches several tables').to.be.greaterThan(3);
    await writeChanges(counted, 'phased', before);
    statements = 0;
    await counted.transaction().execute((trx) => writeChanges(trx, 'phased', batch));
    expect(statements - 2, 'statements between begin and commit').to.be.at.most(3);
    // The same changes a statement per table and phase (writeChangesByCopy's order): the same rows.
    for (const changes of [before, batch]) {
      const client = await pool.connect();
      try {
        await writeChangesByCopy(client, 'per_table', changes, '1.1');
      } finally {
        client.release();
      }
    }
    const { checkpoints: _phasedCheckpoints, ...phased } = await snapshotTables(db, 'phased');
    const { checkpoints: _perTableCheckpoints, ...perTable } = await snapshotTables(db, 'per_table');
    expect(phased).to.deep.equal(perTable);
  });

  it('writes nothing, checkpoint included, when a row is refused', async () => {
    const engine = new ProjectionEngine();
    await engine.apply(history().events, fresh);
    const changes = engine.takeChanges();
    changes.bets.inserts.push({ ...changes.bets.inserts[0] }); // the same id twice: a primary key violation
    const client = await pool.connect();
    try {
      await migrateReadModels(db, 'refused');
      const failed = await writeChangesByCopy(client, 'refused', changes, '9.9').then(
        () => false,
        () => true,
      );
      expect(failed).to.equal(true);
    } finally {
      client.release();
    }
    expect(await readCheckpoint(db, 'refused')).to.equal(undefined);
    expect((await snapshotTables(db, 'refused')).users).to.deep.equal([]);
  });

  it('writes into empty tables without their primary keys, then builds the keys again, refusing a duplicate', async () => {
    const engine = new ProjectionEngine();
    await engine.apply(history().events, fresh);
    const changes = engine.takeChanges();
    const primaryKeys = async (schema: string) =>
      (
        await pool.query<{ name: string; definition: string }>(
          `select c.conname as name, pg_get_constraintdef(c.oid) as definition from pg_constraint c
           join pg_namespace n on n.oid = c.connamespace where n.nspname = $1 and c.contype = 'p' order by 1`,
          [schema],
        )
      ).rows;
    const client = await pool.connect();
    try {
      await migrateReadModels(db, 'empty_tables');
      await migrateReadModels(db, 'empty_duplicate');
      await migrateReadModels(db, 'keyed_tables');
      await writeChangesByCopy(client, 'empty_tables', changes, '3.3', { emptyTables: true });
      await writeChangesByCopy(client, 'keyed_tables', changes, '3.3');
      const duplicated = { ...changes, bets: { ...changes.bets, inserts: [...changes.bets.inserts, { ...changes.bets.inserts[0] }] } };
      const refused = await writeChangesByCopy(client, 'empty_duplicate', duplicated, '3.3', { emptyTables: true }).then(
        () => undefined,
        (error: { code?: string }) => error.code,
      );
      expect(refused, 'unique_violation').to.equal('23505');
    } finally {
      client.release();
    }
    expect(await snapshotTables(db, 'empty_tables')).to.deep.equal(await snapshotTables(db, 'keyed_tables'));
    expect(await primaryKeys('empty_tables'))
      .to.deep.equal(await primaryKeys('by_insert'))
      .and.to.have.length.above(10);
    expect(await readCheckpoint(db, 'empty_duplicate')).to.equal(undefined);
  });

  it('sends in COPY binary the values Postgres makes of their COPY text, and as text what it might make otherwise', async () => {
    const types: [string, PgType][] = [
      ['n', 'numeric'],
      ['f', 'double precision'],
      ['i', 'integer'],
      ['d', 'date'],
      ['ts', 'timestamptz'],
      ['u', 'uuid'],
      ['t', 'text'],
      ['j', 'jsonb'],
      ['b', 'boolean'],
    ];
    const spec = {
      key: ['k'],
      columns: [['k', 'integer'], ...types] as [string, PgType][],
      nullable: new Set(types.map(([name]) => name)),
    };
    const numbers = [0, -0, 1, -1, 9999, 10_000, 12.5, -0.07, 0.3, 0.1 + 0.2, 33.33, 1 / 3, 1e-7, 1.5e-10, 123_456_789_012.34];
    numbers.push(
      999_999_999_999.99,
      1e12,
      1e8,
      -10_000.01,
      0.5,
      100_000_000.1,
      -98_765_432_109.01,
      1e13 - 0.01,
      1e13,
      2 ** 53,
      1e21,
      1.7976931348623157e308,
      5e-324,
      1.9091,
      100.1,
      0.0001,
    );
    const dates = ['2000-01-01', '1999-12-31', '2000-02-29', '1970-01-01', '0100-03-01', '9999-12-31', '2024-02-29', '1600-02-29'];
    const instants = ['2000-01-01T00:00:00.000Z', '1999-12-31T23:59:59.999Z', '1970-01-01T00:00:00.001Z', '0001-01-01T00:00:00.000Z'];
    instants.push('9999-12-31T23:59:59.999Z', '2026-11-29T04:24:30.099Z', '1901-12-13T20:45:52.001Z', '2038-01-19T03:14:08.000Z');
    const rows = numbers.map((n, k) => ({
      k,
      n,
      f: n,
      i: [0, -1, 2_147_483_647, -2_147_483_648, 42][k % 5],
      d: dates[k % dates.length],
      ts: new Date(instants[k % instants.length]),
      u: k % 2 ? 'A0B1C2D3-0000-4000-8000-00000000000F' : '00000000-0000-4000-8000-000000000000',
      t: k % 3 ? AWKWARD : '',
      j: k % 2 ? { a: [1, 'x\\y', null], b: AWKWARD } : [],
      b: k % 2 === 0,
    }));
    rows.push({ k: rows.length, ...Object.fromEntries(types.map(([name]) => [name, null])) } as never);
    const client = await pool.connect();
    try {
      const columns = `k integer, ${types.map(([name, type]) => `${name} ${type}`).join(', ')}`;
      await client.query(`create table by_copy.binary_values (${columns}); create table by_copy.text_values (${columns})`);
      const copy = async (table: string, chunks: Iterable<Buffer>, binary: boolean) =>
        pipeline(Readable.from(chunks), client.query(copyFrom(`COPY by_copy.${table} FROM STDIN${binary ? ' (FORMAT binary)' : ''}`)));
      const binary = binaryCopy(spec, rows);
      expect(binary, 'every value written in binary').to.not.equal(undefined);
      await copy('binary_values', binary!.chunks, true);
      binary!.release();
      await copy('text_values', copyChunks(spec, rows), false);
      const read = async (table: string) => (await client.query(`select t::text as row from by_copy.${table} t order by k`)).rows;
      expect(await read('binary_values'))
        .to.deep.equal(await read('text_values'))
        .and.to.have.length(rows.length);
    } finally {
      client.release();
    }
    // What Postgres might make otherwise of a value's text: a date it refuses (year 0, 30 February),
    // a date of Date.UTC's 1900s, an instant as text, text holding a NUL, a number in an integer column.
    for (const odd of [
      { d: '0000-01-01' },
      { d: '2023-02-30' },
      { d: '0050-01-01' },
      { ts: '2025-03-01 12:00:00+02' },
      { t: 'a\u0000b' },
      { i: 1.5 },
    ]) {
      expect(binaryCopy(spec, [...rows, { ...rows[0], ...odd }]), JSON.stringify(odd)).to.equal(undefined);
    }
  });

  it('formats values by COPY text rules', () => {
    const copyText = (type: PgType, ...values: unknown[]) => {
      const spec = { key: ['v'], columns: [['v', type]] as [string, PgType][], nullable: new Set(['v']) };
      return Buffer.concat([
        ...copyChunks(
          spec,
          values.map((v) => ({ v })),
        ),
      ]).toString();
    };
    expect(copyText('text', null, undefined)).to.equal('\\N\n\\N\n');
    expect(copyText('text', 'a\tb\nc\rd\\e', 'é ✓ 😀')).to.equal('a\\tb\\nc\\rd\\\\e\né ✓ 😀\n');
    expect(copyText('jsonb', { a: 'x\\y' })).to.equal('{"a":"x\\\\\\\\y"}\n');
    expect(copyText('boolean', false, true)).to.equal('false\ntrue\n');
    // Numbers as String() writes them: integers digit by digit, the rest by String().
    const numbers = [0, -0, 7, -7, 10, 99, 100, -120, 2 ** 31, 2 ** 53, 1e15 - 1, 1e15, -1e15, 1e21, 0.07, -33.33, 1.9091, 1e-7];
    expect(copyText('numeric', ...numbers)).to.equal(numbers.map((n) => `${String(n)}\n`).join(''));
    // Instants as toISOString writes them (a fast path from 1970 to 9999, toISOString around it).
    const instants = ['1970-01-01T00:00:00.000Z', '1969-12-31T23:59:59.999Z', '2000-02-29T12:34:56.789Z', '2100-03-01T00:00:00.001Z']
      .map((text) => new Date(text))
      .concat([new Date(Date.UTC(9999, 11, 31, 23, 59, 59, 999)), new Date(Date.UTC(10000, 0, 1)), new Date(Date.UTC(1, 0, 1))]);
    expect(copyText('timestamptz', ...instants, '2025-03-01 12:00:00+02')).to.equal(
      [...instants.map((date) => date.toISOString()), '2025-03-01 12:00:00+02'].map((text) => `${text}\n`).join(''),
    );
    // A chunk grows for a row longer than it is; rows past a chunk's size go on in the next.
    const long = 'x'.repeat(3 << 20);
    expect(copyText('text', 'a', long, 'b')).to.equal(`a\n${long}\nb\n`);
    const many = Array.from({ length: 100_000 }, (_, i) => `row ${i} ${'é'.repeat(i % 40)}`);
    const spec = { key: ['v'], columns: [['v', 'text']] as [string, PgType][], nullable: new Set<string>() };
    const chunks = [
      ...copyChunks(
        spec,
        many.map((v) => ({ v })),
      ),
    ];
    expect(chunks.length).to.be.above(1);
    expect(Buffer.concat(chunks).toString()).to.equal(many.map((v) => `${v}\n`).join(''));
  });
});
