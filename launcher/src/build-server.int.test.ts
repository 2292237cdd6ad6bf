import { expect } from 'chai';
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { buildServer, SERVER_ENTRIES } from './build-server';

const ROOT = resolve(import.meta.dirname, '../..');

/**
 * The image runs the bundles of `npm run build:server` with plain `node` (no tsx): they must load
 * every import. The gateway starts and answers; the log copier prints its usage.
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
    const port = 20_000 + Math.floor(Math.random() * 20_000);
    const gateway = spawn(process.execPath, [join(ROOT, 'launcher/dist/gateway.js')], {
      env: {
        ...process.env,
        PORT: String(port),
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
      await new Promise<void>((resolveStarted, reject) => {
        gateway.stdout.on('data', () => output.includes(`gateway on :${port}`) && resolveStarted());
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

  it('runs the log copier: it prints its usage', () => {
    const run = spawnSync(process.execPath, [join(ROOT, 'launcher/dist/log-cli.js')], { encoding: 'utf8' });
    expect(`${run.stdout}${run.stderr}`).to.match(/usage/i);
  });
});
