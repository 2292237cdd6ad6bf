import { expect } from 'chai';
import { EVENT_SCHEMA_VERSION, MESSAGES, streams, type BetRow } from '@bt/contracts';
import type { EventStore, StreamAppend } from '@bt/event-store';
import type { WithoutUnitSize } from '@bt/read-models';
import { startTestApi, type TestApi } from '../testing/http';

const bet = { sport: 'basketball', event: 'Lakers @ Celtics', betType: 'spread', stake: 50, odds: '-110' };

/**
 * POST /api/settings/unit-size/apply when the bets move under it. The read model's list of bets
 * without a unit size is stood in for by `listed` (launcher's unit-size-applied test runs it with
 * the projector); every decision is taken on the bets' streams in the real store.
 */
describe('applying the unit size while the bets change (command-api, real Postgres)', () => {
  let api: TestApi;
  const listed = new Map<string, WithoutUnitSize[]>();
  /** Runs before each appendMany (a write that gets in first), while set. */
  let beforeAppend: (() => Promise<void>) | undefined;

  before(async () => {
    api = await startTestApi({
      withoutUnitSize: async (userId) => listed.get(userId) ?? [],
      wrapStore: (store: EventStore) =>
        Object.create(store, {
          appendMany: {
            value: async (appends: readonly StreamAppend[]) => {
              await beforeAppend?.();
              return store.appendMany(appends);
            },
          },
        }) as EventStore,
    });
  });
  afterEach(() => {
    beforeAppend = undefined;
  });
  after(() => api?.close());

  const apply = (token: string, key: string) =>
    api.request('POST', '/api/settings/unit-size/apply', { token, headers: { 'Idempotency-Key': key } });
  const place = async (token: string) => (await api.request<BetRow>('POST', '/api/bets', { token, body: bet })).body.id;
  /** A settlement appended straight to the log, as another request would. */
  const settledElsewhere = async (userId: string, betId: string) => {
    const { revision } = (await api.stream(streams.bet(betId))).at(-1)!;
    const metadata = { occurredAt: new Date().toISOString(), commandId: 'elsewhere', schemaVersion: EVENT_SCHEMA_VERSION };
    await api.store.append(streams.bet(betId), [{ type: 'BetSettled', data: { userId, betId, outcome: 'win' }, metadata }], revision);
  };
  const types = async (betId: string) => (await api.stream(streams.bet(betId))).map((e) => e.type);

  it('decides again when a bet changed between its read and the write, and applies to it after that change', async () => {
    const me = await api.signUp('race');
    const [first, second] = [await place(me.token), await place(me.token)];
    listed.set(me.userId, [
      { id: first, kind: 'bet' },
      { id: second, kind: 'bet' },
    ]);
    await api.request('PUT', '/api/settings', { token: me.token, body: { unitSize: 25 } });
    let raced = false;
    beforeAppend = async () => {
      if (raced) return;
      raced = true;
      await settledElsewhere(me.userId, first);
    };

    const answer = await apply(me.token, 'race-1');
    expect(answer.status).to.equal(200);
    expect(answer.body).to.deep.equal({ unitSize: 25, bets: 2, parlays: 0 });
    expect(await types(first)).to.deep.equal(['BetPlaced', 'BetSettled', 'BetUnitSizeApplied']);
    expect(await types(second)).to.deep.equal(['BetPlaced', 'BetUnitSizeApplied']);
  });

  it('answers 409 when the bets keep changing, having appended nothing', async () => {
    const me = await api.signUp('busy');
    const betId = await place(me.token);
    listed.set(me.userId, [{ id: betId, kind: 'bet' }]);
    await api.request('PUT', '/api/settings', { token: me.token, body: { unitSize: 10 } });
    beforeAppend = () => settledElsewhere(me.userId, betId);

    const answer = await apply(me.token, 'busy-1');
    expect(answer.status).to.equal(409);
    expect(answer.body).to.deep.equal({ message: MESSAGES.staleRevision });
    expect((await types(betId)).filter((t) => t === 'BetUnitSizeApplied')).to.deep.equal([]);
  });

  it('passes over what the list names but the streams say otherwise: another user’s bet, a deleted one, one with a unit size', async () => {
    const me = await api.signUp('listed');
    const other = await api.signUp('other');
    const theirs = await place(other.token);
    const deleted = await place(me.token);
    await api.request('DELETE', `/api/bets/${deleted}`, { token: me.token });
    await api.request('PUT', '/api/settings', { token: me.token, body: { unitSize: 20 } });
    const sized = await place(me.token);
    listed.set(me.userId, [
      { id: theirs, kind: 'bet' },
      { id: deleted, kind: 'bet' },
      { id: sized, kind: 'bet' },
      { id: '0190a000-0000-7000-8000-00000000dead', kind: 'parlay' },
    ]);

    const answer = await apply(me.token, 'listed-1');
    expect(answer.status).to.equal(200);
    expect(answer.body).to.deep.equal({ unitSize: 20, bets: 0, parlays: 0 });
    for (const id of [theirs, deleted, sized]) expect(await types(id)).not.to.include('BetUnitSizeApplied');
  });
});
