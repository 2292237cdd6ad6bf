import { expect } from 'chai';
import { sql } from 'kysely';
import { MESSAGES, streams, type AuthResponse, type BetRow } from '@bt/contracts';
import { START } from '@bt/event-store';
import { startTestApi, type TestApi } from '../testing/http';
import { requestFingerprint } from './idempotency';

const bet = { sport: 'hockey', event: 'Leafs @ Habs', betType: 'moneyline', stake: 20, odds: '+130', outcome: 'pending' };

describe('Idempotency-Key', () => {
  let api: TestApi;
  before(async () => {
    api = await startTestApi({ idempotency: { waitMs: 2_000, abandonAfterMs: 60_000 } });
  });
  after(() => api?.close());

  const eventsOf = async (userId: string, type: string) =>
    (await api.store.readAll({ after: START, maxCount: 100_000 })).filter(
      (e) => e.type === type && (e.data as { userId: string }).userId === userId,
    );
  /** A keyed POST; what the tests read of a 201 is the created item's id and owner. */
  const post = (path: string, token: string, key: string, body: unknown = bet) =>
    api.request<{ id: string; userId: string }>('POST', path, { token, body, headers: { 'Idempotency-Key': key } });

  it('answers a retried POST with the first answer and appends nothing twice', async () => {
    const me = await api.signUp('idem');
    const first = await post('/api/bets', me.token, 'key-1');
    const retry = await post('/api/bets', me.token, 'key-1');
    expect(first.status).to.equal(201);
    expect(retry.status).to.equal(201);
    expect(retry.body).to.deep.equal(first.body);
    expect(retry.headers.get('X-Log-Position')).to.equal(first.headers.get('X-Log-Position'));
    expect(retry.headers.get('Idempotent-Replayed')).to.equal('true');
    expect(await eventsOf(me.userId, 'BetPlaced')).to.have.length(1);
  });

  it('keeps keys apart per user', async () => {
    const ann = await api.signUp('idem');
    const bob = await api.signUp('idem');
    const a = await post('/api/bets', ann.token, 'shared-key');
    const b = await post('/api/bets', bob.token, 'shared-key');
    expect([a.status, b.status]).to.deep.equal([201, 201]);
    expect(a.body.id).to.not.equal(b.body.id);
    expect(b.body.userId).to.equal(bob.userId);
  });

  it('refuses the same key for a different request with 422', async () => {
    const me = await api.signUp('idem');
    await post('/api/bets', me.token, 'key-2');
    const other = await post('/api/bets', me.token, 'key-2', { ...bet, stake: 99 });
    expect(other).to.deep.include({ status: 422, body: { message: MESSAGES.idempotencyKeyReused } });
  });

  it('gives concurrent duplicates the first answer (or 409 while it runs), never a second bet', async () => {
    const me = await api.signUp('idem');
    const answers = await Promise.all(Array.from({ length: 6 }, () => post('/api/bets', me.token, 'key-3')));
    const created = answers.filter((a) => a.status === 201);
    expect(created.length).to.be.greaterThan(0);
    expect(new Set(created.map((a) => a.body.id)).size).to.equal(1);
    for (const a of answers.filter((x) => x.status !== 201))
      expect(a).to.deep.include({ status: 409, body: { message: MESSAGES.idempotencyInProgress } });
    expect(await eventsOf(me.userId, 'BetPlaced')).to.have.length(1);
  });

  it('records no answer for a failed attempt, so the corrected retry runs', async () => {
    const me = await api.signUp('idem');
    const failed = await post('/api/bets', me.token, 'key-4', { ...bet, stake: -1 });
    expect(failed).to.deep.include({ status: 400, body: { message: MESSAGES.stakePositive } });
    expect((await post('/api/bets', me.token, 'key-4')).status).to.equal(201);
  });

  it('finds the bet of an attempt that appended but died before recording its answer', async () => {
    const me = await api.signUp('idem');
    const first = await post('/api/bets', me.token, 'key-5');
    await sql`DELETE FROM command.idempotency WHERE key = 'key-5'`.execute(api.db);
    const retry = await post('/api/bets', me.token, 'key-5');
    expect(retry.status).to.equal(201);
    expect(retry.body).to.deep.equal(first.body);
    expect(await api.stream(streams.bet(first.body.id))).to.have.length(1);
  });

  // Each POST that creates one stream under a key-derived id keeps no row: the stream is the record.
  const creates: [string, unknown, unknown][] = [
    ['/api/bets', bet, { ...bet, stake: 21 }],
    [
      '/api/parlays',
      {
        stake: 10,
        legs: [
          { sport: 'football', event: 'A', selection: 'A', odds: '+100' },
          { sport: 'football', event: 'B', selection: 'B', odds: '+100' },
        ],
      },
      {
        stake: 11,
        legs: [
          { sport: 'football', event: 'A', selection: 'A', odds: '+100' },
          { sport: 'football', event: 'B', selection: 'B', odds: '+100' },
        ],
      },
    ],
    ['/api/goals', { title: 'March', targetAmount: 500 }, { title: 'April', targetAmount: 500 }],
    ['/api/journal', { title: 'Note', content: 'Stick to the plan.' }, { title: 'Note', content: 'Chase it.' }],
  ];
  for (const [path, body, other] of creates) {
    it(`${path}: the created stream is the record (no row): retries and concurrent duplicates get the first answer, another request 422`, async () => {
      const me = await api.signUp('idem');
      const key = `create-${path}`;
      const answers = await Promise.all(Array.from({ length: 4 }, () => post(path, me.token, key, body)));
      expect(answers.map((a) => a.status)).to.deep.equal([201, 201, 201, 201]);
      expect(new Set(answers.map((a) => JSON.stringify(a.body))).size).to.equal(1);
      expect(new Set(answers.map((a) => a.headers.get('X-Log-Position'))).size).to.equal(1);
      expect(answers.filter((a) => a.headers.get('Idempotent-Replayed') === 'true')).to.have.length(3);
      const retry = await post(path, me.token, key, body);
      expect(retry).to.deep.include({ status: 201, body: answers[0].body });
      expect(retry.headers.get('Idempotent-Replayed')).to.equal('true');
      expect(await post(path, me.token, key, other)).to.deep.include({ status: 422, body: { message: MESSAGES.idempotencyKeyReused } });
      const rows = await sql`SELECT 1 FROM command.idempotency WHERE key = ${key}`.execute(api.db);
      expect(rows.rows).to.have.length(0);
    });
  }

  it('keeps a key of the creating POSTs per route: the same key on another route creates another item, never one with the same id', async () => {
    const me = await api.signUp('idem');
    const [placed, created, set, written] = await Promise.all(
      creates.map(([path, body]) => post(path, me.token, 'one-key-everywhere', body)),
    );
    expect([placed.status, created.status, set.status, written.status]).to.deep.equal([201, 201, 201, 201]);
    expect(new Set([placed.body.id, created.body.id, set.body.id, written.body.id]).size).to.equal(4);
    expect(await api.stream(streams.bet(placed.body.id))).to.have.length(1);
    expect(await api.stream(streams.parlay(placed.body.id))).to.have.length(0);
  });

  it('takes over an abandoned attempt and does not deposit twice', async () => {
    const me = await api.signUp('idem');
    const first = await post('/api/bankroll', me.token, 'key-6', { amount: 25 });
    expect(first).to.deep.include({ status: 201, body: { message: 'Funds added', amount: 25 } });
    // As if the first attempt had died after appending, its record still pending long ago.
    await sql`UPDATE command.idempotency SET state = 'pending', body = NULL, created_at = now() - interval '1 hour' WHERE key = 'key-6'`.execute(
      api.db,
    );
    const retry = await post('/api/bankroll', me.token, 'key-6', { amount: 25 });
    expect(retry).to.deep.include({ status: 201, body: first.body });
    expect(retry.headers.get('X-Log-Position')).to.equal(first.headers.get('X-Log-Position'));
    expect(await api.stream(streams.bankroll(me.userId))).to.have.length(1);
  });

  it('makes registration retry-safe too', async () => {
    const body = { email: 'idem-register@example.com', password: 'secret1' };
    const headers = { 'Idempotency-Key': 'register-1' };
    const first = await api.request<AuthResponse>('POST', '/api/auth/register', { body, headers });
    const retry = await api.request<AuthResponse>('POST', '/api/auth/register', { body, headers });
    expect([first.status, retry.status]).to.deep.equal([201, 201]);
    expect(retry.body.user).to.deep.equal(first.body.user);
  });
});

