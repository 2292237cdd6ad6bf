import { readFileSync } from 'node:fs';
import { expect } from 'chai';
import {
  betRow,
  decimalOfOdds,
  decimalToAmerican,
  EVENT_SCHEMA_VERSION,
  formatAmericanOdds,
  parlay as parlaySchema,
  roundDecimalOdds,
  stats as statsSchema,
  type BetRow,
  type Parlay,
  type Stats,
} from '@bt/contracts';
import { START } from '@bt/event-store';
import { signToken } from '@bt/platform';
import { rebuildReadModels } from '@bt/projector';
import { EventLog } from '@bt/read-models/testing';
import { startHarness, TEST_SECRET, type Harness } from '../testing/query-harness';

/**
 * A log written by an earlier release still reads as it did ("Events stay as they are").
 * The fixture (`launcher/src/testing/fixtures/<release>.ndjson`) holds every event the release wrote while
 * `npm run fixture:old-log` drove it over HTTP; `<release>.expected.json` holds every read answer
 * it gave then, and its clock. Here the events are appended unchanged (ids, streams, revisions,
 * types, data, metadata) to a fresh store, projected live and rebuilt, and every answer must be
 * the same, with "today" pinned to the fixture's clock (the 30-day windows and goals' days left
 * count from it). Fixtures are never regenerated: a new release adds its own.
 *
 * Answers gain fields as the product grows (book, league, tags, closing odds, clv, bonus
 * bets, cash-outs, units, voids): every field the release answered must read exactly as it did,
 * and each new one must read as nothing was recorded of it (null, [], false, 0), or, for the
 * decimal prices and the average odds, as derived from what the release answered.
 */
const RELEASES = ['release-2026-11-23'];

interface Line {
  id: string;
  streamId: string;
  revision: string;
  type: string;
  data: unknown;
  metadata: { occurredAt: string; commandId: string; schemaVersion: number };
}
interface Expected {
  clock: string;
  users: { email: string; answers: Record<string, unknown> }[];
}

const fixture = (name: string) => new URL(`../testing/fixtures/${name}`, import.meta.url);

/** Fields answers gained after the release, each with what it must read for a log that never recorded it. */
const EMPTY_NEW_FIELDS = new Set([
  'league',
  'closingOdds',
  'book',
  'tags',
  'clv',
  'bonusBet',
  'cashOutAmount',
  'unitSize',
  'units',
  'profitUnits',
  'voids',
  'cashouts',
  'unitsWon',
  'averageClv',
  'beatCloseRate',
  'startsAt',
  'unitBets',
  'adjustments',
]);
/** New fields derived from what the release answered (checked by `checkDerived`). */
const DERIVED_NEW_FIELDS = new Set(['decimalOdds', 'averageOdds', 'allBets', 'atRisk', 'available']);
const isEmpty = (value: unknown): boolean =>
  value === null || value === false || value === 0 || (Array.isArray(value) && value.length === 0);
/** In a change log, a new field appears as a change from nothing to its empty value. */
const isEmptyChange = (value: unknown): boolean =>
  typeof value === 'object' && value !== null && 'from' in value && 'to' in value && value.from === null && isEmpty(value.to);

/**
 * `now` must hold everything `then` held, exactly; a key `then` lacks must be a new field with its
 * empty value, or a derived one (collected into `derived` for checkDerived).
 */
const expectSameAsThen = (now: unknown, then: unknown, at: string, derived: { at: string; value: unknown }[]): void => {
  if (Array.isArray(then)) {
    expect(now, at).to.be.an('array').with.length(then.length);
    then.forEach((item, i) => expectSameAsThen((now as unknown[])[i], item, `${at}[${i}]`, derived));
    return;
  }
  if (then === null || typeof then !== 'object') {
    expect(now, at).to.deep.equal(then);
    return;
  }
  expect(now, at).to.be.an('object');
  const nowObject = now as Record<string, unknown>;
  for (const [key, value] of Object.entries(then)) expectSameAsThen(nowObject[key], value, `${at}.${key}`, derived);
  for (const key of Object.keys(nowObject).filter((k) => !(k in then))) {
    const value = nowObject[key];
    if (DERIVED_NEW_FIELDS.has(key)) derived.push({ at: `${at}.${key}`, value });
    else {
      expect(EMPTY_NEW_FIELDS.has(key), `${at}.${key} is a field the release did not answer`).to.equal(true);
      expect(isEmpty(value) || isEmptyChange(value), `${at}.${key}: ${JSON.stringify(value)}`).to.equal(true);
    }
  }
};

