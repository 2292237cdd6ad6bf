import { expect } from 'chai';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { createServer, request as httpRequest, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createFrontDoor } from './router';
import { expectAssetHeaders, expectSecurityHeaders, sources } from './testing/security-headers';

const THEME_SCRIPT = "\n      document.documentElement.classList.add('light');\n    ";
const page = (script: string) =>
  `<!doctype html><html><head><script>${script}</script><script type="module" src="/assets/app.js"></script></head><body></body></html>`;
const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

/** A service that sets no header of its own: whatever the answer carries, the front door put there. */
const bareService = (name: string) => (req: IncomingMessage, res: ServerResponse) => {
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ service: name, method: req.method }));
};

/** node:http with the path as written (fetch would resolve its `..`). */
const raw = (base: string, method: string, path: string) =>
  new Promise<{ status: number; headers: Headers; body: string }>((resolve, reject) => {
    const { hostname, port } = new URL(base);
    const req = httpRequest({ hostname, port, path, method }, (res) => {
      let body = '';
      res
        .setEncoding('utf8')
        .on('data', (chunk) => (body += chunk))
        .on('end', () => {
          const headers = new Headers();
          for (const [name, value] of Object.entries(res.headers)) if (value !== undefined) headers.set(name, String(value));
          resolve({ status: res.statusCode ?? 0, headers, body });
        });
    });
    req.on('error', reject).end();
  });