describe('Idempotency-Key recorded by a version from before the creating POSTs kept theirs in the stream', () => {
  let api: TestApi;
  beforeEach(async () => {
    api = await startTestApi();
  });
  afterEach(() => api?.close());

  const placed = async (userId: string) =>
    (await api.store.readAll({ after: START, maxCount: 100_000 })).filter(
      (e) => e.type === 'BetPlaced' && (e.data as { userId: string }).userId === userId,
    );
  const post = (token: string, key: string, body: unknown = bet) =>
    api.request<BetRow>('POST', '/api/bets', { token, body, headers: { 'Idempotency-Key': key } });
  /** The row that version wrote for a keyed POST /api/bets it answered: no route. */
  const recordAsBefore = async (userId: string, key: string, answer: { status: number; body: unknown; headers: Headers }) => {
    const fingerprint = requestFingerprint('POST', '/api/bets', '', JSON.stringify(bet));
    await sql`INSERT INTO command.idempotency (scope, key, fingerprint, state, status, body, position)
      VALUES (${userId}, ${key}, ${fingerprint}, 'done', ${answer.status}, ${JSON.stringify(answer.body)}, ${answer.headers.get('X-Log-Position')})`.execute(
      api.db,
    );
  };

  it('answers a retry across the upgrade with the answer that version recorded, not a second bet', async () => {
    const me = await api.signUp('before');
    const first = await api.request<BetRow>('POST', '/api/bets', { token: me.token, body: bet });
    await recordAsBefore(me.userId, 'sent-before', first);
    await api.restart(); // the new version starts with that record kept

    const retry = await post(me.token, 'sent-before');
    expect(retry).to.deep.include({ status: 201, body: first.body });
    expect(retry.headers.get('Idempotent-Replayed')).to.equal('true');
    expect(retry.headers.get('X-Log-Position')).to.equal(first.headers.get('X-Log-Position'));
    expect(await post(me.token, 'sent-before', { ...bet, stake: 99 })).to.deep.include({
      status: 422,
      body: { message: MESSAGES.idempotencyKeyReused },
    });
    expect(await placed(me.userId)).to.have.length(1);

    // A new key is still kept in the stream alone, and the table's other routes now name theirs.
    expect((await post(me.token, 'sent-after')).status).to.equal(201);
    expect(
      (await api.request('POST', '/api/bankroll', { token: me.token, body: { amount: 5 }, headers: { 'Idempotency-Key': 'deposit' } }))
        .status,
    ).to.equal(201);
    const rows = await sql<{ key: string; route: string | null }>`SELECT key, route FROM command.idempotency ORDER BY key`.execute(api.db);
    expect(rows.rows).to.deep.equal([
      { key: 'deposit', route: '/api/bankroll' },
      { key: 'sent-before', route: null },
    ]);
  });

  it('reads the table for no creating POST once no record from before is kept when it starts', async () => {
    const me = await api.signUp('after');
    expect((await post(me.token, 'first-after')).status).to.equal(201); // looked once: nothing from before
    // A row with no route that only an older process could still write now (a rolling deploy) is not looked for.
    const first = await api.request<BetRow>('POST', '/api/bets', { token: me.token, body: bet });
    await recordAsBefore(me.userId, 'unseen', first);
    expect((await post(me.token, 'unseen')).status).to.equal(201);
    expect(await placed(me.userId)).to.have.length(3);
  });
});
