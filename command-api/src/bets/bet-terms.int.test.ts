import { expect } from 'chai';
import { betRow, MESSAGES, parlay as parlaySchema, parlayLegView, streams, type BetRow, type Parlay } from '@bt/contracts';
import { START } from '@bt/event-store';
import { startTestApi, type TestApi } from '../testing/http';

/*
 * Books, leagues, tags, odds in any format, closing odds, void, cash-out and
 * bonus bets, in and out of POST and PUT for bets and parlays; bad input answered with its
 * message and nothing written.
 */

const body = { sport: 'basketball', event: 'Lakers @ Celtics', betType: 'spread', stake: 50, odds: '-110' };
const legs = [
  { sport: 'football', event: 'Bills @ Jets', selection: 'Bills', odds: '-110' },
  { sport: 'football', event: 'Chiefs @ Raiders', selection: 'Over', odds: '+120' },
];
const long = (n: number) => 'x'.repeat(n);

/** Every new field's bad values, with the message each must answer. */
const BAD_BET_FIELDS: [Record<string, unknown>, string][] = [
  [{ book: long(61) }, MESSAGES.bookTooLong],
  [{ league: long(41) }, MESSAGES.leagueTooLong],
  [{ tags: Array.from({ length: 11 }, (_, i) => `t${i}`) }, MESSAGES.tooManyTags],
  [{ tags: [long(31)] }, MESSAGES.tagTooLong],
  [{ tags: 5 }, MESSAGES.tagsFormat],
  [{ closingOdds: 'evens' }, MESSAGES.closingOddsFormat],
  [{ closingOdds: '+50' }, MESSAGES.americanOddsRange],
  [{ closingOdds: '1.00' }, MESSAGES.decimalOddsRange],
  [{ closingOdds: true }, MESSAGES.closingOddsFormat],
  [{ bonusBet: 'maybe' }, MESSAGES.bonusBetFlag],
  [{ outcome: 'cashout' }, MESSAGES.cashOutRequired],
  [{ outcome: 'cashout', cashOutAmount: null }, MESSAGES.cashOutRequired],
  [{ outcome: 'cashout', cashOutAmount: -5 }, MESSAGES.cashOutAmount],
  [{ outcome: 'cashout', cashOutAmount: 'lots' }, MESSAGES.cashOutAmount],
  [{ odds: '0/1' }, MESSAGES.oddsFormat],
  [{ odds: '0.95' }, MESSAGES.decimalOddsRange],
  [{ odds: '2,50' }, MESSAGES.oddsFormat],
];