describe('front door security headers', () => {
  let dist: string;
  let server: Server;
  let url: string;
  before(async () => {
    dist = mkdtempSync(join(tmpdir(), 'bt-front-door-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), page(THEME_SCRIPT));
    writeFileSync(join(dist, 'assets', 'app.js'), 'console.log("app");');
    const front = createFrontDoor({
      query: bareService('query'),
      command: bareService('command'),
      webDist: dist,
      health: async () => ({}),
    });
    server = createServer(front.callback());
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  after(async () => {
    server?.closeAllConnections();
    await new Promise((resolve) => server?.close(resolve));
    rmSync(dist, { recursive: true, force: true });
  });

  it('serves the app under a CSP that allows its inline script by hash and no other inline script', async () => {
    for (const path of ['/', '/history', '/no-such-screen']) {
      const answer = await fetch(`${url}${path}`);
      expect(await answer.text()).to.include('<script>');
      const csp = answer.headers.get('content-security-policy');
      expect(sources(csp, 'script-src'), path).to.deep.equal(["'self'", sha256(THEME_SCRIPT)]);
      expect(sources(csp, 'script-src-attr'), path).to.deep.equal(["'none'"]);
      expect(sources(csp, 'connect-src'), path).to.deep.equal(["'self'"]);
      expect(sources(csp, 'object-src'), path).to.deep.equal(["'none'"]);
      expect(csp, path).not.to.include('upgrade-insecure-requests');
      expectSecurityHeaders(answer.headers, path);
    }
  });

  it("answers /u/<handle> with the public page, under a CSP with its own inline script's hash", async () => {
    const own = "document.documentElement.classList.add('public');";
    writeFileSync(join(dist, 'public-profile.html'), page(own));
    try {
      for (const path of ['/u/ann', '/u/ann/']) {
        const answer = await fetch(`${url}${path}`);
        expect(await answer.text(), path).to.include(own);
        expect(sources(answer.headers.get('content-security-policy'), 'script-src'), path).to.deep.equal(["'self'", sha256(own)]);
        expectSecurityHeaders(answer.headers, path);
      }
      for (const path of ['/u', '/u/ann/bets', '/users/ann'])
        expect(await (await fetch(`${url}${path}`)).text(), path).to.include(THEME_SCRIPT);
    } finally {
      rmSync(join(dist, 'public-profile.html'));
    }
    expect(await (await fetch(`${url}/u/ann`)).text(), 'a build without the page: the app').to.include(THEME_SCRIPT);
  });

  it('takes the script hash from index.html again after a rebuild changes it', async () => {
    const changed = "document.documentElement.classList.add('dark');";
    writeFileSync(join(dist, 'index.html'), page(changed));
    utimesSync(join(dist, 'index.html'), new Date(), new Date(Date.now() + 5000));
    try {
      const csp = (await fetch(url)).headers.get('content-security-policy');
      expect(sources(csp, 'script-src')).to.deep.equal(["'self'", sha256(changed)]);
    } finally {
      writeFileSync(join(dist, 'index.html'), page(THEME_SCRIPT));
      utimesSync(join(dist, 'index.html'), new Date(), new Date(Date.now() + 10_000));
    }
  });

  it("gives assets only a script's headers (no page's), and a missing asset a 404, never the page", async () => {
    const answer = await fetch(`${url}/assets/app.js`);
    expect(answer.status).to.equal(200);
    expect(await answer.text()).to.equal('console.log("app");');
    expectAssetHeaders(answer.headers, '/assets/app.js');
    expect(answer.headers.get('x-request-id')).to.match(/^[0-9a-f-]{36}$/);
    const missing = await fetch(`${url}/assets/no-such-file.js`);
    expect(missing.status).to.equal(404);
    expect(await missing.text()).not.to.include('<script');
    expect(missing.headers.get('x-content-type-options')).to.equal('nosniff');
  });

  it('answers a missing asset, a path out of the app’s folder and a bad escape with the headers, never cached', async () => {
    const good = await fetch(`${url}/assets/app.js`);
    expect(good.headers.get('cache-control')).to.include('immutable');
    for (const [method, path] of [
      ['GET', '/assets/no-such-file.js'],
      ['HEAD', '/assets/no-such-file.js'],
      ['POST', '/assets/app.js'],
      ['GET', '/assets/../../package.json'],
      ['GET', '/assets/%2e%2e/%2e%2e/package.json'],
      ['GET', '/assets/%E0%A4%A.js'],
    ]) {
      const answer = await raw(url, method, path);
      const where = `${method} ${path} → ${answer.status}`;
      expect(answer.status, where).to.be.within(400, 499);
      expect(answer.body, where).not.to.include('<script');
      expect(answer.body, where).not.to.include('"name"');
      expectSecurityHeaders(answer.headers, where);
      expect(answer.headers.get('cache-control'), where).to.match(/^(no-store|no-cache)$/);
    }
  });

  it('sets the headers on /healthz and /api answers of services that set none', async () => {
    for (const [method, path] of [
      ['GET', '/healthz'],
      ['GET', '/api/bets'],
      ['POST', '/api/bets'],
    ]) {
      const answer = await fetch(`${url}${path}`, { method });
      expect(answer.status, path).to.equal(200);
      await answer.arrayBuffer();
      expectSecurityHeaders(answer.headers, `${method} ${path}`);
      expect(answer.headers.get('content-security-policy'), path).to.include("default-src 'self'");
    }
  });
});

describe('front door /metrics behind a reverse proxy on the same machine (TRUST_PROXY_HOPS=1)', () => {
  const TOKEN = 'metrics-token-0123456789';
  let server: Server;
  let url: string;
  before(async () => {
    const front = createFrontDoor({
      query: bareService('query'),
      command: bareService('command'),
      webDist: join(tmpdir(), 'bt-no-web-build'),
      health: async () => ({}),
      metricsToken: TOKEN,
      trustProxyHops: 1,
    });
    server = createServer(front.callback());
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  after(async () => {
    server?.closeAllConnections();
    await new Promise((resolve) => server?.close(resolve));
  });

  /** /metrics as the proxy (connecting from 127.0.0.1) passes it on: X-Forwarded-For ends with the client it saw. */
  const metrics = (forwardedFor: string | undefined, token?: string) =>
    fetch(`${url}/metrics`, {
      headers: {
        ...(forwardedFor === undefined ? {} : { 'X-Forwarded-For': forwardedFor }),
        ...(token ? { Authorization: `Bearer ${token}` } : {}),
      },
    });

  it('asks a remote client for the token though the socket is loopback', async () => {
    const stranger = await metrics('203.0.113.7');
    expect(stranger.status).to.equal(404);
    expect(await stranger.json()).to.deep.equal({ message: 'Not found' });
    expect((await metrics('203.0.113.7', 'not-the-token')).status).to.equal(404);
    const scraper = await metrics('203.0.113.7', TOKEN);
    expect(scraper.status).to.equal(200);
    expect(await scraper.text()).to.match(/^# HELP /m);
  });

  it('takes the address the trusted proxy appended, not one the client wrote before it', async () => {
    expect((await metrics('127.0.0.1, 203.0.113.7')).status).to.equal(404);
    expect((await metrics('::1,203.0.113.7')).status).to.equal(404);
  });

  it('answers a loopback client that came through the proxy without the token', async () => {
    for (const forwarded of ['127.0.0.1', '203.0.113.7, 127.0.0.1', '::1', '::ffff:127.0.0.1']) {
      const answer = await metrics(forwarded);
      expect(answer.status, forwarded).to.equal(200);
      expect(await answer.text()).to.match(/^# HELP /m);
    }
  });

  it('asks for the token when X-Forwarded-For names no client (the request did not come through the proxy as configured)', async () => {
    expect((await metrics(undefined)).status).to.equal(404);
    expect((await metrics(undefined, TOKEN)).status).to.equal(200);
  });
});
