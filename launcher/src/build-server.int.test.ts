import { expect } from 'chai';
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createTestDatabase } from '@bt/event-store/testing';
import { LOG_POSITION_HEADER, MIN_POSITION_HEADER } from '@bt/contracts';
import { buildServer, SERVER_ENTRIES } from './build-server';

const ROOT = resolve(import.meta.dirname, '../..');

/**
 * The image runs the bundles of `npm run build:server` with plain `node` (no tsx): they must load
 * every import. The gateway starts and answers; the one-process product starts its threads under a
 * V8 flag, places a bet, replays it and imports a file; the log copier prints its usage.
 */
describe('build:server bundles run under plain node', () => {
  before(async function () {
    this.timeout(120_000);
    await buildServer(ROOT);
  });

  it('writes every bundle', () => {
    for (const [, out] of SERVER_ENTRIES) expect(existsSync(join(ROOT, out)), out).to.equal(true);
  });

  it('runs the gateway: it serves the built app, answers /livez, and /healthz asks its (absent) upstreams', async function () {
    this.timeout(60_000);
    const dist = mkdtempSync(join(tmpdir(), 'bt-gateway-'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>t</title>');
    const gateway = spawn(process.execPath, [join(ROOT, 'launcher/dist/gateway.js')], {
      env: {
        ...process.env,
        PORT: '0', // any free port: it says which when it is up
        COMMAND_API_URL: 'http://127.0.0.1:9',
        QUERY_API_URL: 'http://127.0.0.1:9',
        WEB_DIST: dist,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    gateway.stdout.on('data', (chunk) => (output += String(chunk)));
    gateway.stderr.on('data', (chunk) => (output += String(chunk)));
    try {
      const port = await new Promise<number>((resolveStarted, reject) => {
        gateway.stdout.on('data', () => {
          const up = /gateway on :(\d+)/.exec(output);
          if (up) resolveStarted(Number(up[1]));
        });
        gateway.on('exit', (code) => reject(new Error(`gateway exited (${code}): ${output}`)));
      });
      const live = await fetch(`http://127.0.0.1:${port}/livez`);
      expect(live.status).to.equal(200);
      expect(await live.json()).to.deep.include({ status: 'ok' });
      // No command-api or query-api answers on port 9: the gateway is alive but not healthy.
      expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).to.equal(503);
      const page = await fetch(`http://127.0.0.1:${port}/`);
      expect(await page.text()).to.contain('<title>t</title>');
      const check = spawnSync(process.execPath, [join(ROOT, 'launcher/dist/healthcheck.js')], {
        env: { ...process.env, PORT: String(port) },
      });
      expect(check.status, String(check.stderr)).to.equal(0);
    } finally {
      gateway.kill();
      rmSync(dist, { recursive: true, force: true });
    }
  });

  it('runs the one-process product under a V8 flag: its projector thread, its asOf replay threads and its import plan thread start', async function () {
    this.timeout(120_000);
    const database = await createTestDatabase();
    const dataDir = mkdtempSync(join(tmpdir(), 'bt-start-'));
    writeFileSync(join(dataDir, 'index.html'), '<!doctype html><title>t</title>');
    // A flag V8 takes and a worker thread refuses in its execArgv (ERR_WORKER_INVALID_EXEC_ARGV).
    const product = spawn(process.execPath, ['--max-old-space-size=512', join(ROOT, 'launcher/dist/start.js')], {
      env: {
        ...process.env,
        PORT: '0', // any free port: it says which when it is up
        HOST: '127.0.0.1',
        DATABASE_URL: database.url,
        DATA_DIR: dataDir,
        WEB_DIST: dataDir,
        JWT_SECRET: 'built-secret-built-secret-built-secret-0123',
        LOG_LEVEL: 'info',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    product.stdout.on('data', (chunk) => (output += String(chunk)));
    product.stderr.on('data', (chunk) => (output += String(chunk)));
    try {
      const port = await new Promise<number>((resolveStarted, reject) => {
        product.stdout.on('data', () => {
          const running = /"port":(\d+),[^\n]*Bet tracker running at/.exec(output);
          if (running) resolveStarted(Number(running[1]));
        });
        product.on('exit', (code) => reject(new Error(`start.js exited (${code}): ${output}`)));
      });
      const url = `http://127.0.0.1:${port}`;
      const registered = await fetch(`${url}/api/auth/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'built@example.com', password: 'built-password' }),
      });
      expect(registered.status, output).to.equal(201);
      const { token } = (await registered.json()) as { token: string };
      const auth = { authorization: `Bearer ${token}` };
      const placed = await fetch(`${url}/api/bets`, {
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json' },
        body: JSON.stringify({ sport: 'football', event: 'A @ B', betType: 'moneyline', stake: 10, odds: -110, outcome: 'win' }),
      });
      expect(placed.status, output).to.equal(201);
      const position = placed.headers.get(LOG_POSITION_HEADER)!;
      // Read-your-writes: the projector's thread has written the bet.
      const live = await fetch(`${url}/api/stats`, { headers: { ...auth, [MIN_POSITION_HEADER]: position } });
      expect(live.status, output).to.equal(200);
      expect(((await live.json()) as { totalBets: number }).totalBets).to.equal(1);
      // An asOf replay runs on a replay thread.
      const today = new Date().toISOString().slice(0, 10);
      const replayed = await fetch(`${url}/api/stats?asOf=${today}`, { headers: auth });
      expect(replayed.status, output).to.equal(200);
      expect(((await replayed.json()) as { totalBets: number }).totalBets).to.equal(1);
      // An import reads and checks its file on the plan thread first.
      const imported = await fetch(`${url}/api/import/bets`, {
        method: 'POST',
        headers: { ...auth, 'content-type': 'text/csv' },
        body: 'date,sport,event,betType,odds,stake,outcome\n2025-01-02,basketball,C @ D,moneyline,+120,10,loss\n',
      });
      expect(imported.status, output).to.equal(200);
      expect(((await imported.json()) as { imported: number }).imported, output).to.equal(1);
    } finally {
      product.kill('SIGTERM');
      await new Promise((done) => (product.exitCode === null ? product.once('exit', done) : done(undefined)));
      rmSync(dataDir, { recursive: true, force: true });
      await database.drop();
    }
  });

  it('runs the log copier: it prints its usage', () => {
    const run = spawnSync(process.execPath, [join(ROOT, 'launcher/dist/log-cli.js')], { encoding: 'utf8' });
    expect(`${run.stdout}${run.stderr}`).to.match(/usage/i);
  });
});