describe('bets and parlays with books, leagues, tags, odds formats, closing odds, cash-outs and bonus bets', () => {
  let api: TestApi;
  let ann: Awaited<ReturnType<TestApi['signUp']>>;
  let bob: Awaited<ReturnType<TestApi['signUp']>>;
  before(async () => {
    api = await startTestApi({ clock: () => new Date('2025-03-15T12:00:00.000Z') });
    ann = await api.signUp('ann');
    bob = await api.signUp('bob');
  });
  after(() => api?.close());

  const place = (extra: Record<string, unknown> = {}) =>
    api.request<BetRow>('POST', '/api/bets', { token: ann.token, body: { ...body, ...extra } });
  const edit = (id: string, extra: Record<string, unknown> = {}, headers: Record<string, string> = {}, token = ann.token) =>
    api.request<BetRow>('PUT', `/api/bets/${id}`, { token, body: { ...body, ...extra }, headers });
  const createParlay = (extra: Record<string, unknown> = {}) =>
    api.request<Parlay>('POST', '/api/parlays', { token: ann.token, body: { stake: 20, legs, ...extra } });
  const editParlay = (id: string, extra: Record<string, unknown> = {}, headers: Record<string, string> = {}, token = ann.token) =>
    api.request<Parlay>('PUT', `/api/parlays/${id}`, { token, body: { stake: 20, legs, ...extra }, headers });
  /** Every event in the log (what "nothing written" is checked against). */
  const logLength = async () => (await api.store.readAll({ after: START, maxCount: 1_000_000 })).length;

  describe('bets', () => {
    it('takes every new field in and answers each, priced by the server', async () => {
      const answer = await place({
        odds: '2.50',
        book: '  DraftKings ',
        league: 'NBA',
        tags: ['Live', ' model ', 'live', ''],
        closingOdds: '+120',
        bonusBet: true,
        outcome: 'win',
      });
      expect(answer.status).to.equal(201);
      const row = betRow.parse(answer.body);
      expect(row).to.include({
        odds: '+150',
        decimalOdds: 2.5,
        book: 'DraftKings',
        league: 'NBA',
        closingOdds: '+120',
        clv: 13.64,
        bonusBet: true,
        outcome: 'win',
        profit: 75,
        cashOutAmount: null,
        unitSize: null,
        units: null,
        profitUnits: null,
      });
      expect(row.tags).to.deep.equal(['Live', 'model']);
      // Exactly the contracts' shape: nothing more, nothing less (deletedAt is only on GET /api/bets?deleted=true).
      const shape = Object.keys(betRow.shape).filter((key) => key !== 'deletedAt');
      expect(Object.keys(answer.body).sort()).to.deep.equal(shape.sort());
      const [placed] = await api.stream(streams.bet(row.id));
      // Stored as typed (the canonical American text for American odds).
      expect(placed.data).to.deep.include({
        odds: '2.50',
        closingOdds: '+120',
        book: 'DraftKings',
        league: 'NBA',
        bonusBet: true,
        unitSize: null,
      });
    });

    it('answers a bet without the new fields with their empty values', async () => {
      const row = betRow.parse((await place()).body);
      expect(row).to.deep.include({
        book: null,
        league: null,
        tags: [],
        closingOdds: null,
        clv: null,
        bonusBet: false,
        decimalOdds: 1.9091,
      });
    });

    it('reads odds in each format and answers canonical American with the decimal price', async () => {
      const cases: [unknown, string, number, string][] = [
        ['+150', '+150', 2.5, '+150'],
        ['150', '+150', 2.5, '+150'],
        [-110, '-110', 1.9091, '-110'],
        ['2.50', '+150', 2.5, '2.50'],
        [1.91, '-110', 1.91, '1.91'],
        ['3/2', '+150', 2.5, '3/2'],
        ['10/11', '-110', 1.9091, '10/11'],
        ['1/4', '-400', 1.25, '1/4'],
      ];
      for (const [odds, american, decimal, stored] of cases) {
        const answer = await place({ odds, closingOdds: odds });
        expect(answer.status, String(odds)).to.equal(201);
        expect(answer.body, String(odds)).to.include({ odds: american, decimalOdds: decimal, closingOdds: american, clv: 0 });
        const [placed] = await api.stream(streams.bet(answer.body.id));
        expect(placed.data, String(odds)).to.include({ odds: stored });
      }
    });

    it('answers every bad new field with its message and writes nothing', async () => {
      const before = await logLength();
      for (const [extra, message] of BAD_BET_FIELDS) {
        const answer = await place(extra);
        expect(answer.status, JSON.stringify(extra)).to.equal(400);
        expect(answer.body, JSON.stringify(extra)).to.deep.equal({ message });
      }
      expect(await logLength()).to.equal(before);
    });

    it('answers every bad new field of an edit with its message and leaves the stream as it was', async () => {
      const { body: placed } = await place({ outcome: 'cashout', cashOutAmount: 30 });
      const before = await api.stream(streams.bet(placed.id));
      for (const [extra, message] of [...BAD_BET_FIELDS, [{ cashOutAmount: null }, MESSAGES.cashOutRequired] as const]) {
        const answer = await edit(placed.id, extra);
        expect(answer.status, JSON.stringify(extra)).to.equal(400);
        expect(answer.body, JSON.stringify(extra)).to.deep.equal({ message });
      }
      expect(await api.stream(streams.bet(placed.id))).to.deep.equal(before);
    });

    it('edits the new fields: records what changed, keeps what is left out, clears with null and []', async () => {
      const { body: placed } = await place({ book: 'FanDuel', league: 'NBA', tags: ['a', 'b'], closingOdds: '-120' });
      const kept = await edit(placed.id, { stake: 60 });
      expect(kept.body).to.deep.include({ book: 'FanDuel', league: 'NBA', tags: ['a', 'b'], closingOdds: '-120', stake: 60, version: 1 });

      const changed = await edit(placed.id, {
        stake: 60,
        book: 'BetMGM',
        tags: ['b', 'c'],
        closingOdds: '1.80',
        bonusBet: true,
        odds: '10/11',
      });
      expect(changed.body).to.deep.include({
        book: 'BetMGM',
        league: 'NBA',
        tags: ['b', 'c'],
        closingOdds: '-125',
        clv: 6.06,
        bonusBet: true,
        odds: '-110',
        version: 2,
      });

      const cleared = await edit(placed.id, { stake: 60, odds: '10/11', book: null, league: '', tags: [], closingOdds: null });
      expect(cleared.body).to.deep.include({ book: null, league: null, tags: [], closingOdds: null, clv: null, version: 3 });

      const events = await api.stream(streams.bet(placed.id));
      expect(events.slice(1).map((e) => (e.data as { changes: object }).changes)).to.deep.equal([
        { stake: 60 },
        { odds: '10/11', closingOdds: '1.80', book: 'BetMGM', bonusBet: true, tags: ['b', 'c'] },
        { league: null, closingOdds: null, book: null, tags: [] },
      ]);
    });

    it('voids a bet (profit 0) and cashes one out (profit = amount - stake), then changes the amount alone', async () => {
      const { body: placed } = await place({ outcome: 'void' });
      expect(placed).to.include({ outcome: 'void', profit: 0, cashOutAmount: null });

      const cashed = await edit(placed.id, { outcome: 'cashout', cashOutAmount: 80 });
      expect(cashed.body).to.include({ outcome: 'cashout', cashOutAmount: 80, profit: 30, version: 2 });
      const amount = await edit(placed.id, { cashOutAmount: 35.5 });
      expect(amount.body).to.include({ outcome: 'cashout', cashOutAmount: 35.5, profit: -14.5, version: 3 });
      const lost = await edit(placed.id, { outcome: 'loss', cashOutAmount: 35.5 });
      expect(lost.body).to.include({ outcome: 'loss', cashOutAmount: null, profit: -50 });
      // An amount sent without an outcome means nothing for a bet that is not cashed out.
      expect((await edit(placed.id, { cashOutAmount: 12 })).body).to.include({ outcome: 'loss', cashOutAmount: null, version: 4 });

      const settlements = (await api.stream(streams.bet(placed.id))).map((e) => e.data);
      expect(settlements.slice(1)).to.deep.equal([
        { userId: ann.userId, betId: placed.id, outcome: 'void', cashOutAmount: null },
        { userId: ann.userId, betId: placed.id, outcome: 'cashout', cashOutAmount: 80 },
        { userId: ann.userId, betId: placed.id, outcome: 'cashout', cashOutAmount: 35.5 },
        { userId: ann.userId, betId: placed.id, outcome: 'loss', cashOutAmount: null },
      ]);
    });

    it('prices a bonus bet: a win pays the winnings only, a loss costs nothing', async () => {
      expect((await place({ bonusBet: true, outcome: 'win', odds: '+200' })).body).to.include({ profit: 100, bonusBet: true });
      expect((await place({ bonusBet: 'yes', outcome: 'loss' })).body).to.include({ profit: 0, bonusBet: true });
    });

    it("answers 404 for another user's bet whatever the new fields, and 409 for a stale If-Match", async () => {
      const { body: placed } = await place({ book: 'Caesars' });
      const theirs = await edit(placed.id, { book: 'Mine now', tags: ['x'] }, {}, bob.token);
      expect(theirs).to.deep.include({ status: 404, body: { message: MESSAGES.betNotFound } });
      await edit(placed.id, { tags: ['first'] });
      const stale = await edit(placed.id, { tags: ['second'] }, { 'If-Match': '"0"' });
      expect(stale).to.deep.include({ status: 409, body: { message: MESSAGES.staleRevision } });
      const events = await api.stream(streams.bet(placed.id));
      expect(events).to.have.length(2);
      expect(events[1].data).to.deep.include({ changes: { tags: ['first'] } });
    });
  });

  describe('parlays', () => {
    it('takes every new field in (legs with league and closing odds in any format) and answers each', async () => {
      const answer = await createParlay({
        book: 'bet365',
        tags: 'sgp, Sunday',
        bonusBet: false,
        legs: [
          { ...legs[0], odds: '1.91', league: 'NFL', closingOdds: '-120' },
          { ...legs[1], odds: '11/5', league: 'NFL', closingOdds: '2.10' },
        ],
      });
      expect(answer.status).to.equal(201);
      const parlay = parlaySchema.parse(answer.body);
      expect(Object.keys(answer.body).sort()).to.deep.equal(Object.keys(parlaySchema.shape).sort());
      expect(Object.keys(answer.body.legs[0]).sort()).to.deep.equal(Object.keys(parlayLegView.shape).sort());
      expect(parlay).to.deep.include({ book: 'bet365', tags: ['sgp', 'Sunday'], bonusBet: false, cashOutAmount: null, unitSize: null });
      expect(parlay.legs.map((l) => [l.odds, l.decimalOdds, l.league, l.closingOdds])).to.deep.equal([
        ['-110', 1.91, 'NFL', '-120'],
        ['+220', 3.2, 'NFL', '+110'],
      ]);
      // 1.91 x 3.2 = 6.112 taken; (1 + 100/120) x 2.10 = 3.85 at close.
      expect(parlay).to.include({ decimalOdds: 6.112, totalOdds: '+511', closingOdds: '+285', clv: 58.75 });
      const [created] = await api.stream(streams.parlay(parlay.id));
      expect((created.data as { legs: object[] }).legs.map((l) => l)).to.deep.equal([
        { ...legs[0], odds: '1.91', league: 'NFL', closingOdds: '-120', outcome: 'pending', date: '2025-03-15', startsAt: null },
        { ...legs[1], odds: '11/5', league: 'NFL', closingOdds: '2.10', outcome: 'pending', date: '2025-03-15', startsAt: null },
      ]);
    });

    it('answers no close unless every leg has one', async () => {
      const answer = await createParlay({ legs: [{ ...legs[0], closingOdds: '-120' }, legs[1]] });
      expect(answer.body).to.include({ closingOdds: null, clv: null });
      expect(answer.body.legs.map((l: { closingOdds: string | null }) => l.closingOdds)).to.deep.equal(['-120', null]);
    });

    it('answers every bad new field with its message and writes nothing', async () => {
      const before = await logLength();
      const cases: [Record<string, unknown>, string][] = [
        ...BAD_BET_FIELDS.filter(([extra]) => !('league' in extra) && !('closingOdds' in extra) && !('odds' in extra)),
        [{ legs: [{ ...legs[0], outcome: 'cashout' }, legs[1]] }, MESSAGES.legCashOut],
        [{ legs: [{ ...legs[0], league: long(41) }, legs[1]] }, MESSAGES.leagueTooLong],
        [{ legs: [{ ...legs[0], closingOdds: 'evens' }, legs[1]] }, MESSAGES.closingOddsFormat],
        [{ legs: [{ ...legs[0], closingOdds: '-50' }, legs[1]] }, MESSAGES.americanOddsRange],
        [{ legs: [{ ...legs[0], odds: '1.0' }, legs[1]] }, MESSAGES.decimalOddsRange],
        [{ legs: [{ ...legs[0], odds: '5/0' }, legs[1]] }, MESSAGES.oddsFormat],
      ];
      for (const [extra, message] of cases) {
        const answer = await createParlay(extra);
        expect(answer.status, JSON.stringify(extra)).to.equal(400);
        expect(answer.body, JSON.stringify(extra)).to.deep.equal({ message });
      }
      expect(await logLength()).to.equal(before);
    });

    it('edits the new fields, cashes out and changes the amount alone; bad input leaves the stream as it was', async () => {
      const { body: created } = await createParlay({ book: 'FanDuel', tags: ['a'] });
      const kept = await editParlay(created.id, { stake: 30 });
      expect(kept.body).to.deep.include({ book: 'FanDuel', tags: ['a'], stake: 30, version: 1 });
      const newLegs = [{ ...legs[0], closingOdds: '-105', league: 'NFL' }, legs[1]];
      const changed = await editParlay(created.id, { stake: 30, book: null, tags: [], bonusBet: true, legs: newLegs });
      expect(changed.body).to.deep.include({ book: null, tags: [], bonusBet: true, version: 2 });
      expect(changed.body.legs[0]).to.include({ league: 'NFL', closingOdds: '-105' });

      const cashed = await editParlay(created.id, { stake: 30, legs: newLegs, outcome: 'cashout', cashOutAmount: 25 });
      // A bonus bet's cash-out: the whole amount is profit.
      expect(cashed.body).to.include({ outcome: 'cashout', cashOutAmount: 25, profit: 25, version: 3 });
      const amount = await editParlay(created.id, { stake: 30, legs: newLegs, cashOutAmount: 40 });
      expect(amount.body).to.include({ outcome: 'cashout', cashOutAmount: 40, profit: 40, version: 4 });
      // A leg settling later does not undo the cash-out.
      const later = await editParlay(created.id, { legs: [{ ...legs[0], outcome: 'loss' }, legs[1]] });
      expect(later.body).to.include({ outcome: 'cashout', cashOutAmount: 40 });

      const before = await api.stream(streams.parlay(created.id));
      for (const [extra, message] of [
        [{ cashOutAmount: null }, MESSAGES.cashOutRequired],
        [{ outcome: 'cashout' }, MESSAGES.cashOutRequired],
        [{ tags: 5 }, MESSAGES.tagsFormat],
        [{ book: long(61) }, MESSAGES.bookTooLong],
        [{ bonusBet: 'perhaps' }, MESSAGES.bonusBetFlag],
      ] as const) {
        const answer = await editParlay(created.id, extra);
        expect(answer, JSON.stringify(extra)).to.deep.include({ status: 400, body: { message } });
      }
      expect(await api.stream(streams.parlay(created.id))).to.deep.equal(before);
    });

    it('voids a parlay (profit 0, whatever its legs do)', async () => {
      const { body: created } = await createParlay({ outcome: 'void' });
      expect(created).to.include({ outcome: 'void', profit: 0 });
      const after = await editParlay(created.id, {
        legs: [
          { ...legs[0], outcome: 'win' },
          { ...legs[1], outcome: 'win' },
        ],
      });
      expect(after.body).to.include({ outcome: 'void', profit: 0 });
    });

    it("answers 404 for another user's parlay, and 409 for a stale If-Match", async () => {
      const { body: created } = await createParlay();
      expect(await editParlay(created.id, { book: 'x' }, {}, bob.token)).to.deep.include({
        status: 404,
        body: { message: MESSAGES.parlayNotFound },
      });
      await editParlay(created.id, { book: 'first' });
      const stale = await editParlay(created.id, { book: 'second' }, { 'If-Match': '"0"' });
      expect(stale).to.deep.include({ status: 409, body: { message: MESSAGES.staleRevision } });
      expect(await api.stream(streams.parlay(created.id))).to.have.length(2);
    });
  });
});
