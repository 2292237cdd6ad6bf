import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { resolve } from 'node:path';
import { expect } from 'chai';
import pg from 'pg';
import { openCheckpoint, verifierKeyOf } from '@bt/contracts';
import { createTestDatabase, type TestDatabase, unusedPort } from '@bt/event-store/testing';

const ROOT = resolve(import.meta.dirname, '../../..');
const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

interface Service {
  child: ChildProcess;
  url: string;
  output: () => string;
  exited: Promise<unknown>;
}

/**
 * The services as docker compose runs them, each its own process from its main.ts (compose runs
 * their bundles; build-server.int.test.ts checks those load), with compose's environment: the
 * Postgres event store stands in for EventStoreDB, which is not here.
 */
describe('the transparency log in the compose deployment (each service its own process)', function () {
  this.timeout(300_000);
  let database: TestDatabase;
  const services: Service[] = [];
  const key = randomBytes(32).toString('base64url');
  const origin = 'compose.example/log';
  const masterKeys = `1:${randomBytes(32).toString('base64url')}`;

  const start = async (main: string, extra: Record<string, string> = {}): Promise<Service> => {
    const port = await unusedPort();
    const child = spawn(process.execPath, ['--import', 'tsx', resolve(ROOT, main)], {
      cwd: ROOT,
      env: {
        ...process.env,
        NODE_ENV: 'production',
        PORT: String(port),
        DATABASE_URL: database.url,
        EVENTSTORE_URL: database.url,
        JWT_SECRET: 'compose-secret-compose-secret-compose-secret',
        DATA_KEYS_MASTER: masterKeys,
        LOG_LEVEL: 'info',
        ...extra,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const service = {
      child,
      url: `http://127.0.0.1:${port}`,
      output: () => output,
      exited: new Promise((done) => child.once('exit', done)),
    };
    services.push(service);
    for (let i = 0; i < 1200; i++) {
      if (child.exitCode !== null) break;
      if ((await fetch(`${service.url}/livez`).catch(() => undefined))?.ok) return service;
      await sleep(100);
    }
    throw new Error(`${main} did not start:\n${output.slice(-4000)}`);
  };

  const waitFor = async <T>(what: string, probe: () => Promise<T | undefined>): Promise<T> => {
    for (let i = 0; i < 1200; i++) {
      const value = await probe();
      if (value !== undefined) return value;
      await sleep(100);
    }
    throw new Error(`timed out waiting for ${what}:\n${services.map((s) => s.output().slice(-2000)).join('\n---\n')}`);
  };

  before(async () => {
    database = await createTestDatabase();
  });
  after(async () => {
    for (const { child, exited } of services) {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    }
    await database?.drop();
  });

  it('query-api refuses to start without the signing key, naming it', async () => {
    const port = await unusedPort();
    const { DATA_DIR: _dir, TRANSPARENCY_KEY: _key, ...inherited } = process.env;
    const child = spawn(process.execPath, ['--import', 'tsx', resolve(ROOT, 'query-api/src/main.ts')], {
      env: { ...inherited, PORT: String(port), DATABASE_URL: database.url, EVENTSTORE_URL: database.url },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const code = await new Promise((done) => child.once('exit', done));
    expect(code).to.not.equal(0);
    expect(output).to.match(/TRANSPARENCY_KEY: is required/);
  });

  it('a bet placed through command-api gets a leaf, the writer signs it, query-api serves the signed checkpoint; a standby takes over', async () => {
    const transparency = { TRANSPARENCY_KEY: key, TRANSPARENCY_ORIGIN: origin, TRANSPARENCY_SIGN_EVERY_MS: '100' };
    const commandApi = await start('command-api/src/main.ts');
    await start('projector/src/main.ts');
    const queryApi = await start('query-api/src/main.ts', transparency);
    const writer = await start('launcher/src/transparency/main.ts', transparency);
    await waitFor('the first writer to follow', async () => (/following the event log/.test(writer.output()) ? true : undefined));
    const standby = await start('launcher/src/transparency/main.ts', transparency);
    await waitFor('the second writer to wait', async () =>
      /another writer holds the log; waiting/.test(standby.output()) ? true : undefined,
    );

    const served = (await (await fetch(`${queryApi.url}/api/log/key`)).json()) as { origin: string; key: string };
    expect(served).to.deep.equal({ origin, key: verifierKeyOf(origin, new Uint8Array(Buffer.from(key, 'base64url'))) });

    const registered = await fetch(`${commandApi.url}/api/auth/register`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: 'compose@example.com', password: 'secret-password', username: 'compose' }),
    });
    expect(registered.status, commandApi.output()).to.equal(201);
    const { token } = (await registered.json()) as { token: string };
    const place = async (event: string) => {
      const placed = await fetch(`${commandApi.url}/api/bets`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ sport: 'hockey', event, betType: 'moneyline', odds: '+120', stake: 10 }),
      });
      expect(placed.status, commandApi.output()).to.equal(201);
    };
    /** The latest checkpoint query-api serves, checked against the key it serves: its size once it reaches `size`. */
    const signedSize = (size: number) =>
      waitFor(`a checkpoint of ${size} leaves`, async () => {
        const answer = await fetch(`${queryApi.url}/api/log/checkpoint`);
        if (answer.status !== 200) return undefined;
        const checkpoint = await openCheckpoint(await answer.text(), served.key, origin);
        if ('failure' in checkpoint) throw new Error(checkpoint.failure);
        return checkpoint.size >= size ? checkpoint.size : undefined;
      });

    await place('Game 1');
    expect(await signedSize(1)).to.equal(1);
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      const { rows } = await client.query<{ n: string }>('select count(*) as n from transparency.leaves');
      expect(Number(rows[0].n)).to.equal(1);
    } finally {
      await client.end();
    }
    const proof = await fetch(`${queryApi.url}/api/log/proof/inclusion?index=0&size=1`);
    expect(proof.status).to.equal(200);

    // The writer dies: the standby, which signed nothing meanwhile, takes the lock and goes on.
    expect(standby.output()).to.not.match(/following the event log/);
    writer.child.kill('SIGKILL');
    await writer.exited;
    await waitFor('the standby to take over', async () => (/following the event log/.test(standby.output()) ? true : undefined));
    await place('Game 2');
    expect(await signedSize(2)).to.equal(2);
  });
});
