import { expect } from 'chai';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expectAssetHeaders, expectSecurityHeaders, sources } from './testing/security-headers';

const listen = async (server: Server): Promise<number> => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
};

const freePort = async (): Promise<number> => {
  const probe = createServer();
  const port = await listen(probe);
  await new Promise((resolve) => probe.close(resolve));
  return port;
};

/**
 * The compose gateway (`gateway.ts`, run as its own process as the `web` container runs it) in
 * front of services that set no header themselves: every answer still carries the headers.
 */
const METRICS_TOKEN = 'gateway-metrics-token-0123456789';

describe('compose gateway security headers', function () {
  this.timeout(60_000);
  let dist: string;
  let upstream: Server;
  let gateway: ChildProcess;
  let url: string;
  const asked: string[] = [];
  before(async () => {
    dist = mkdtempSync(join(tmpdir(), 'bt-gateway-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><html><head><script>1</script></head><body></body></html>');
    writeFileSync(join(dist, 'assets', 'app.js'), 'console.log("app");');
    upstream = createServer((req, res) => {
      asked.push(req.url ?? '');
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ method: req.method }));
    });
    const upstreamUrl = `http://127.0.0.1:${await listen(upstream)}`;
    const port = await freePort();
    gateway = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(new URL('./gateway.ts', import.meta.url))], {
      env: {
        ...process.env,
        PORT: String(port),
        COMMAND_API_URL: upstreamUrl,
        QUERY_API_URL: upstreamUrl,
        WEB_DIST: dist,
        // As behind a TLS proxy on the same machine.
        TRUST_PROXY_HOPS: '1',
        METRICS_TOKEN: METRICS_TOKEN,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    await new Promise<void>((resolve, reject) => {
      gateway.stdout!.on('data', (chunk) => {
        output += chunk;
        if (output.includes('gateway on')) resolve();
      });
      gateway.stderr!.on('data', (chunk) => (output += chunk));
      gateway.on('exit', (code) => reject(new Error(`gateway exited (${code}): ${output}`)));
    });
    url = `http://127.0.0.1:${port}`;
  });
  after(async () => {
    gateway?.kill();
    upstream?.closeAllConnections();
    await new Promise((resolve) => upstream?.close(resolve));
    rmSync(dist, { recursive: true, force: true });
  });

  it('sets the headers on the app, an asset and proxied /api answers', async () => {
    for (const [method, path] of [
      ['GET', '/'],
      ['GET', '/assets/app.js'],
      ['GET', '/api/bets'],
      ['POST', '/api/auth/login'],
    ]) {
      const answer = await fetch(`${url}${path}`, { method });
      expect(answer.status, path).to.equal(200);
      await answer.arrayBuffer();
      if (path.startsWith('/assets/')) expectAssetHeaders(answer.headers, `${method} ${path}`);
      else expectSecurityHeaders(answer.headers, `${method} ${path}`);
    }
    const csp = (await fetch(url)).headers.get('content-security-policy');
    expect(sources(csp, 'script-src')).to.have.length(2).and.not.include("'unsafe-inline'");
    const missing = await fetch(`${url}/assets/no-such-file.js`);
    expect(missing.status).to.equal(404);
    await missing.arrayBuffer();
    expectSecurityHeaders(missing.headers, 'a missing asset');
    expect(missing.headers.get('cache-control'), 'a missing asset').to.equal('no-store');
  });

  it('answers /healthz and /readyz in JSON after asking both services’ /readyz, and repeats X-Request-Id', async () => {
    for (const path of ['/healthz', '/readyz']) {
      asked.length = 0;
      const answer = await fetch(`${url}${path}`, { headers: { 'X-Request-Id': 'gateway-check-1' } });
      expect(answer.status, path).to.equal(200);
      expect(answer.headers.get('content-type'), path).to.match(/^application\/json/);
      expect(answer.headers.get('x-request-id'), path).to.equal('gateway-check-1');
      await answer.json();
      expect(asked, path).to.deep.equal(['/readyz', '/readyz']);
    }
  });
  it('answers /metrics behind its proxy (TRUST_PROXY_HOPS=1) to a forwarded loopback client or the token, not to anyone else', async () => {
    const metrics = (forwardedFor: string, token?: string) =>
      fetch(`${url}/metrics`, { headers: { 'X-Forwarded-For': forwardedFor, ...(token ? { Authorization: `Bearer ${token}` } : {}) } });
    expect((await metrics('203.0.113.7')).status).to.equal(404);
    expect((await metrics('203.0.113.7', METRICS_TOKEN)).status).to.equal(200);
    expect((await metrics('127.0.0.1')).status).to.equal(200);
  });
});
