import { expect } from 'chai';
import type { Context } from 'koa';
import { opsRoutes } from './health';

/** A bare context for the middleware: what it reads (method, path, the socket's address, headers) and writes. */
const context = (remoteAddress: string, headers: Record<string, string> = {}) =>
  ({
    method: 'GET',
    path: '/metrics',
    req: { socket: { remoteAddress }, headers },
    status: 404,
    body: undefined as unknown,
    type: '',
    set: () => undefined,
  }) as unknown as Context & { body: unknown };

describe('GET /metrics access', () => {
  const routes = opsRoutes({ ready: {}, metricsToken: 'metrics-token-0123456789' });
  const next = async () => undefined;

  it('answers loopback clients, IPv4, IPv6 and IPv4-mapped alike', async () => {
    for (const address of ['127.0.0.1', '127.3.2.1', '::1', '::ffff:127.0.0.1']) {
      const ctx = context(address);
      await routes(ctx, next);
      expect(String(ctx.body), address).to.match(/^# HELP /m);
    }
  });

  it('answers another address only with the bearer METRICS_TOKEN, else 404 with a JSON message', async () => {
    const stranger = context('10.1.2.3', { 'x-forwarded-for': '127.0.0.1' });
    await routes(stranger, next);
    expect(stranger.status).to.equal(404);
    expect(stranger.body).to.deep.equal({ message: 'Not found' });

    const wrong = context('10.1.2.3', { authorization: 'Bearer not-the-token' });
    await routes(wrong, next);
    expect(wrong.body).to.deep.equal({ message: 'Not found' });

    const scraper = context('10.1.2.3', { authorization: 'Bearer metrics-token-0123456789' });
    await routes(scraper, next);
    expect(String(scraper.body)).to.match(/^# HELP /m);
  });
});
