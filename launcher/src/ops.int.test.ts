import { expect } from 'chai';
import { LOG_POSITION_HEADER, MIN_POSITION_HEADER } from '@bt/contracts';
import { loggerTo } from '@bt/platform';
import type { RunningProduct } from './product';
import { startTestProduct, type TestProduct } from './testing/test-product';

interface LogLine {
  level: number;
  service: string;
  msg: string;
  requestId?: string;
  userId?: string;
  method?: string;
  route?: string;
  status?: number;
  durationMs?: number;
}

/**
 * The one-process product's request logs, X-Request-Id, /metrics, /livez and /readyz, over HTTP,
 * with its projector on its own thread (the default) and on the main thread (PROJECTOR_THREAD=0).
 */
for (const projectorThread of ['1', '0'] as const) {
  describe(`operating the one-process product (PROJECTOR_THREAD=${projectorThread}): logs, request ids, metrics, health`, function () {
    this.timeout(120_000);
    let running: TestProduct;
    let product: RunningProduct;
    const lines: string[] = [];
    const logged = () => lines.map((line) => JSON.parse(line) as LogLine);

    before(async () => {
      running = await startTestProduct(
        'ops',
        // The projector's own settings reach the one-process product's projector (see the test below).
        { PROJECTOR_THREAD: projectorThread, PROJECTOR_BATCH_SIZE: '2' },
        loggerTo((line) => lines.push(line), 'info'),
      );
      product = running.product;
    });
    after(() => running?.stop());

    const call = (method: string, path: string, options: { token?: string; body?: unknown; headers?: Record<string, string> } = {}) =>
      fetch(`${product.url}${path}`, {
        method,
        headers: {
          ...(options.body === undefined ? {} : { 'Content-Type': 'application/json' }),
          ...(options.token ? { Authorization: `Bearer ${options.token}` } : {}),
          ...options.headers,
        },
        body: options.body === undefined ? undefined : JSON.stringify(options.body),
      });

    let token: string;
    let userId: string;
    let position: string;

    it('writes one JSON line per request with its request id, user, method, route pattern, status and duration', async () => {
      const registered = await call('POST', '/api/auth/register', {
        body: { email: 'operator@example.com', password: 'operator-password', username: 'operator' },
        headers: { 'X-Request-Id': 'register-1' },
      });
      expect(registered.status).to.equal(201);
      expect(registered.headers.get('x-request-id')).to.equal('register-1');
      ({
        token,
        user: { id: userId },
      } = (await registered.json()) as { token: string; user: { id: string } });

      const placed = await call('POST', '/api/bets', {
        token,
        body: { sport: 'basketball', event: 'Lakers @ Celtics', betType: 'spread', stake: 50, odds: -110, outcome: 'win' },
        headers: { 'X-Request-Id': 'place-bet-1' },
      });
      expect(placed.status).to.equal(201);
      position = placed.headers.get(LOG_POSITION_HEADER)!;
      const { id: betId } = (await placed.json()) as { id: string };
      const history = await call('GET', `/api/bets/${betId}/history`, { token, headers: { 'X-Request-Id': 'history-1' } });
      expect(history.status).to.equal(200);

      const register = logged().find((l) => l.requestId === 'register-1')!;
      expect(register).to.include({ service: 'command-api', method: 'POST', route: '/api/auth/register', status: 201, msg: 'request' });
      expect(register.durationMs).to.be.a('number').at.least(0);
      expect(logged().find((l) => l.requestId === 'place-bet-1')).to.include({ userId, route: '/api/bets', status: 201 });
      // The router's pattern, never the raw path with the bet's id.
      expect(logged().find((l) => l.requestId === 'history-1')).to.include({
        service: 'query-api',
        userId,
        method: 'GET',
        route: '/api/bets/:id/history',
        status: 200,
      });
      expect(lines.filter((line) => line.includes('"requestId":"history-1"'))).to.have.length(1);
    });

    it('answers with a fresh uuid as X-Request-Id when the caller sent none or an unsafe one', async () => {
      for (const sent of [undefined, 'has spaces and "quotes"', 'x'.repeat(200)]) {
        const answer = await call('GET', '/api/bets', { token, headers: sent === undefined ? {} : { 'X-Request-Id': sent } });
        const id = answer.headers.get('x-request-id');
        expect(id, String(sent)).to.match(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
        expect(logged().find((l) => l.requestId === id)).to.include({ route: '/api/bets', status: 200 });
      }
      const app = await call('GET', '/livez', { headers: { 'X-Request-Id': 'livez-1' } });
      expect(app.headers.get('x-request-id')).to.equal('livez-1');
      expect(logged().find((l) => l.requestId === 'livez-1')).to.include({ service: 'launcher', route: '/livez', status: 200 });
    });

    it('runs its projector with the projector’s batching settings (PROJECTOR_BATCH_SIZE=2: no batch of more than 2 events)', async () => {
      const histogram = async () => {
        const text = await (await call('GET', '/metrics')).text();
        const value = (pattern: RegExp) => Number(pattern.exec(text)?.[1] ?? 0);
        return { count: value(/^projector_batch_size_count (\d+)$/m), upToTwo: value(/^projector_batch_size_bucket\{le="2"\} (\d+)$/m) };
      };
      const before = await histogram();
      // Six bets in one request: appended together, read by the projector as one run of events, which
      // its default settings would write as one batch.
      const csv = [
        'date,sport,event,betType,odds,stake,outcome,notes',
        ...Array.from({ length: 6 }, (_, i) => `2025-03-0${i + 1},hockey,Batch game ${i},moneyline,-110,10,win,`),
      ].join('\n');
      const imported = await fetch(`${product.url}/api/import/bets`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'text/csv' },
        body: csv,
      });
      expect(imported.status).to.equal(200);
      const seen = imported.headers.get(LOG_POSITION_HEADER)!;
      expect((await call('GET', '/api/bets', { token, headers: { [MIN_POSITION_HEADER]: seen } })).status).to.equal(200);
      // The thread posts a batch's size once it has committed: look again for a moment rather than race it.
      let after = await histogram();
      for (let i = 0; i < 40 && after.count - before.count < 3; i++) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        after = await histogram();
      }
      expect(after.count - before.count).to.be.at.least(3);
      expect(after.upToTwo - before.upToTwo).to.equal(after.count - before.count);
    });

    it('serves all three services’ metrics on /metrics, with the projector’s lag gauges after a write', async () => {
      // Read-your-writes: once this answers, the projector has written the bet.
      expect((await call('GET', '/api/bets', { token, headers: { [MIN_POSITION_HEADER]: position } })).status).to.equal(200);
      const answer = await call('GET', '/metrics');
      expect(answer.status).to.equal(200);
      expect(answer.headers.get('content-type')).to.match(/^text\/plain/);
      const text = await answer.text();
      expect(text).to.match(/^projector_lag_events 0$/m);
      expect(text).to.match(/^projector_lag_seconds 0$/m);
      expect(text).to.match(/^projector_set_aside_users 0$/m);
      expect(text).to.match(/^projector_batch_size_count [1-9]\d*$/m);
      // This product's projector counts its batches (the registry is the process's: another product
      // of this file may have counted before): one more write, one more batch at least.
      const batches = (metrics: string) => Number(/^projector_batch_size_count (\d+)$/m.exec(metrics)![1]);
      const placed = await call('POST', '/api/bets', {
        token,
        body: { sport: 'hockey', event: 'Leafs @ Habs', betType: 'moneyline', stake: 10, odds: 120, outcome: 'loss' },
      });
      expect(placed.status).to.equal(201);
      const seen = placed.headers.get(LOG_POSITION_HEADER)!;
      expect((await call('GET', '/api/bets', { token, headers: { [MIN_POSITION_HEADER]: seen } })).status).to.equal(200);
      // The thread posts a batch's size once it has committed, beside the notification the read waited
      // for: look again for a moment rather than race it.
      let after = batches(text);
      let latest = text;
      for (let i = 0; i < 40 && after <= batches(text); i++) {
        if (i > 0) await new Promise((resolve) => setTimeout(resolve, 50));
        latest = await (await call('GET', '/metrics')).text();
        after = batches(latest);
      }
      expect(after).to.be.greaterThan(batches(text));
      // What the projector keeps between batches: this user's state at least, once it wrote their bet (the
      // import of the test before held them, and a held user's state is loaded again by their next write).
      expect(latest).to.match(/^projector_cached_users [1-9]\d*$/m);
      expect(latest).to.match(/^projector_cached_rows [1-9]\d*$/m);
      expect(text).to.match(/^event_store_append_duration_seconds_count\{outcome="ok"\} [1-9]\d*$/m);
      expect(text).to.match(
        /^http_request_duration_seconds_count\{service="command-api",method="POST",route="\/api\/bets",status="201"\} [1-9]/m,
      );
      expect(text).to.match(
        /^http_request_duration_seconds_count\{service="query-api",method="GET",route="\/api\/bets",status="200"\} [1-9]/m,
      );
      expect(text).to.match(/^process_cpu_seconds_total /m);
      const names = [...text.matchAll(/^# TYPE (\S+)/gm)].map((m) => m[1]);
      expect(names.length).to.be.greaterThan(10);
      expect(new Set(names).size, 'no metric twice').to.equal(names.length);
    });

    it('answers /livez and /readyz in JSON, never the web app’s page', async () => {
      const live = await call('GET', '/livez');
      expect(live.status).to.equal(200);
      expect(live.headers.get('content-type')).to.match(/^application\/json/);
      expect(await live.json()).to.deep.equal({ status: 'ok' });
      const ready = await call('GET', '/readyz');
      expect(ready.status).to.equal(200);
      expect(ready.headers.get('content-type')).to.match(/^application\/json/);
      expect(await ready.json()).to.deep.equal({
        status: 'ready',
        checks: { database: 'ok', eventStore: 'ok', projector: { lagEvents: 0, lagSeconds: 0 } },
      });
      const health = await call('GET', '/healthz');
      expect(health.status).to.equal(200);
      expect(await health.json()).to.deep.equal({ status: 'ok', eventStore: 'postgres' });
    });
  });
}

describe('the one-process product behind a reverse proxy on the same machine (TRUST_PROXY_HOPS=1)', function () {
  this.timeout(120_000);
  let running: TestProduct;
  before(async () => {
    running = await startTestProduct(
      'ops-proxy',
      { TRUST_PROXY_HOPS: '1' },
      loggerTo(() => undefined, 'error'),
    );
  });
  after(() => running?.stop());

  it('answers /metrics to the client the proxy forwards only when that client is loopback', async () => {
    // Every request comes from 127.0.0.1, as from the proxy; X-Forwarded-For ends with its client.
    const metrics = (forwardedFor: string) => fetch(`${running.product.url}/metrics`, { headers: { 'X-Forwarded-For': forwardedFor } });
    const stranger = await metrics('203.0.113.7');
    expect(stranger.status).to.equal(404);
    expect(await stranger.json()).to.deep.equal({ message: 'Not found' });
    expect((await metrics('127.0.0.1, 203.0.113.7')).status).to.equal(404);
    const local = await metrics('127.0.0.1');
    expect(local.status).to.equal(200);
    expect(await local.text()).to.match(/^# HELP /m);
  });
});
