import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'chai';
import pg from 'pg';

const START = fileURLToPath(new URL('./product-main.ts', import.meta.url));
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A CSV of `rows` settled bets, each row its own (the event names the tag and the row). */
const betsCsv = (rows: number, tag: string) =>
  [
    'date,sport,event,betType,odds,stake,outcome,notes',
    ...Array.from(
      { length: rows },
      (_, i) => `2025-03-${String(1 + (i % 28)).padStart(2, '0')},hockey,${tag} game ${i},moneyline,+120,10,win,`,
    ),
  ].join('\n');

/**
 * Imports are all or nothing across a crash: the one-process product (the one `npm start` runs
 * on the embedded default, a child process of its own group) is SIGKILLed, with its
 * Postgres, at several moments of an import; once it is up again the import's rows are all there
 * or none are, with no step by hand, and the client can ask what became of its import.
 */
describe('an import killed at any moment (real process group, embedded Postgres)', function () {
  this.timeout(600_000);
  let dataDir: string;
  const pgPort = 20000 + Math.floor(Math.random() * 20000);
  let product: { child: ChildProcess; exited: Promise<unknown>; url: string } | undefined;

  const start = async () => {
    const { DATABASE_URL: _database, EVENTSTORE_URL: _eventStore, JWT_SECRET: _secret, ...inherited } = process.env;
    const child = spawn(process.execPath, ['--import', 'tsx', START], {
      env: { ...inherited, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, PG_PORT: String(pgPort), WEB_DIST: join(dataDir, 'no-web') },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true, // its own process group: Postgres dies with it, as in a crash of the machine
    });
    const exited = new Promise((resolve) => child.once('exit', resolve));
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    for (let i = 0; i < 1200; i++) {
      const running = /"port":(\d+),[^\n]*Bet tracker running at/.exec(output);
      if (running) return (product = { child, exited, url: `http://127.0.0.1:${running[1]}` });
      if (child.exitCode !== null) break;
      await sleep(50);
    }
    throw new Error(`the product did not start:\n${output.slice(-4000)}`);
  };
  const kill = async () => {
    if (!product) return;
    process.kill(-product.child.pid!, 'SIGKILL');
    await product.exited;
    product = undefined;
  };
  /** The embedded Postgres, to watch the log from outside. */
  const eventCount = async (sqlText: string, params: unknown[]) => {
    const client = new pg.Client({
      host: '127.0.0.1',
      port: pgPort,
      user: 'postgres',
      password: readFileSync(join(dataDir, 'postgres-password'), 'utf8').trim(),
      database: 'bettracker',
    });
    await client.connect();
    try {
      return Number((await client.query<{ n: string }>(sqlText, params)).rows[0].n);
    } finally {
      await client.end();
    }
  };

  before(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'bt-import-crash-'));
    chmodSync(dataDir, 0o755); // Postgres runs as its own OS user when we are root
  });
  after(async () => {
    await kill().catch(() => undefined);
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('shows every row of the import or none after a SIGKILL before, during and right after its rows are appended', async () => {
    const { url } = await start();
    const registered = await fetch(`${url}/api/auth/register`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: 'crash@example.com', password: 'crash-password', username: 'crash' }),
    });
    expect(registered.status).to.equal(201);
    const { token } = (await registered.json()) as { token: string };
    const rows = 3000;

    let expected = 0;
    const outcomes: string[] = [];
    // Killed: as the request arrives, with some of its rows appended, and once its last event is in.
    for (const moment of ['arrived', 'half-way', 'committed'] as const) {
      const { url: at } = product ?? (await start());
      const key = `crash-${moment}`;
      const appended = () =>
        eventCount(`select count(*) as n from eventstore.events where metadata->>'idempotencyKey' = $1 and type = 'BetPlaced'`, [key]);
      const committed = () =>
        eventCount(`select count(*) as n from eventstore.events where type = 'ImportCommitted' and metadata->>'idempotencyKey' = $1`, [
          key,
        ]);
      const request = fetch(`${at}/api/import/bets`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'text/csv', 'Idempotency-Key': key },
        body: betsCsv(rows, moment),
      }).catch(() => undefined); // the connection dies with the process
      if (moment === 'half-way') while ((await appended()) < rows / 3) await sleep(5);
      if (moment === 'committed') while ((await committed()) === 0) await sleep(5);
      await kill();
      await request;

      const { url: again } = await start();
      // No step by hand: the sweep ends a dead import, the projector shows its rows or none.
      let status: { status: string; visible: boolean } | undefined;
      for (let i = 0; i < 600; i++) {
        const answer = await fetch(`${again}/api/imports/${key}`, { headers: { Authorization: `Bearer ${token}` } });
        status = answer.status === 200 ? ((await answer.json()) as typeof status) : undefined;
        if (moment === 'arrived' && answer.status === 404 && (await appended()) === 0) break; // it never began
        if (status && status.status !== 'running' && status.visible) break;
        await sleep(100);
      }
      const counted = async () => {
        const stats = await fetch(`${again}/api/bets?page=1&pageSize=1`, { headers: { Authorization: `Bearer ${token}` } });
        return ((await stats.json()) as { total: number }).total;
      };
      const seen = await counted();
      if (status?.status === 'committed') expected += rows;
      else expect(status === undefined || status.status === 'abandoned', `${moment}: ${JSON.stringify(status)}`).to.equal(true);
      outcomes.push(`${moment}: ${status?.status ?? 'never began'}`);
      expect(seen, `${moment}: every row or none (${outcomes.join(', ')})`).to.equal(expected);
      // And it stays so: nothing shows up later.
      await sleep(500);
      expect(await counted(), moment).to.equal(expected);
    }
    // Both outcomes were seen: the kill after the last event keeps the import whole.
    expect(outcomes.at(-1)).to.equal('committed: committed');
    expect(
      outcomes.some((o) => o.endsWith('abandoned')),
      outcomes.join(', '),
    ).to.equal(true);

    // Importing the same file again after an abandoned one brings every row in.
    const retried = await fetch(`${product!.url}/api/import/bets`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'text/csv', 'Idempotency-Key': 'crash-again' },
      body: betsCsv(rows, 'half-way'),
    });
    expect(retried.status).to.equal(200);
    expect(((await retried.json()) as { imported: number }).imported).to.equal(rows);
  });
});
