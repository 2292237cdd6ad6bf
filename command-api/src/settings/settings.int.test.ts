import { expect } from 'chai';
import { stringify } from 'csv-stringify/sync';
import { betRow, MESSAGES, parlay, settings, streams, type BetRow, type Parlay } from '@bt/contracts';
import { START, type EventStore, type RecordedEvent } from '@bt/event-store';
import { startTestApi, type TestApi } from '../testing/http';

const bet = { sport: 'basketball', event: 'Lakers @ Celtics', betType: 'spread', stake: 50, odds: '-110' };
const legs = [
  { sport: 'football', event: 'A', selection: 'A', odds: '+100' },
  { sport: 'football', event: 'B', selection: 'B', odds: '+100' },
];

describe('settings over HTTP (PUT /api/settings)', () => {
  let api: TestApi;
  before(async () => {
    api = await startTestApi({ clock: () => new Date('2025-03-15T12:00:00.000Z') });
  });
  after(() => api?.close());

  const put = (token: string, body: unknown) => api.request('PUT', '/api/settings', { token, body });
  const userEvents = async (userId: string) =>
    (await api.stream(streams.user(userId))).filter((e) => e.type === 'OddsFormatChosen' || e.type === 'UnitSizeSet');

  it('answers 200 with the settings and X-Log-Position, and records only what changes', async () => {
    const me = await api.signUp('prefs');
    const first = await put(me.token, { oddsFormat: 'decimal' });
    expect(first.status).to.equal(200);
    expect(settings.parse(first.body)).to.deep.equal({ oddsFormat: 'decimal', unitSize: null });
    expect(first.headers.get('X-Log-Position')).to.match(/^\d+\.\d+$/);

    expect((await put(me.token, { oddsFormat: 'decimal', unitSize: '12.50' })).body).to.deep.equal({
      oddsFormat: 'decimal',
      unitSize: 12.5,
    });
    const same = await put(me.token, { oddsFormat: 'decimal', unitSize: 12.5 });
    expect(same.body).to.deep.equal({ oddsFormat: 'decimal', unitSize: 12.5 });
    expect(same.headers.get('X-Log-Position')).to.match(/^\d+\.\d+$/);
    expect((await put(me.token, {})).body).to.deep.equal({ oddsFormat: 'decimal', unitSize: 12.5 });
    expect((await put(me.token, { unitSize: null, oddsFormat: 'fractional' })).body).to.deep.equal({
      oddsFormat: 'fractional',
      unitSize: null,
    });

    expect((await userEvents(me.userId)).map((e) => [e.type, e.data])).to.deep.equal([
      ['OddsFormatChosen', { userId: me.userId, oddsFormat: 'decimal' }],
      ['UnitSizeSet', { userId: me.userId, unitSize: 12.5 }],
      ['OddsFormatChosen', { userId: me.userId, oddsFormat: 'fractional' }],
      ['UnitSizeSet', { userId: me.userId, unitSize: null }],
    ]);
  });

  it('answers 400 with the message for bad settings, and records nothing', async () => {
    const me = await api.signUp('prefs');
    const before = await api.stream(streams.user(me.userId));
    const cases: [unknown, string][] = [
      [{ oddsFormat: 'moneyline' }, MESSAGES.oddsFormatChoice],
      [{ oddsFormat: 3 }, MESSAGES.oddsFormatChoice],
      [{ unitSize: 0 }, MESSAGES.unitSize],
      [{ unitSize: -5 }, MESSAGES.unitSize],
      [{ unitSize: 'ten' }, MESSAGES.unitSize],
      [{ oddsFormat: 'decimal', unitSize: 0 }, MESSAGES.unitSize],
      [{ unitSize: 2_000_000_000 }, MESSAGES.amountTooLarge],
    ];
    for (const [body, message] of cases) {
      const answer = await put(me.token, body);
      expect(answer.status, JSON.stringify(body)).to.equal(400);
      expect(answer.body, JSON.stringify(body)).to.deep.equal({ message });
    }
    expect(await api.stream(streams.user(me.userId))).to.deep.equal(before);
  });

  it('answers 401 without a token', async () => {
    expect(await put('', { oddsFormat: 'decimal' })).to.deep.include({ status: 401, body: { message: MESSAGES.unauthorized } });
  });

  it("changes only the caller's settings, whatever userId the body names", async () => {
    const ann = await api.signUp('ann');
    const bob = await api.signUp('bob');
    await put(ann.token, { userId: bob.userId, unitSize: 30 });
    expect(await userEvents(bob.userId)).to.have.length(0);
    expect((await userEvents(ann.userId)).map((e) => e.data)).to.deep.equal([{ userId: ann.userId, unitSize: 30 }]);
  });

  describe('units at placement time', () => {
    it('records on each bet the unit size in effect when it was placed; a later change never rewrites it', async () => {
      const me = await api.signUp('units');
      const none = await api.request<BetRow>('POST', '/api/bets', { token: me.token, body: { ...bet, outcome: 'win' } });
      expect(none.body).to.include({ unitSize: null, units: null, profitUnits: null });

      await put(me.token, { unitSize: 20 });
      const first = await api.request<BetRow>('POST', '/api/bets', { token: me.token, body: { ...bet, outcome: 'win' } });
      expect(betRow.parse(first.body)).to.include({ unitSize: 20, units: 2.5, profit: 45.45, profitUnits: 2.27 });

      await put(me.token, { unitSize: 50 });
      const second = await api.request<BetRow>('POST', '/api/bets', { token: me.token, body: { ...bet, outcome: 'win' } });
      expect(second.body).to.include({ unitSize: 50, units: 1, profitUnits: 0.91 });

      // Editing the first bet keeps the unit size it was placed with.
      const edited = await api.request<BetRow>('PUT', `/api/bets/${first.body.id}`, {
        token: me.token,
        body: { ...bet, stake: 100, outcome: 'win' },
      });
      expect(edited.body).to.include({ unitSize: 20, units: 5, profitUnits: 4.55 });
      const [placed] = await api.stream(streams.bet(first.body.id));
      expect(placed.data).to.include({ unitSize: 20 });
      expect((await api.stream(streams.bet(second.body.id)))[0].data).to.include({ unitSize: 50 });
      expect((await api.stream(streams.bet(none.body.id)))[0].data).to.include({ unitSize: null });

      // Cleared: new bets have none, the old ones keep theirs.
      await put(me.token, { unitSize: null });
      const third = await api.request<BetRow>('POST', '/api/bets', { token: me.token, body: bet });
      expect(third.body).to.include({ unitSize: null, units: null });
    });

    it('records it on parlays, and on bets and parlays an import places', async () => {
      const me = await api.signUp('units');
      await put(me.token, { unitSize: 25 });
      const created = await api.request<Parlay>('POST', '/api/parlays', { token: me.token, body: { stake: 50, legs } });
      expect(parlay.parse(created.body)).to.include({ unitSize: 25, units: 2 });
      await put(me.token, { unitSize: 10 });
      const amended = await api.request<Parlay>('PUT', `/api/parlays/${created.body.id}`, { token: me.token, body: { stake: 100, legs } });
      expect(amended.body).to.include({ unitSize: 25, units: 4 });

      const file = stringify([
        ['date', 'kind', 'sport', 'event', 'betType', 'odds', 'stake', 'outcome', 'legs'],
        ['2025-03-01', 'bet', 'hockey', 'Leafs @ Habs', 'moneyline', '+130', '20', 'win', ''],
        ['2025-03-01', 'parlay', '', 'Two legs', '', '', '30', '', JSON.stringify(legs)],
      ]);
      const imported = await api.request('POST', '/api/import/bets', {
        token: me.token,
        body: file,
        headers: { 'Content-Type': 'text/csv' },
      });
      expect(imported.body).to.include({ imported: 2 });
      const all = await api.store.readAll({ after: START, maxCount: 100_000 });
      const placedNow = all.filter(
        (e) => (e.type === 'BetPlaced' || e.type === 'ParlayCreated') && (e.data as { userId: string }).userId === me.userId,
      );
      expect(placedNow.map((e) => [e.type, (e.data as { unitSize: number }).unitSize])).to.deep.equal([
        ['ParlayCreated', 25],
        ['BetPlaced', 10],
        ['ParlayCreated', 10],
      ]);
    });
  });
});

