import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'chai';
import { unusedPort } from '@bt/event-store/testing';

const START = fileURLToPath(new URL('./start.ts', import.meta.url));

/** A CSV of `rows` settled bets, the import's columns (no cell needs quoting). */
const betsCsv = (rows: number, tag: string) =>
  [
    ['date', 'sport', 'event', 'betType', 'odds', 'stake', 'outcome', 'notes'],
    ...Array.from({ length: rows }, (_, i) => [
      `2025-0${1 + (i % 9)}-${String(1 + (i % 28)).padStart(2, '0')}`,
      ['basketball', 'hockey', 'football'][i % 3],
      `${tag} game ${i}`,
      'moneyline',
      i % 2 ? '+120' : '-110',
      String(10 + (i % 50)),
      ['win', 'loss', 'push'][i % 3],
      '',
    ]),
  ]
    .map((row) => `${row.join(',')}\r\n`)
    .join('');

/**
 * Graceful shutdown of the real one-process product (`npm start`: launcher/src/start.ts on the
 * embedded default, as a child process): Ctrl-C while a CSV import and an `asOf` replay are in
 * flight lets both answer 2xx, then the process exits 0.
 */
describe('graceful shutdown of the one-process product (real process, embedded Postgres)', function () {
  this.timeout(300_000);
  let dataDir: string;
  let child: ChildProcess;
  let exited: Promise<number | null>;
  let output = '';
  const seen = (test: (line: Record<string, unknown>) => boolean) =>
    output
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .find(test);
  let waiting: (() => void)[] = [];
  const waitForLine = (test: (line: Record<string, unknown>) => boolean) =>
    new Promise<Record<string, unknown>>((resolve, reject) => {
      const check = () => {
        const line = seen(test);
        if (line) resolve(line);
        return line !== undefined;
      };
      if (check()) return;
      const waiter = () => {
        if (check()) waiting = waiting.filter((w) => w !== waiter);
      };
      waiting.push(waiter);
      void exited.then((code) => reject(new Error(`the product exited (${code}):\n${output.slice(-4000)}`)));
    });

  before(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'bt-shutdown-'));
    chmodSync(dataDir, 0o755); // Postgres runs as its own OS user when we are root
    // The embedded default: none of the stores the test process may have in its environment.
    const { DATABASE_URL: _database, EVENTSTORE_URL: _eventStore, JWT_SECRET: _secret, ...inherited } = process.env;
    child = spawn(process.execPath, ['--import', 'tsx', START], {
      env: {
        ...inherited,
        PORT: '0',
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        PG_PORT: String(await unusedPort()),
        WEB_DIST: join(dataDir, 'no-web-build'),
        LOG_LEVEL: 'debug',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true, // a process group of its own, as a terminal runs `npm start`
    });
    exited = new Promise((resolve) => child.once('exit', resolve));
    const take = (chunk: Buffer) => {
      output += chunk.toString();
      for (const waiter of [...waiting]) waiter();
    };
    child.stdout!.on('data', take);
    child.stderr!.on('data', take);
  });
  after(() => {
    if (child.exitCode === null) process.kill(-child.pid!, 'SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('lets an import and an asOf replay in flight answer 2xx on Ctrl-C, then exits 0 without a warning', async () => {
    const started = await waitForLine((l) => typeof l.msg === 'string' && l.msg.startsWith('Bet tracker running at'));
    const url = `http://127.0.0.1:${started.port as number}`;
    const registered = await fetch(`${url}/api/auth/register`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: 'importer@example.com', password: 'importer-password', username: 'importer' }),
    });
    expect(registered.status).to.equal(201);
    const { token } = (await registered.json()) as { token: string };
    const importBets = (csv: string, requestId: string) =>
      fetch(`${url}/api/import/bets`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'text/csv', 'X-Request-Id': requestId },
        body: csv,
      });
    // Many events for the user, so that the asOf replay has work to do.
    expect((await importBets(betsCsv(2000, 'first'), 'import-first')).status).to.equal(200);

    const importing = importBets(betsCsv(3000, 'second'), 'import-second');
    const replaying = fetch(`${url}/api/stats?range=all&asOf=${encodeURIComponent(new Date().toISOString())}`, {
      headers: { Authorization: `Bearer ${token}`, 'X-Request-Id': 'replay-1' },
    });
    // Both are in flight once the product has logged their start (LOG_LEVEL=debug): no timing.
    await waitForLine((l) => l.msg === 'request started' && l.requestId === 'import-second' && l.service === 'command-api');
    await waitForLine((l) => l.msg === 'request started' && l.requestId === 'replay-1' && l.service === 'query-api');
    // Ctrl-C in a terminal: SIGINT to the whole group, and once more from each runner in between (npm, tsx).
    process.kill(-child.pid!, 'SIGINT');
    process.kill(-child.pid!, 'SIGINT');
    const [imported, replayed] = await Promise.all([importing, replaying]);
    expect(imported.status, output.slice(-4000)).to.equal(200);
    expect(((await imported.json()) as { imported: number }).imported).to.equal(3000);
    expect(replayed.status, output.slice(-4000)).to.equal(200);
    expect(await replayed.json()).to.have.property('record');
    expect(await exited, output.slice(-4000)).to.equal(0);
    expect(seen((l) => l.msg === 'stopping' && l.signal === 'SIGTERM')).to.not.equal(undefined);
    expect(seen((l) => l.msg === 'projector stopped after its last batch')).to.not.equal(undefined);
    expect(seen((l) => l.msg === 'stopped')).to.not.equal(undefined);
    // A clean stop: the embedded Postgres outlived the requests in flight, and nothing warned.
    const lines = output.split('\n').filter((line) => line.startsWith('{'));
    const after = lines.slice(lines.findIndex((line) => line.includes('"msg":"stopping"')));
    expect(
      after.filter((line) => (JSON.parse(line) as { level: number }).level >= 40),
      output.slice(-4000),
    ).to.deep.equal([]);
  });
});