/** The American text of the mean decimal price of the rows (what stats' averageOdds is). */
const averageOddsOf = (rows: readonly { decimalOdds: number }[]): string | null =>
  rows.length === 0 ? null : formatAmericanOdds(decimalToAmerican(rows.reduce((sum, r) => sum + r.decimalOdds, 0) / rows.length));

/**
 * Every answer of a user as the release gave it, plus the new fields: the old ones exactly, the
 * new ones empty; the bets' decimal prices from their odds (a parlay's: the one /api/parlays
 * answered then), the stats' average odds from the bets' decimal prices; the CSV's new columns
 * after the old ones, empty but for the decimal price and "false" for a bonus bet.
 */
const expectAnswersAsThen = (now: Record<string, unknown>, then: Record<string, unknown>, who: string): void => {
  expect(Object.keys(now), who).to.deep.equal(Object.keys(then));
  const parlaysThen = then['/api/parlays'] as Parlay[];
  const betsNow = now['/api/bets'] as BetRow[];
  for (const [path, answer] of Object.entries(then)) {
    if (path.endsWith('.csv')) {
      expectCsvAsThen(now[path] as string, answer as string, betsNow, `${who} ${path}`);
      continue;
    }
    const derived: { at: string; value: unknown }[] = [];
    expectSameAsThen(now[path], answer, `${who} ${path}`, derived);
    if (path === '/api/bets') {
      for (const row of betsNow) {
        expect(betRow.parse(row), `${who} ${row.id}`).to.deep.equal(row);
        const parlay = parlaysThen.find((p) => p.id === row.id);
        expect(row.decimalOdds, `${who} ${row.id}`).to.equal(parlay ? parlay.decimalOdds : roundDecimalOdds(decimalOfOdds(row.odds)));
      }
    } else if (path === '/api/parlays') {
      for (const p of now[path] as Parlay[]) {
        expect(parlaySchema.parse(p)).to.deep.equal(p);
        for (const leg of p.legs) expect(leg.decimalOdds).to.equal(leg.odds === null ? null : roundDecimalOdds(decimalOfOdds(leg.odds)));
      }
    } else if (path.startsWith('/api/stats') && !path.startsWith('/api/stats/')) {
      expect(statsSchema.parse(now[path])).to.deep.equal(now[path]);
      expect((now[path] as Stats).averageOdds, `${who} ${path}`).to.equal(averageOddsOf(betsNow));
      expect((now[path] as Stats).allBets, `${who} ${path}: every bet and parlay`).to.equal(betsNow.length);
    } else if (path === '/api/bankroll') {
      const bankroll = now[path] as { amount: number; atRisk: number; available: number };
      const pending = betsNow.filter((b) => b.outcome === 'pending' && !b.bonusBet).reduce((sum, b) => sum + b.stake, 0);
      expect(bankroll.atRisk, `${who}: the pending stakes`).to.be.closeTo(pending, 0.001);
      expect(bankroll.available, who).to.be.closeTo(bankroll.amount - bankroll.atRisk, 0.001);
    } else {
      // A change log: a decimal price appears where the odds (or a parlay's legs) were first given or changed.
      for (const { at, value } of derived)
        expect(at, `${who}: ${JSON.stringify(value)}`).to.match(/\.changes\.decimalOdds$|\.changes\.legs\.(from|to)\[\d+\]\.decimalOdds$/);
    }
  }
};

/** The old CSV's rows come first in each line, unchanged; the new columns follow with nothing recorded. */
const expectCsvAsThen = (now: string, then: string, bets: readonly BetRow[], at: string): void => {
  const nowLines = now.split('\r\n');
  const thenLines = then.split('\r\n');
  expect(nowLines, at).to.have.length(thenLines.length);
  expect(nowLines[0], at).to.equal(`${thenLines[0]},book,league,tags,decimalOdds,closingOdds,clv,bonusBet,cashOutAmount`);
  thenLines.slice(1).forEach((line, i) => {
    if (line === '') return expect(nowLines[i + 1]).to.equal('');
    expect(nowLines[i + 1], `${at} row ${i + 1}`).to.equal(`${line},,,,${bets[i].decimalOdds.toFixed(4)},,,false,`);
  });
};