describe('concurrent settings changes of one user', () => {
  let api: TestApi;
  let armed = '';
  let release: () => void = () => undefined;
  let waiting = 0;
  // Both changes read the user's stream before either appends: the second append meets a new revision.
  const barrier = (store: EventStore): EventStore => ({
    ...store,
    append: store.append.bind(store),
    readStream: async (streamId: string): Promise<RecordedEvent[]> => {
      const events = await store.readStream(streamId);
      if (streamId !== armed || waiting < 0) return events;
      waiting += 1;
      if (waiting === 2) {
        waiting = -1; // the retry reads freely
        release();
      } else await new Promise<void>((resolve) => (release = resolve));
      return events;
    },
  });
  before(async () => {
    api = await startTestApi({ wrapStore: barrier });
  });
  after(() => api?.close());

  it('loses neither of two changes that read the same revision', async () => {
    const me = await api.signUp('race');
    armed = streams.user(me.userId);
    const [a, b] = await Promise.all([
      api.request('PUT', '/api/settings', { token: me.token, body: { oddsFormat: 'fractional' } }),
      api.request('PUT', '/api/settings', { token: me.token, body: { unitSize: 40 } }),
    ]);
    expect(waiting, 'both read the same revision').to.equal(-1);
    expect([a.status, b.status]).to.deep.equal([200, 200]);
    const events = (await api.stream(streams.user(me.userId))).filter((e) => e.type !== 'UserRegistered');
    expect(events.map((e) => e.type).sort()).to.deep.equal(['OddsFormatChosen', 'UnitSizeSet']);
    // The one that went second answers both changes.
    expect([a.body, b.body]).to.deep.include({ oddsFormat: 'fractional', unitSize: 40 });
  });
});
