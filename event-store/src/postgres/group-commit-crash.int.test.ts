import { expect } from 'chai';
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { createTestDatabase, type TestDatabase } from '../testing/postgres';
import { createPostgresEventStore, type PostgresEventStore } from './postgres-event-store';

const storeModule = fileURLToPath(new URL('./postgres-event-store.ts', import.meta.url));

/**
 * A child process appending from 32 concurrent writers (group commit batches them), printing each
 * append as it is answered: stream id and revision. The parent SIGKILLs it mid-load.
 */
const writer = `
  import { createPostgresEventStore } from ${JSON.stringify(storeModule)};
  const store = await createPostgresEventStore({ connectionString: process.env.DATABASE_URL, migrate: false });
  const metadata = () => ({ occurredAt: new Date().toISOString(), commandId: crypto.randomUUID(), schemaVersion: 1 });
  const event = (type) => ({ type, data: { at: Date.now() }, metadata: metadata() });
  const worker = async (w) => {
    for (let i = 0; ; i++) {
      const stream = 'bet-' + crypto.randomUUID();
      const placed = await store.append(stream, [event('BetPlaced'), event('BetSettled')], 'no_stream');
      process.stdout.write(stream + ' ' + placed.nextRevision + '\\n');
      const amended = await store.append(stream, [event('BetAmended')], placed.nextRevision);
      process.stdout.write(stream + ' ' + amended.nextRevision + '\\n');
    }
  };
  await Promise.all(Array.from({ length: 32 }, (_, w) => worker(w)));
`;

describe('group commit crash safety (real process, real Postgres)', () => {
  let database: TestDatabase;
  let store: PostgresEventStore;

  before(async () => {
    database = await createTestDatabase();
    store = await createPostgresEventStore({ connectionString: database.url });
  });
  after(async () => {
    await store?.close();
    await database?.drop();
  });

  it('has every acknowledged append in the log after the appending process is SIGKILLed mid-load', async function () {
    this.timeout(180_000);
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', writer], {
      env: { ...process.env, DATABASE_URL: database.url },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk) => (stderr += String(chunk)));
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    const acknowledged = new Map<string, bigint>();
    let count = 0;
    try {
      // Lines arrive whole or not at all (readline keeps a partial last line back).
      for await (const line of createInterface({ input: child.stdout })) {
        const [stream, revision] = line.split(' ');
        acknowledged.set(stream, BigInt(revision));
        if (++count === 1500) {
          child.kill('SIGKILL');
          break;
        }
      }
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
      await exited;
    }
    expect(count, stderr).to.equal(1500);

    let groupedEvents = 0;
    const commits = new Set<bigint>();
    for (const [stream, revision] of acknowledged) {
      const recorded = await store.readStream(stream);
      expect(recorded.length, `${stream} acknowledged at revision ${revision}`).to.be.greaterThan(Number(revision));
      expect(recorded.map((e) => e.revision)).to.deep.equal(recorded.map((_, i) => BigInt(i)));
      for (const e of recorded) commits.add(e.position.commit);
      groupedEvents += recorded.length;
    }
    // The appends were grouped: far fewer transactions than appends.
    expect(commits.size).to.be.lessThan(count / 2);
    expect(groupedEvents).to.be.at.least(count);
  });
});
