import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import type Koa from 'koa';
import type Router from '@koa/router';
import { API_ROUTES, checkAnswer, openApiDocument } from '@bt/contracts';
import { createCommandApi, type CommandDatabase } from '@bt/command-api';
import { createQueryApi, type QueryApi, type ReadDatabase } from '@bt/query-api';
import { createEventStore, type EventStore } from '@bt/event-store';
import { createTestDatabase, type TestDatabase } from '@bt/event-store/testing';
import { createDb, OPS_PATHS } from '@bt/platform';
import { createFrontDoor, frontDoorRoutes } from './router';
import { sources } from './testing/security-headers';

/** `METHOD /path/{param}` of every route a koa router of the app registers (HEAD goes with GET). */
const registered = (routers: Router[]): string[] =>
  routers.flatMap((router) =>
    router.stack.flatMap((layer) =>
      layer.methods.filter((m) => m !== 'HEAD').map((m) => `${m} ${String(layer.path).replace(/:(\w+)/g, '{$1}')}`),
    ),
  );

/** The routers an app mounted (`router.routes()` keeps its router on the middleware). */
const routersOf = (app: Koa): Router[] =>
  app.middleware.map((mw) => (mw as { router?: Router }).router).filter((r): r is Router => r !== undefined);

const documented = () => {
  const paths = openApiDocument().paths as Record<string, Record<string, unknown>>;
  return Object.entries(paths).flatMap(([path, methods]) => Object.keys(methods).map((m) => `${m.toUpperCase()} ${path}`));
};

describe('OpenAPI document', () => {
  let database: TestDatabase;
  let store: EventStore;
  let destroy: () => Promise<void>;
  let queryApi: QueryApi;
  let routes: string[];

  before(async () => {
    database = await createTestDatabase();
    store = await createEventStore(database.url);
    const { pool, db } = createDb<CommandDatabase & ReadDatabase>(database.url, 2);
    destroy = () => db.destroy();
    const commandApi = createCommandApi({ store, db, pool, jwtSecret: 'openapi-test-secret-0123456789abcdef' });
    queryApi = createQueryApi({ store, db, pool, jwtSecret: 'openapi-test-secret-0123456789abcdef' });
    // opsRoutes is one middleware on every service, not a router: its paths are listed by platform.
    routes = [
      ...registered([...routersOf(commandApi), ...routersOf(queryApi), frontDoorRoutes(async () => ({}))]),
      ...OPS_PATHS.map((path: string) => `GET ${path}`),
    ];
  });
  after(async () => {
    await queryApi?.close();
    await store?.close();
    await destroy?.();
    await database?.drop();
  });

  it('documents every route the routers register (command-api, query-api, the front door), and no other', () => {
    expect(routes.length).to.be.greaterThan(30);
    const doc = documented();
    expect(
      routes.filter((r) => !doc.includes(r)),
      'registered but not documented',
    ).to.deep.equal([]);
    expect(
      doc.filter((r) => !routes.includes(r)),
      'documented but not registered',
    ).to.deep.equal([]);
    expect(doc).to.have.length(API_ROUTES.length);
  });

  it('is OpenAPI 3.1 whose every $ref names a component', () => {
    const doc = openApiDocument();
    expect(doc.openapi).to.equal('3.1.0');
    const schemas = (doc.components as { schemas: Record<string, unknown> }).schemas;
    const refs = [...JSON.stringify(doc).matchAll(/"\$ref":"#\/components\/schemas\/([^"]+)"/g)].map((m) => m[1]!);
    expect(refs.length).to.be.greaterThan(50);
    expect(refs.filter((ref) => !(ref in schemas))).to.deep.equal([]);
  });

  it('checkAnswer refuses an answer that is not what the document says', () => {
    const bad = checkAnswer({ method: 'GET', path: '/api/bankroll', status: 200, contentType: 'application/json', body: { amount: '12' } });
    expect(bad).to.match(/GET \/api\/bankroll → 200/);
    const undocumented = checkAnswer({ method: 'POST', path: '/api/bets', status: 200, contentType: 'application/json', body: {} });
    expect(undocumented).to.match(/status not documented/);
    const error = checkAnswer({
      method: 'GET',
      path: '/api/nope',
      status: 404,
      contentType: 'application/json',
      body: { message: 'Not found' },
    });
    expect(error).to.equal(undefined);
    const wrongType = checkAnswer({ method: 'GET', path: '/api/export/bets.csv', status: 200, contentType: 'text/plain', body: '' });
    expect(wrongType).to.match(/documented text\/csv/);
  });

  describe('served by the front door (launcher and compose gateway alike)', () => {
    let server: Server;
    let url: string;
    let dist: string;
    before(async () => {
      dist = mkdtempSync(join(tmpdir(), 'bt-openapi-'));
      writeFileSync(join(dist, 'index.html'), '<!doctype html><html><body>app</body></html>');
      const refuse = () => {
        throw new Error('the front door answers these itself');
      };
      const front = createFrontDoor({ query: refuse, command: refuse, webDist: dist, health: async () => ({}) });
      server = createServer(front.callback());
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    });
    after(async () => {
      server?.closeAllConnections();
      await new Promise((resolve) => server?.close(resolve));
      rmSync(dist, { recursive: true, force: true });
    });

    it('GET /api/openapi.json answers the document, which describes itself', async () => {
      const answer = await fetch(`${url}/api/openapi.json`);
      expect(answer.status).to.equal(200);
      const body = await answer.json();
      expect(body).to.deep.equal(JSON.parse(JSON.stringify(openApiDocument())));
      expect(
        checkAnswer({ method: 'GET', path: '/api/openapi.json', status: 200, contentType: answer.headers.get('content-type'), body }),
      ).to.equal(undefined);
    });

    it('GET /api/docs renders every route under the web CSP, with no script and nothing from elsewhere', async () => {
      const answer = await fetch(`${url}/api/docs`);
      expect(answer.status).to.equal(200);
      expect(answer.headers.get('content-type')).to.match(/^text\/html/);
      const html = await answer.text();
      for (const route of API_ROUTES) expect(html).to.include(`<code>${route.path}</code>`);
      expect(html).not.to.match(/<script|<link|https?:\/\/(?!json-schema\.org)/);
      expect(sources(answer.headers.get('content-security-policy'), 'style-src')).to.include("'unsafe-inline'");
    });
  });
});
