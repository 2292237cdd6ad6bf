import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { unusedPort } from '@bt/event-store/testing';
import { productProcess } from './testing/product-process';

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
  let pgPort: number;
  let product: ReturnType<typeof productProcess>;
  const start = async () => ({ url: await product.start() });
  const kill = async () => product?.kill();
  const eventCount = (sqlText: string, params: unknown[]) => product.count(sqlText, params);

  before(async () => {
    pgPort = await unusedPort();
    dataDir = mkdtempSync(join(tmpdir(), 'bt-import-crash-'));
    chmodSync(dataDir, 0o755); // Postgres runs as its own OS user when we are root
    product = productProcess(dataDir, pgPort);
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
      const at = product.url() ?? (await product.start());
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
    const retried = await fetch(`${product.url()}/api/import/bets`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'text/csv', 'Idempotency-Key': 'crash-again' },
      body: betsCsv(rows, 'half-way'),
    });
    expect(retried.status).to.equal(200);
    expect(((await retried.json()) as { imported: number }).imported).to.equal(rows);
  });
});