for (const release of RELEASES) {
  describe(`a log written by ${release}`, () => {
    const log: Line[] = readFileSync(fixture(`${release}.ndjson`), 'utf8')
      .split('\n')
      .filter((line) => line.trim() !== '')
      .map((line) => JSON.parse(line) as Line);
    const expected = JSON.parse(readFileSync(fixture(`${release}.expected.json`), 'utf8')) as Expected;
    const userIdOf = (answers: Record<string, unknown>) => (answers['/api/auth/me'] as { id: string }).id;
    let h: Harness;

    before(async function () {
      this.timeout(120_000);
      h = await startHarness({ clock: () => new Date(expected.clock) });
      // Runs of one stream in one append, at the revisions the release gave them.
      for (let i = 0; i < log.length;) {
        let j = i + 1;
        while (j < log.length && log[j].streamId === log[i].streamId) j++;
        const first = BigInt(log[i].revision);
        const run = log.slice(i, j).map(({ id, type, data, metadata }) => ({ id, type, data, metadata }));
        await h.store.append(log[i].streamId, run, first === 0n ? 'no_stream' : first - 1n);
        i = j;
      }
      await h.settle();
    });
    after(() => h?.close());

    // A session of the user's current generation: every user of the fixture logged out of all devices.
    const tokenOf = (userId: string) => {
      const revoked = log.filter((e) => e.type === 'SessionsRevoked' && (e.data as { userId: string }).userId === userId);
      return signToken(userId, TEST_SECRET, Math.max(0, ...revoked.map((e) => (e.data as { generation: number }).generation)));
    };
    const read = async (path: string, userId: string) => {
      const response = await h.get(path, null, undefined, { Authorization: `Bearer ${tokenOf(userId)}` });
      const body = await response.text();
      expect(response.status, `GET ${path}: ${body}`).to.equal(200);
      return path.endsWith('.csv') ? body : (JSON.parse(body) as unknown);
    };
    const answersNow = async (answers: Record<string, unknown>) => {
      const now: Record<string, unknown> = {};
      for (const path of Object.keys(answers)) now[path] = await read(path, userIdOf(answers));
      return now;
    };

    it('covers every event type the domain had then', () => {
      expect(new Set(log.map((e) => e.type)).size).to.equal(22);
      expect(expected.users).to.have.length(2);
    });

    it('is stored unchanged', async () => {
      const stored = [];
      for await (const page of h.store.readAllPages(START)) stored.push(...page);
      expect(
        stored.map((e) => ({
          id: e.id,
          streamId: e.streamId,
          revision: String(e.revision),
          type: e.type,
          data: e.data,
          metadata: e.metadata,
        })),
      ).to.deep.equal(log.map(({ id, streamId, revision, type, data, metadata }) => ({ id, streamId, revision, type, data, metadata })));
    });

    it('answers every read as the release did (the new fields empty)', async () => {
      for (const user of expected.users) expectAnswersAsThen(await answersNow(user.answers), user.answers, user.email);
    });

    it("replays each user's stats and streaks as of the fixture's clock to the live answers", async () => {
      for (const user of expected.users) {
        const userId = userIdOf(user.answers);
        const asOf = encodeURIComponent(expected.clock);
        for (const [path, live] of [
          [`/api/stats?asOf=${asOf}`, user.answers['/api/stats']],
          [`/api/stats?range=all&asOf=${asOf}`, user.answers['/api/stats?range=all']],
          [`/api/stats/streaks?asOf=${asOf}`, user.answers['/api/stats/streaks']],
        ] as const) {
          const derived: { at: string; value: unknown }[] = [];
          const replayed = await read(path, userId);
          expectSameAsThen(replayed, live, `${user.email} ${path}`, derived);
          if (!path.includes('streaks'))
            expect(replayed).to.deep.equal(await read(path.replace(/[?&]asOf=[^&]*/, '').replace('&', '?'), userId));
        }
      }
    });

    it('answers every read as the release did after a rebuild of the read models', async function () {
      this.timeout(120_000);
      const result = await rebuildReadModels({ store: h.store, databaseUrl: h.database.url, fresh: true, log: () => undefined });
      expect(result.events).to.equal(log.length);
      expect(result.setAside).to.equal(0);
      for (const user of expected.users) expectAnswersAsThen(await answersNow(user.answers), user.answers, user.email);
    });
  });
}

