import { request as httpRequest } from 'node:http';
import { expect } from 'chai';
import fc from 'fast-check';
import pg from 'pg';
import { compareLogPositions, EVENT_SCHEMA_VERSION, MESSAGES, MIN_POSITION_HEADER } from '@bt/contracts';
import { createEventStore, type EventStore, formatPosition } from '@bt/event-store';
import type { RunningProduct } from './product';
import { startTestProduct, type TestProduct } from './testing/test-product';
import { send, nastyText, nastyNumericText, nastyDate, mutated, wrongBody, leg, csvText } from './testing/fuzz-inputs';

/**
 * Every write endpoint of the product, through the front door, against generated malformed bodies:
 * none may answer 5xx, and afterwards the read side must still be current for everyone. Bounded:
 * a fixed number of runs per endpoint. The seed is printed; FUZZ_SEED=<n> repeats a run.
 */
const SEED = Number(process.env.FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 31));
const RUNS = 40;
/** Register and login hash or verify a password (argon2 at production cost): fewer runs. */
const SLOW_RUNS = 10;

describe('fuzzing every endpoint', function () {
  this.timeout(120_000);
  let running: TestProduct;
  let product: RunningProduct;
  let store: EventStore;
  let token: string;
  let betId: string;
  let parlayId: string;
  let goalId: string;
  let entryId: string;

  const api = (method: string, path: string, body?: unknown, extra: Record<string, string> = {}, as = token) =>
    send(
      product.url,
      method,
      path,
      { 'Content-Type': 'application/json', ...(as ? { Authorization: `Bearer ${as}` } : {}), ...extra },
      body === undefined ? undefined : JSON.stringify(body),
    );
  const created = async (path: string, body: unknown) => {
    const answer = await api('POST', path, body);
    expect(answer.status, answer.text).to.equal(201);
    return JSON.parse(answer.text).id as string;
  };

  before(async () => {
    console.log(`      fuzz seed ${SEED} (FUZZ_SEED=${SEED} repeats this run)`);
    running = await startTestProduct('fuzz');
    product = running.product;
    store = await createEventStore(product.eventStoreUrl);
    const registered = await api(
      'POST',
      '/api/auth/register',
      { email: 'fuzzer@example.com', password: 'secret-password', username: 'fuzzer' },
      {},
      '',
    );
    token = JSON.parse(registered.text).token;
    betId = await created('/api/bets', { sport: 'hockey', event: 'Leafs @ Habs', betType: 'moneyline', stake: 20, odds: '+130' });
    parlayId = await created('/api/parlays', { name: 'P', stake: 10, legs: [leg(1), leg(2)] });
    goalId = await created('/api/goals', { title: 'G', targetAmount: 100 });
    entryId = await created('/api/journal', { title: 'J', content: 'C' });
  });

  after(async () => {
    await store?.close();
    await running?.stop();
  });

  const bet = {
    sport: 'hockey',
    event: 'Leafs @ Habs',
    betType: 'moneyline',
    stake: 20,
    odds: '+130',
    outcome: 'pending',
    notes: 'n',
    date: '2025-03-01',
  };
  const parlay = { name: 'P', stake: 10, outcome: 'pending', notes: 'n', date: '2025-03-01', legs: [leg(1), leg(2)] };
  const goal = { title: 'G', targetAmount: 100, timeframe: 'weekly', description: 'd', startDate: '2025-03-01', status: 'active' };
  const entry = { title: 'J', content: 'C', type: 'daily', mood: 'neutral', tags: 'a,b', date: '2025-03-01' };
  const endpoints: {
    method: string;
    name: string;
    path: () => string;
    valid: Record<string, unknown>;
    runs?: number;
    auth?: false;
    fresh?: fc.Arbitrary<Record<string, unknown>>;
  }[] = [
    {
      method: 'POST',
      name: '/api/auth/register',
      path: () => '/api/auth/register',
      valid: { email: 'x@example.com', password: 'secret1', username: 'xx' },
      runs: SLOW_RUNS,
      auth: false,
      // A fresh address each run, so a body that gets past validation reaches the account's append.
      fresh: fc.uuid().map((u) => ({ email: `${u}@example.com` })),
    },
    {
      method: 'POST',
      name: '/api/auth/login',
      path: () => '/api/auth/login',
      valid: { email: 'fuzzer@example.com', password: 'secret-password' },
      runs: SLOW_RUNS,
      auth: false,
    },
    {
      method: 'POST',
      name: '/api/auth/forgot-password',
      path: () => '/api/auth/forgot-password',
      valid: { email: 'fuzzer@example.com' },
      auth: false,
    },
    {
      method: 'POST',
      name: '/api/auth/reset-password',
      path: () => '/api/auth/reset-password',
      valid: { token: 'k'.repeat(43), password: 'secret2' },
      auth: false,
    },
    { method: 'PUT', name: '/api/auth/update-email', path: () => '/api/auth/update-email', valid: { newEmail: 'fuzzer@example.com' } },
    {
      method: 'PUT',
      name: '/api/auth/update-password',
      path: () => '/api/auth/update-password',
      valid: { currentPassword: 'wrong', newPassword: 'secret2', confirmPassword: 'secret2' },
      runs: SLOW_RUNS,
    },
    { method: 'POST', name: '/api/bets', path: () => '/api/bets', valid: bet },
    { method: 'PUT', name: '/api/bets/:id', path: () => `/api/bets/${betId}`, valid: bet },
    { method: 'DELETE', name: '/api/bets/:id', path: () => '/api/bets/0190a000-0000-7000-8000-00000000ffff', valid: {} },
    { method: 'POST', name: '/api/parlays', path: () => '/api/parlays', valid: parlay },
    { method: 'PUT', name: '/api/parlays/:id', path: () => `/api/parlays/${parlayId}`, valid: parlay },
    { method: 'DELETE', name: '/api/parlays/:id', path: () => '/api/parlays/0190a000-0000-7000-8000-00000000ffff', valid: {} },
    { method: 'POST', name: '/api/bankroll', path: () => '/api/bankroll', valid: { amount: 25 } },
    { method: 'POST', name: '/api/bankroll/withdraw', path: () => '/api/bankroll/withdraw', valid: { amount: 1 } },
    { method: 'POST', name: '/api/goals', path: () => '/api/goals', valid: goal },
    { method: 'PUT', name: '/api/goals/:id', path: () => `/api/goals/${goalId}`, valid: goal },
    { method: 'DELETE', name: '/api/goals/:id', path: () => '/api/goals/0190a000-0000-7000-8000-00000000ffff', valid: {} },
    { method: 'POST', name: '/api/journal', path: () => '/api/journal', valid: entry },
    { method: 'PUT', name: '/api/journal/:id', path: () => `/api/journal/${entryId}`, valid: entry },
    { method: 'DELETE', name: '/api/journal/:id', path: () => '/api/journal/0190a000-0000-7000-8000-00000000ffff', valid: {} },
  ];

  const headerValue = fc.oneof(
    fc.string({ unit: 'binary-ascii', maxLength: 30 }),
    fc.constantFrom('"0"', '"-1"', 'W/"99999999999999999999"', '*', ''),
  );
  const printable = (text: string) => text.replace(/[^\x20-\x7e]/g, '');
  /** Absent, or any key: a reused one replays or is 422, one over 200 characters is 400. */
  const idempotencyKey = fc.option(
    fc.oneof(
      fc.string({ unit: 'binary-ascii', maxLength: 40 }),
      fc.constantFrom('k'.repeat(200), 'k'.repeat(201), 'k'.repeat(5_000), 'same-key', ' same-key '),
    ),
    { nil: undefined },
  );

  for (const { method, name, path, valid, runs = RUNS, auth, fresh } of endpoints) {
    it(`never answers 5xx to ${method} ${name}`, async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.oneof({ arbitrary: mutated(valid, fresh), weight: 3 }, { arbitrary: wrongBody, weight: 1 }),
          headerValue,
          idempotencyKey,
          async (body, ifMatch, key) => {
            const headers: Record<string, string> = { 'Content-Type': 'application/json', 'If-Match': printable(ifMatch) };
            if (auth !== false) headers.Authorization = `Bearer ${token}`;
            if (key !== undefined) headers['Idempotency-Key'] = printable(key);
            const answer = await send(product.url, method, path(), headers, body);
            expect(answer.status, `${answer.status} ${answer.text} for ${body.slice(0, 300)}`).to.be.below(500);
            expect(() => JSON.parse(answer.text), answer.text).not.to.throw();
          },
        ),
        { seed: SEED, numRuns: runs, endOnFailure: true },
      );
    });
  }

  it('never answers 5xx to POST /api/import/bets', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(csvText, fc.string({ unit: 'binary', maxLength: 300 })),
        fc.constantFrom('text/csv', 'text/plain', 'application/json', 'application/octet-stream'),
        async (text, type) => {
          const answer = await send(
            product.url,
            'POST',
            '/api/import/bets',
            { 'Content-Type': type, Authorization: `Bearer ${token}` },
            text,
          );
          expect(answer.status, `${answer.status} ${answer.text} for ${text.slice(0, 300)}`).to.be.below(500);
        },
      ),
      { seed: SEED, numRuns: RUNS, endOnFailure: true },
    );
  });

  // Every read and its query parameters, as the OpenAPI document lists them.
  const reads: [string, string[]][] = [
    [
      '/api/bets',
      ['page', 'pageSize', 'sort', 'dir', 'sport', 'type', 'outcome', 'period', 'book', 'tag', 'q', 'today', 'deleted', 'asOf'],
    ],
    ['/api/bets/totals', ['sport', 'type', 'outcome', 'period', 'book', 'tag', 'q', 'today', 'asOf']],
    ['/api/stats', ['range', 'asOf']],
    ['/api/stats/streaks', ['asOf']],
    ['/api/analytics', ['by', 'period', 'from', 'to']],
    ['/api/goals', ['asOf']],
    ['/api/parlays', []],
    ['/api/journal', []],
    ['/api/bankroll', []],
    ['/api/settings', []],
    ['/api/export/bets.csv', ['sport', 'type', 'outcome', 'period', 'book', 'tag', 'q', 'today']],
    ['/api/events', []],
    ['/api/bets/0190a000-0000-7000-8000-00000000ffff/history', []],
  ];
  /** Query text as a client could send it: UTF-8 percent-encoded, or raw escapes that are not UTF-8 at all. */
  const queryValue = fc.oneof(
    fc
      .oneof(nastyText, nastyNumericText, nastyDate, fc.constantFrom('all', 'sport', 'date', 'desc', 'true', '1', 'x'.repeat(10_000)))
      .map((v) => [...Buffer.from(v, 'utf8')].map((b) => `%${b.toString(16).padStart(2, '0')}`).join('')),
    fc.constantFrom('%', '%zz', '%FF', '%C0%80', '%ED%A0%80', '%00', '1%2C2', 'a&b=c'),
  );

  it('never answers 5xx to a read, whatever its query parameters and X-Min-Position', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...reads),
        fc.array(fc.tuple(fc.nat(), queryValue), { maxLength: 4 }),
        fc.option(
          fc.oneof(fc.string({ unit: 'binary-ascii', maxLength: 30 }), fc.constantFrom('1.2', '99999999999999999999999.1', '-1.-1')),
          {
            nil: undefined,
          },
        ),
        async ([path, names], picks, minPosition) => {
          const query = picks.map(([i, v]) => `${names.length ? names[i % names.length] : 'x'}=${v}`).join('&');
          const headers: Record<string, string> = { Authorization: `Bearer ${token}` };
          if (minPosition !== undefined) headers[MIN_POSITION_HEADER] = printable(minPosition);
          const answer = await send(product.url, 'GET', `${path}?${query}`, headers);
          expect(answer.status, `GET ${path}?${query.slice(0, 300)}: ${answer.status} ${answer.text.slice(0, 300)}`).to.be.below(500);
        },
      ),
      { seed: SEED, numRuns: RUNS * 3, endOnFailure: true },
    );
  });

  it('never answers 5xx to methods the API does not know', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('TRACE', 'PROPFIND', 'PROPPATCH', 'MKCOL', 'COPY', 'MOVE', 'LOCK', 'UNLOCK', 'PATCH', 'PURGE', 'SEARCH', 'REPORT'),
        fc.constantFrom(
          '/api/bets',
          `/api/bets/0190a000-0000-7000-8000-00000000ffff`,
          '/api/goals',
          '/api/auth/register',
          '/api/import/bets',
          '/api/nothing',
        ),
        async (method, path) => {
          const answer = await send(product.url, method, path, { Authorization: `Bearer ${token}` });
          expect(answer.status, `${method} ${path}: ${answer.text}`).to.be.within(400, 499);
        },
      ),
      { seed: SEED, numRuns: RUNS, endOnFailure: true },
    );
  });

  it('never answers 500 to a bet history or an asOf read over a BetPlaced of the wrong shape: 503 with the clear message at worst', async () => {
    const registered = await api('POST', '/api/auth/register', { email: 'poisoned@example.com', password: 'secret-password' }, {}, '');
    const { token: poisonedToken, user } = JSON.parse(registered.text) as { token: string; user: { id: string } };
    const placed = { ...bet, notes: null, odds: '+130' };
    const asOf = encodeURIComponent(new Date().toISOString());
    await fc.assert(
      fc.asyncProperty(mutated(placed), fc.uuid(), async (text, id) => {
        // Straight into the log, past every check of the command side: what a bug or an old log could hold.
        const data = { ...(JSON.parse(text) as object), betId: id, userId: user.id };
        const appended = await store
          .append(
            `bet-${id}`,
            [
              {
                type: 'BetPlaced',
                data,
                metadata: { occurredAt: new Date().toISOString(), commandId: id, schemaVersion: EVENT_SCHEMA_VERSION },
              },
            ],
            'any',
          )
          .then(
            () => true,
            () => false, // text the log itself refuses (an unpaired surrogate): nothing to read
          );
        if (!appended) return;
        for (const path of [
          `/api/bets/${id}/history`,
          `/api/bets?page=1&asOf=${asOf}`,
          `/api/stats?asOf=${asOf}`,
          `/api/goals?asOf=${asOf}`,
        ]) {
          const answer = await send(product.url, 'GET', path, { Authorization: `Bearer ${poisonedToken}` });
          const what = `GET ${path} over ${text.slice(0, 300)}: ${answer.status} ${answer.text.slice(0, 300)}`;
          if (answer.status >= 500) expect(JSON.parse(answer.text), what).to.deep.equal({ message: MESSAGES.replayUnavailable });
        }
      }),
      { seed: SEED, numRuns: RUNS, endOnFailure: true },
    );
  });

  it('keeps the read side current for everyone after the fuzzing', async () => {
    const other = await api('POST', '/api/auth/register', { email: 'after-fuzz@example.com', password: 'secret-password' }, {}, '');
    expect(other.status).to.equal(201);
    const otherToken = JSON.parse(other.text).token as string;
    const headers = { 'Content-Type': 'application/json', Authorization: `Bearer ${otherToken}` };
    const placed = await new Promise<{ status: number; text: string; position: string }>((resolve, reject) => {
      const body = JSON.stringify({ sport: 'soccer', event: 'After the storm', betType: 'total', stake: 5, odds: '+100' });
      const req = httpRequest(
        `${product.url}/api/bets`,
        { method: 'POST', headers: { ...headers, 'Content-Length': String(Buffer.byteLength(body)) } },
        (res) => {
          let text = '';
          res
            .setEncoding('utf8')
            .on('data', (c) => (text += c))
            .on('end', () => resolve({ status: res.statusCode ?? 0, text, position: String(res.headers['x-log-position']) }));
        },
      );
      req.on('error', reject).end(body);
    });
    expect(placed.status, placed.text).to.equal(201);
    const read = await send(product.url, 'GET', '/api/bets', { ...headers, [MIN_POSITION_HEADER]: placed.position });
    expect(read.status).to.equal(200);
    expect((JSON.parse(read.text) as { event: string }[]).map((b) => b.event)).to.include('After the storm');

    const head = formatPosition(await store.headPosition());
    const client = new pg.Client({ connectionString: product.databaseUrl });
    await client.connect();
    try {
      const { rows } = await client.query<{ position: string }>(`SELECT position FROM read.checkpoints WHERE name = 'read_models'`);
      expect(compareLogPositions(rows[0].position, head), `checkpoint ${rows[0].position}, log head ${head}`).to.be.at.least(0);
    } finally {
      await client.end();
    }
  });
});