describe('new-style events on top of the release-2026-11-23 log', () => {
  const release = 'release-2026-11-23';
  const log: Line[] = readFileSync(fixture(`${release}.ndjson`), 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as Line);
  const expected = JSON.parse(readFileSync(fixture(`${release}.expected.json`), 'utf8')) as Expected;
  const alice = expected.users.find((u) => u.email.startsWith('alice'))!;
  const aliceId = (alice.answers['/api/auth/me'] as { id: string }).id;
  const generation = Math.max(
    0,
    ...log
      .filter((e) => e.type === 'SessionsRevoked' && (e.data as { userId: string }).userId === aliceId)
      .map((e) => (e.data as { generation: number }).generation),
  );
  const NOW = '2026-11-24T12:00:00.000Z';
  let h: Harness;
  const ids: Record<string, string> = {};

  before(async function () {
    this.timeout(120_000);
    h = await startHarness({ clock: () => new Date(NOW) });
    for (let i = 0; i < log.length;) {
      let j = i + 1;
      while (j < log.length && log[j].streamId === log[i].streamId) j++;
      const first = BigInt(log[i].revision);
      const run = log.slice(i, j).map(({ id, type, data, metadata }) => ({ id, type, data, metadata }));
      await h.store.append(log[i].streamId, run, first === 0n ? 'no_stream' : first - 1n);
      i = j;
    }
    // Given Alice, a day later, with today's events (schema version 3)
    const events = new EventLog(aliceId).at('2026-11-24T10:00:00.000Z');
    events.setUnitSize(25);
    ids.bonus = events.placeBet(
      { odds: '2.50', stake: 20, bonusBet: true, book: 'DraftKings', league: 'NBA', tags: ['free'], unitSize: 25, date: '2026-11-24' },
      'win',
    );
    ids.cashout = events.placeBet({ odds: '3/2', stake: 50, closingOdds: '+120', unitSize: 25, date: '2026-11-24' }, 'cashout', 70);
    ids.voided = events.placeBet({ odds: '-110', stake: 40, closingOdds: '-120', unitSize: 25, date: '2026-11-24' }, 'void');
    ids.parlay = events.createParlay(
      [
        { odds: '1.91', closingOdds: '1.80', league: 'NFL', date: '2026-11-24' },
        { odds: '10/11', closingOdds: '-105', date: '2026-11-24' },
      ],
      { stake: 10, book: 'FanDuel', tags: ['sgp'], unitSize: 25, date: '2026-11-24' },
    );
    await h.record(events.events);
    await h.settle();
  });
  after(() => h?.close());

  const read = async <T>(path: string): Promise<T> => {
    const response = await h.get(path, null, undefined, { Authorization: `Bearer ${signToken(aliceId, TEST_SECRET, generation)}` });
    const body = await response.text();
    expect(response.status, `GET ${path}: ${body}`).to.equal(200);
    return (path.startsWith('/api/export') || path === '/api/events' ? body : JSON.parse(body)) as T;
  };
  const byId = (rows: BetRow[]) => Object.fromEntries(rows.map((r) => [r.id, r]));

  const expectNewAnswers = async () => {
    const bets = byId(await read<BetRow[]>('/api/bets'));
    // Then each new bet answers its terms, its odds in canonical American text with the decimal price
    expect(bets[ids.bonus]).to.include({ odds: '+150', decimalOdds: 2.5, profit: 30, bonusBet: true, book: 'DraftKings', league: 'NBA' });
    expect(bets[ids.bonus]).to.include({ unitSize: 25, units: 0.8, profitUnits: 1.2, clv: null, closingOdds: null });
    expect(bets[ids.bonus].tags).to.deep.equal(['free']);
    expect(bets[ids.cashout]).to.include({
      odds: '+150',
      outcome: 'cashout',
      cashOutAmount: 70,
      profit: 20,
      closingOdds: '+120',
      clv: 13.64,
    });
    expect(bets[ids.voided]).to.include({ odds: '-110', outcome: 'void', profit: 0, closingOdds: '-120', clv: 4.13 });
    expect(bets[ids.parlay]).to.include({ kind: 'parlay', league: null, book: 'FanDuel', decimalOdds: 3.6464, closingOdds: '+251' });
    const [parlay] = (await read<Parlay[]>('/api/parlays')).filter((p) => p.id === ids.parlay);
    expect(parlay.legs.map((l) => [l.odds, l.decimalOdds, l.closingOdds, l.league])).to.deep.equal([
      ['-110', 1.91, '-125', 'NFL'],
      ['-110', 1.9091, '-105', null],
    ]);
    expect(parlay).to.include({ totalOdds: '+265', closingOdds: '+251', clv: 3.76, units: 0.4 });

    // And the stats count the void and the cash-out apart; profit counts the bonus winnings and the cash-out
    const stats = await read<Stats>('/api/stats?range=all');
    const before = alice.answers['/api/stats?range=all'] as Stats;
    expect(stats.record).to.deep.equal({
      ...before.record,
      wins: before.record.wins + 1,
      voids: 1,
      cashouts: 1,
      pending: before.record.pending + 1,
    });
    expect(stats.totalProfit).to.equal(Math.round((before.totalProfit + 30 + 20) * 100) / 100);
    expect(stats).to.include({ unitsWon: 2, averageClv: 7.18, beatCloseRate: 100 }); // (13.64 + 4.13 + 3.76) / 3; all three beat the close
    return stats;
  };

  it('answers the new terms live', async () => {
    await expectNewAnswers();
  });

  it('replays the same stats as of now, and the release-day stats as of its clock', async () => {
    const live = await read<Stats>('/api/stats?range=all');
    expect(await read<Stats>(`/api/stats?range=all&asOf=${encodeURIComponent(NOW)}`)).to.deep.equal(live);
    const then = await read<Stats>(`/api/stats?range=all&asOf=${encodeURIComponent(expected.clock)}`);
    expectSameAsThen(then, alice.answers['/api/stats?range=all'], 'asOf the release', []);
  });

  it('exports the new columns and downloads every event in the current schema, with its stored version', async () => {
    const csv = await read<string>('/api/export/bets.csv');
    const cashout = csv.split('\r\n').find((line) => line.startsWith(ids.cashout))!;
    expect(cashout.endsWith(',,,,2.5000,+120,13.64,false,70.00'), cashout).to.equal(true);
    const lines = (await read<string>('/api/events'))
      .split('\n')
      .filter((l) => l !== '')
      .map((l) => JSON.parse(l) as { type: string; data: Record<string, unknown>; metadata: Record<string, unknown> });
    for (const line of lines) expect(line.metadata.schemaVersion).to.equal(EVENT_SCHEMA_VERSION);
    const oldBet = lines.find((l) => l.type === 'BetPlaced' && l.metadata.storedSchemaVersion !== undefined)!;
    expect(oldBet.data).to.include({ book: null, league: null, closingOdds: null, bonusBet: false, unitSize: null });
    expect(oldBet.metadata.storedSchemaVersion).to.be.lessThan(EVENT_SCHEMA_VERSION);
    const newBet = lines.find((l) => l.type === 'BetPlaced' && l.data.betId === ids.bonus)!;
    expect(newBet.metadata).to.not.have.property('storedSchemaVersion');
    // The store itself still holds the old event as it was written
    const [stored] = await h.store.readStream(`bet-${oldBet.data.betId as string}`);
    expect(stored.data).to.not.have.property('book');
  });

  it('answers the same after a rebuild of the read models', async function () {
    this.timeout(120_000);
    const live = await read<Stats>('/api/stats?range=all');
    const bets = await read<BetRow[]>('/api/bets');
    await rebuildReadModels({ store: h.store, databaseUrl: h.database.url, fresh: true, log: () => undefined });
    expect(await expectNewAnswers()).to.deep.equal(live);
    expect(await read<BetRow[]>('/api/bets')).to.deep.equal(bets);
  });
});
