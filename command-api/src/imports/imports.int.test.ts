import { expect } from 'chai';
import { stringify } from 'csv-stringify/sync';
import {
  betRowToCsv,
  CSV_COLUMNS,
  IMPORT_METADATA_KEY,
  importPreview,
  importReport,
  MESSAGES,
  streams,
  type BetRow,
  type ImportReport,
  type Parlay,
} from '@bt/contracts';
import { appendEachInTurn, START } from '@bt/event-store';
import { startTestApi, type TestApi } from '../testing/http';

const csv = (rows: string[][]) => stringify(rows);
const header = ['date', 'sport', 'event', 'betType', 'odds', 'stake', 'outcome', 'notes'];
const goodFile = csv([
  header,
  ['2025-03-01', 'basketball', 'Lakers @ Celtics', 'spread', '-110', '50', 'win', ''],
  ['2025-03-01', 'basketball', 'Lakers @ Celtics', 'spread', '-110', '50', 'win', ''],
  ['2025-03-02', 'hockey', 'Leafs @ Habs', 'moneyline', '+130', '20', '', 'gut feeling, again'],
]);

describe('CSV import over HTTP', () => {
  let api: TestApi;
  before(async () => {
    api = await startTestApi({ clock: () => new Date('2025-03-15T12:00:00.000Z') });
  });
  after(() => api?.close());

  const upload = (token: string, text: string, query = '', contentType = 'text/csv') =>
    api.request<ImportReport>('POST', `/api/import/bets${query}`, { token, body: text, headers: { 'Content-Type': contentType } });
  const eventsOf = async (userId: string) =>
    (await api.store.readAll({ after: START, maxCount: 100_000 })).filter(
      (e) => (e.data as { userId?: string }).userId === userId && !e.streamId.startsWith('user-') && !e.streamId.startsWith('email-'),
    );

  it('previews another tracker’s file with ?dryRun=1 and a mapping, writing nothing, then imports it', async () => {
    const me = await api.signUp('previewer');
    const rows = Array.from({ length: 25 }, (_, i) => [
      `3/${(i % 28) + 1}/2025`,
      'NBA',
      `Game ${i}`,
      'Home',
      'ML',
      '2.00',
      '$10.00',
      'Won',
      'DK',
    ]);
    const theirs = csv([['Placed', 'Sport', 'Match', 'Pick', 'Market', 'Price', 'Wager', 'Result', 'Bookie'], ...rows]);
    const mapping = encodeURIComponent(
      JSON.stringify({
        date: 'Placed',
        event: 'Match',
        selection: 'Pick',
        betType: 'Market',
        odds: 'Price',
        stake: 'Wager',
        outcome: 'Result',
        book: 'Bookie',
      }),
    );
    const preview = await upload(me.token, theirs, `?dryRun=1&mapping=${mapping}`);
    expect(preview.status).to.equal(200);
    const body = importPreview.parse(preview.body);
    expect(body).to.deep.include({ dryRun: true, format: 'csv', rowCount: 25, errors: [], warnings: [] });
    expect(body.columns).to.deep.equal([
      { header: 'Placed', field: 'date' },
      { header: 'Sport', field: 'sport' },
      { header: 'Match', field: 'event' },
      { header: 'Pick', field: 'selection' },
      { header: 'Market', field: 'betType' },
      { header: 'Price', field: 'odds' },
      { header: 'Wager', field: 'stake' },
      { header: 'Result', field: 'outcome' },
      { header: 'Bookie', field: 'book' },
    ]);
    expect(body.rows).to.have.length(20);
    expect(body.rows[0]).to.deep.equal({
      row: 2,
      kind: 'bet',
      date: '2025-03-01',
      sport: 'basketball',
      league: null,
      event: 'Game 0: Home',
      betType: 'moneyline',
      book: 'DK',
      odds: '+100',
      stake: 10,
      outcome: 'win',
      profit: 10,
      closingOdds: null,
      tags: [],
      notes: null,
      bonusBet: false,
      legCount: null,
    });
    expect(await eventsOf(me.userId)).to.deep.equal([]);

    // Without the mapping the file reads no event: every row's error is listed, still nothing written.
    const unmapped = importPreview.parse((await upload(me.token, theirs, '?dryRun=1')).body);
    expect(unmapped.rowCount).to.equal(0);
    expect(unmapped.errors).to.have.length(25);
    expect(unmapped.columns.find((c) => c.header === 'Sport')).to.deep.equal({ header: 'Sport', field: 'sport' });
    expect(await eventsOf(me.userId)).to.deep.equal([]);

    expect((await upload(me.token, theirs, `?mapping=${mapping}`)).body).to.deep.include({ imported: 25, errors: [] });
  });

  it('imports every row and answers the report with X-Log-Position', async () => {
    const me = await api.signUp('importer');
    const answer = await upload(me.token, goodFile);
    expect(answer.status).to.equal(200);
    expect(importReport.parse(answer.body)).to.deep.equal({ imported: 3, skipped: 0, amended: 0, errors: [], warnings: [] });
    expect(answer.headers.get('X-Log-Position')).to.match(/^\d+\.\d+$/);
    const events = await eventsOf(me.userId);
    expect(events.filter((e) => e.type === 'BetPlaced')).to.have.length(3);
    expect(events.filter((e) => e.type === 'BetSettled')).to.have.length(2);
    const notes = events.map((e) => (e.data as { notes?: string }).notes).filter(Boolean);
    expect(notes).to.deep.equal(['gut feeling, again']);
  });

  it('imports a file whose header ends in CRLF and whose rows end in LF or CR', async () => {
    const me = await api.signUp('importer');
    const [head, ...rows] = goodFile.split(/\r?\n/).filter((line) => line !== '');
    const answer = await upload(me.token, `${head}\r\n${rows[0]}\n${rows[1]}\r${rows[2]}\n`);
    expect(answer.status, JSON.stringify(answer.body)).to.equal(200);
    expect(importReport.parse(answer.body)).to.deep.include({ imported: 3, errors: [] });
    expect((await eventsOf(me.userId)).filter((e) => e.type === 'BetPlaced')).to.have.length(3);
  });

  it('imports the newer columns: book, league, tags, decimal and closing odds, bonus bet, cash-out', async () => {
    const me = await api.signUp('importer');
    const legs = JSON.stringify([
      { sport: 'football', event: 'A', selection: 'A', odds: '2.10', league: 'NFL', closingOdds: '1.95' },
      { sport: 'football', event: 'B', selection: 'B', odds: '-110' },
    ]);
    const file = csv([
      [
        'date',
        'kind',
        'sport',
        'event',
        'betType',
        'odds',
        'stake',
        'outcome',
        'legs',
        'book',
        'league',
        'tags',
        'closingOdds',
        'bonusBet',
        'cashOutAmount',
      ],
      [
        '2025-03-01',
        'bet',
        'basketball',
        'A @ B',
        'spread',
        '1.91',
        '50',
        'cashout',
        '',
        'DraftKings',
        'NBA',
        'live, model',
        '-120',
        '',
        '$60.00',
      ],
      ['2025-03-02', 'bet', 'hockey', 'C @ D', 'moneyline', '3/2', '10', 'win', '', '', '', '', '', 'yes', ''],
      ['2025-03-03', 'parlay', '', 'Two', '', '', '20', 'void', legs, 'FanDuel', '', 'sgp', '', 'false', ''],
    ]);
    const answer = await upload(me.token, file);
    expect(answer.body).to.deep.equal({ imported: 3, skipped: 0, amended: 0, errors: [], warnings: [] });
    const events = await eventsOf(me.userId);
    const [first, second] = events.filter((e) => e.type === 'BetPlaced').map((e) => e.data);
    expect(first).to.deep.include({
      odds: '1.91',
      book: 'DraftKings',
      league: 'NBA',
      tags: ['live', 'model'],
      closingOdds: '-120',
      bonusBet: false,
    });
    expect(second).to.deep.include({ odds: '3/2', book: null, league: null, tags: [], closingOdds: null, bonusBet: true });
    const parlay = events.find((e) => e.type === 'ParlayCreated')!.data as { book: string; tags: string[]; legs: object[] };
    expect(parlay).to.deep.include({ book: 'FanDuel', tags: ['sgp'], bonusBet: false });
    expect(parlay.legs[0]).to.include({ odds: '2.10', league: 'NFL', closingOdds: '1.95' });
    expect(events.filter((e) => e.type === 'BetSettled' || e.type === 'ParlaySettled').map((e) => e.data)).to.deep.include.members([
      { userId: me.userId, betId: (first as { betId: string }).betId, outcome: 'cashout', cashOutAmount: 60 },
    ]);
    expect(events.find((e) => e.type === 'ParlaySettled')!.data).to.include({ outcome: 'void', cashOutAmount: null });
  });

  it('refuses a file whose cashed-out row has no amount, writing nothing', async () => {
    const me = await api.signUp('importer');
    const file = csv([
      ['date', 'sport', 'event', 'betType', 'odds', 'stake', 'outcome', 'cashOutAmount', 'tags'],
      ['2025-03-01', 'basketball', 'A @ B', 'spread', '-110', '50', 'win', '', ''],
      ['2025-03-01', 'basketball', 'A @ B', 'spread', '-110', '50', 'cashed out', '', ''],
      ['2025-03-01', 'basketball', 'A @ B', 'spread', '-110', '50', 'win', '', Array.from({ length: 11 }, (_, i) => `t${i}`).join(',')],
    ]);
    const answer = await upload(me.token, file);
    expect(answer.status).to.equal(422);
    expect(answer.body.errors).to.deep.equal([
      { row: 3, message: MESSAGES.cashOutRequired },
      { row: 4, message: MESSAGES.tooManyTags },
    ]);
    expect(await eventsOf(me.userId)).to.have.length(0);
  });

  it('imports a sport we do not track as Other, and names the row in the warnings', async () => {
    const me = await api.signUp('importer');
    const file = csv([
      header,
      ['2025-03-01', 'basketball', 'A', 'spread', '-110', '50', 'win', ''],
      ['2025-03-01', 'Cricket', 'B', 'moneyline', '+120', '20', 'loss', ''],
    ]);
    const answer = await upload(me.token, file);
    expect(answer.status).to.equal(200);
    expect(importReport.parse(answer.body)).to.deep.equal({
      imported: 2,
      skipped: 0,
      amended: 0,
      errors: [],
      warnings: [{ row: 3, message: MESSAGES.csvUnknownSport('Cricket') }],
    });
    const placed = (await eventsOf(me.userId)).filter((e) => e.type === 'BetPlaced').map((e) => (e.data as { sport: string }).sport);
    expect(placed).to.deep.equal(['basketball', 'other']);
  });

  it('adds nothing when the same file is imported again', async () => {
    const me = await api.signUp('importer');
    await upload(me.token, goodFile);
    const again = await upload(me.token, goodFile);
    expect(again.body).to.deep.equal({ imported: 0, skipped: 3, amended: 0, errors: [], warnings: [] });
    expect((await eventsOf(me.userId)).filter((e) => e.type === 'BetPlaced')).to.have.length(3);
  });

  it('imports nothing when any row is bad, and names every bad row', async () => {
    const me = await api.signUp('importer');
    const file = csv([
      header,
      ['2025-03-01', 'basketball', 'A', 'spread', '-110', '50', 'win', ''],
      ['2025-03-01', 'basketball', 'B', 'spread', '-110', 'fifty', 'win', ''],
      ['2025-03-01', 'basketball', '', 'spread', '-110', '50', 'win', ''],
    ]);
    const answer = await upload(me.token, file);
    expect(answer).to.deep.include({
      status: 422,
      body: {
        imported: 0,
        skipped: 0,
        amended: 0,
        errors: [
          { row: 3, message: MESSAGES.stakePositive },
          { row: 4, message: MESSAGES.eventRequired },
        ],
        warnings: [],
      },
    });
    expect(await eventsOf(me.userId)).to.have.length(0);
  });

  it("maps another tracker's headers with ?mapping=", async () => {
    const me = await api.signUp('importer');
    const file = csv([
      ['Placed', 'League', 'Match', 'Market', 'Price', 'Wager', 'Result'],
      ['03/05/2025', 'NFL', 'Bills @ Jets', 'Point Spread', '-105', '$1,000', 'Lost'],
    ]);
    const mapping = encodeURIComponent(
      JSON.stringify({
        date: 'Placed',
        sport: 'League',
        event: 'Match',
        betType: 'Market',
        odds: 'Price',
        stake: 'Wager',
        outcome: 'Result',
      }),
    );
    const answer = await upload(me.token, file, `?mapping=${mapping}`);
    expect(answer.body).to.deep.equal({ imported: 1, skipped: 0, amended: 0, errors: [], warnings: [] });
    const [placed] = (await eventsOf(me.userId)).filter((e) => e.type === 'BetPlaced');
    expect(placed.data).to.deep.include({ sport: 'football', betType: 'spread', stake: 1000, date: '2025-03-05' });
  });

  it('answers 400 for a mapping that is not a JSON object of our columns, and 415 for a body that is not text', async () => {
    const me = await api.signUp('importer');
    expect((await upload(me.token, goodFile, '?mapping=nope')).body).to.deep.equal({ message: MESSAGES.csvBadMapping });
    const json = await api.request('POST', '/api/import/bets', { token: me.token, body: { rows: [] } });
    expect(json).to.deep.include({ status: 415, body: { message: MESSAGES.importNotText } });
  });

  it('round-trips an export: bets and parlays come back the same in another account, and are skipped in the same one', async () => {
    const ann = await api.signUp('ann');
    const bob = await api.signUp('bob');
    const legs = [
      { sport: 'football', event: 'Bills @ Jets', selection: 'Bills', odds: '-110', outcome: 'win', date: '2025-03-02' },
      { sport: 'hockey', event: 'Leafs @ Habs', selection: 'Over 5.5', odds: '+120', outcome: 'push', date: '2025-03-03' },
    ];
    const { body: parlay } = await api.request<Parlay>('POST', '/api/parlays', {
      token: ann.token,
      body: { name: 'Weekend', stake: 10, legs, notes: 'two sports', date: '2025-03-02' },
    });
    const { body: single } = await api.request<BetRow>('POST', '/api/bets', {
      token: ann.token,
      body: {
        sport: 'soccer',
        event: 'Arsenal v Spurs',
        betType: 'total',
        odds: '+105',
        stake: 12.5,
        outcome: 'loss',
        notes: 'a "quoted", note',
        date: '2025-03-04',
      },
    });
    const parlayRow: BetRow = {
      ...single,
      kind: 'parlay',
      id: parlay.id,
      sport: 'parlay',
      event: parlay.name,
      betType: 'parlay',
      odds: parlay.totalOdds,
      stake: parlay.stake,
      profit: parlay.profit,
      outcome: parlay.outcome,
      notes: parlay.notes,
      date: parlay.date,
      legCount: 2,
    };
    // The legs as stored (the export's legs column), without the answer's decimal prices.
    const storedLegs = (parlay.legs as Record<string, unknown>[]).map(({ decimalOdds, ...leg }) => (void decimalOdds, leg));
    const exported = stringify([
      CSV_COLUMNS as unknown as string[],
      ...[betRowToCsv(single), betRowToCsv(parlayRow, storedLegs as never)].map((r) => CSV_COLUMNS.map((c) => r[c])),
    ]);

    expect((await upload(ann.token, exported)).body).to.deep.equal({ imported: 0, skipped: 2, amended: 0, errors: [], warnings: [] });
    expect((await upload(bob.token, exported)).body).to.deep.equal({ imported: 2, skipped: 0, amended: 0, errors: [], warnings: [] });
    expect((await upload(bob.token, exported)).body).to.deep.equal({ imported: 0, skipped: 2, amended: 0, errors: [], warnings: [] });

    const events = await eventsOf(bob.userId);
    const created = events.find((e) => e.type === 'ParlayCreated')!;
    expect(created.data).to.deep.include({ name: 'Weekend', stake: 10, notes: 'two sports', date: '2025-03-02' });
    expect(created.data).to.have.deep.property('legs', storedLegs);
    expect(events.find((e) => e.type === 'ParlaySettled')!.data).to.include({ outcome: 'win' });
    const placed = events.find((e) => e.type === 'BetPlaced')!;
    expect(placed.data).to.deep.include({
      sport: 'soccer',
      event: 'Arsenal v Spurs',
      betType: 'total',
      odds: '+105',
      stake: 12.5,
      notes: 'a "quoted", note',
      date: '2025-03-04',
    });
    expect(placed.streamId).to.not.equal(streams.bet(single.id));
  });

  it('takes files over 1 MB, and answers 413 over 10 MB', async () => {
    const me = await api.signUp('importer');
    const notes = 'n'.repeat(4_900);
    const rows = Array.from({ length: 230 }, (_, i) => ['2025-03-01', 'soccer', `Match ${i}`, 'total', '+100', '5', 'pending', notes]);
    const big = csv([header, ...rows]);
    expect(big.length).to.be.greaterThan(1_100_000);
    expect((await upload(me.token, big)).body).to.deep.equal({ imported: 230, skipped: 0, amended: 0, errors: [], warnings: [] });
    const huge = await upload(me.token, 'x'.repeat(10_500_000));
    expect(huge).to.deep.include({ status: 413, body: { message: MESSAGES.bodyTooLarge } });
  });

  it('answers 401 without a token', async () => {
    expect((await api.request('POST', '/api/import/bets', { body: goodFile, headers: { 'Content-Type': 'text/csv' } })).status).to.equal(
      401,
    );
  });

  it('refuses a file with a NUL in a cell, naming the row, and imports none of its rows', async () => {
    const me = await api.signUp('importer');
    const file = csv([
      header,
      ['2025-03-01', 'basketball', 'A', 'spread', '-110', '50', 'win', ''],
      ['2025-03-01', 'basketball', 'B', 'spread', '-110', '50', 'win', ''],
      ['2025-03-01', 'basketball', 'C', 'spread', '-110', '50', 'win', ''],
      ['2025-03-01', 'basketball', 'D', 'spread', '-110', '50', 'win', 'bad \u0000 note'],
    ]);
    const answer = await upload(me.token, file);
    expect(answer).to.deep.include({
      status: 422,
      body: { imported: 0, skipped: 0, amended: 0, errors: [{ row: 5, message: MESSAGES.unstorableText }], warnings: [] },
    });
    expect(await eventsOf(me.userId)).to.have.length(0);
  });

  it('lets one of two simultaneous imports of the same file add its rows, and the other skip them', async () => {
    const me = await api.signUp('importer');
    const answers = await Promise.all([upload(me.token, goodFile), upload(me.token, goodFile)]);
    const bodies = answers.filter((a) => a.status === 200).map((a) => a.body);
    for (const a of answers.filter((x) => x.status !== 200)) expect(a.status).to.equal(409);
    expect(bodies.reduce((sum, b) => sum + b.imported, 0)).to.equal(3);
    expect((await eventsOf(me.userId)).filter((e) => e.type === 'BetPlaced')).to.have.length(3);
  });

  it('imports a formula-looking text from our own export as the original text', async () => {
    const me = await api.signUp('importer');
    const exported = stringify([
      CSV_COLUMNS as unknown as string[],
      CSV_COLUMNS.map(
        (c) =>
          betRowToCsv({
            id: '',
            userId: me.userId,
            kind: 'bet',
            sport: 'soccer',
            event: '=HYPERLINK("http://x")',
            betType: 'total',
            odds: '-110',
            stake: 55,
            profit: -55,
            outcome: 'loss',
            notes: "=cmd|' /C calc'!A0",
            date: '2025-03-01',
            createdAt: '',
            updatedAt: '',
            parlayId: null,
            isPartOfParlay: false,
            legCount: null,
            version: 0,
            league: null,
            closingOdds: null,
            book: '@home',
            tags: ['-fade'],
            decimalOdds: 1.9091,
            clv: null,
            bonusBet: false,
            cashOutAmount: null,
            unitSize: null,
            units: null,
            profitUnits: null,
          })[c],
      ),
    ]);
    expect(exported).to.include(`'=HYPERLINK`);
    expect((await upload(me.token, exported)).body).to.deep.equal({ imported: 1, skipped: 0, amended: 0, errors: [], warnings: [] });
    const [placed] = (await eventsOf(me.userId)).filter((e) => e.type === 'BetPlaced');
    expect(placed.data).to.deep.include({
      event: '=HYPERLINK("http://x")',
      notes: "=cmd|' /C calc'!A0",
      odds: '-110',
      stake: 55,
      book: '@home',
    });
    expect((placed.data as { tags: string[] }).tags).to.deep.equal(['-fade']);
  });

  describe('when the store fails half-way through the rows', () => {
    let failing: TestApi;
    let mode: 'ok' | 'refuse-third' | 'refuse-1100th' | 'in-turn-fail-third' = 'ok';
    let pulled = 0; // streams pulled by appendEach since the mode was set, over all its calls
    before(async () => {
      failing = await startTestApi({
        clock: () => new Date('2025-03-15T12:00:00.000Z'),
        wrapStore: (store) => ({
          ...store,
          appendEach: (appends, options) => {
            if (mode === 'refuse-third') {
              // The third row's write is one Postgres refuses, after two were written in the transaction.
              return store.appendEach(
                (async function* () {
                  let i = 0;
                  for await (const a of appends)
                    yield i++ === 2 ? { ...a, events: a.events.map((e) => ({ ...e, data: { bad: '\u0000' } })) } : a;
                })(),
                options,
              );
            }
            if (mode === 'refuse-1100th') {
              // Postgres refuses the 1,100th row's write: the import has committed a few hundred rows at a time before it.
              return store.appendEach(
                (async function* () {
                  for await (const a of appends)
                    yield ++pulled === 1100 ? { ...a, events: a.events.map((e) => ({ ...e, data: { bad: '\u0000' } })) } : a;
                })(),
                options,
              );
            }
            if (mode === 'in-turn-fail-third') {
              // A store without multi-stream transactions (EventStoreDB) that fails on the third stream.
              let n = 0;
              return appendEachInTurn((streamId, events, expected) => {
                if (++n === 3) return Promise.reject(new Error('connection lost'));
                return store.append(streamId, events, expected);
              }, appends);
            }
            return store.appendEach(appends, options);
          },
        }),
      });
    });
    after(() => failing?.close());

    const four = csv([
      header,
      ['2025-03-01', 'basketball', 'A', 'spread', '-110', '50', 'win', ''],
      ['2025-03-01', 'basketball', 'B', 'spread', '-110', '50', '', ''],
      ['2025-03-01', 'basketball', 'C', 'spread', '-110', '50', 'loss', ''],
      ['2025-03-01', 'basketball', 'D', 'spread', '-110', '50', 'push', ''],
    ]);
    const send = (token: string) =>
      failing.request('POST', '/api/import/bets', { token, body: four, headers: { 'Content-Type': 'text/csv' } });
    const ofUser = async (userId: string) =>
      (await failing.store.readAll({ after: START, maxCount: 100_000 })).filter(
        (e) => (e.data as { userId?: string }).userId === userId && (e.streamId.startsWith('bet-') || e.streamId.startsWith('parlay-')),
      );

    it('stores none of the rows on Postgres (one transaction), and the retry imports them all', async () => {
      const me = await failing.signUp('importer');
      mode = 'refuse-third';
      try {
        expect((await send(me.token)).status).to.equal(500);
      } finally {
        mode = 'ok';
      }
      expect(await ofUser(me.userId)).to.deep.equal([]);
      expect((await send(me.token)).body).to.deep.equal({ imported: 4, skipped: 0, amended: 0, errors: [], warnings: [] });
    });

    /** The user's imports as their `imports-` stream has them: [type, importId] in order. */
    const importsOf = async (userId: string) =>
      (await failing.store.readStream(streams.imports(userId))).map((e) => [e.type, (e.data as { importId: string }).importId]);

    it('abandons the import when a later chunk fails on Postgres: the rows it had committed never count, and the retry imports every row afresh', async () => {
      const me = await failing.signUp('importer');
      const rows = Array.from({ length: 1200 }, (_, i) => [
        '2025-03-01',
        'basketball',
        `Game ${i}`,
        'spread',
        '-110',
        '50',
        i % 2 ? 'win' : '',
        '',
      ]);
      const file = csv([header, ...rows]);
      const upload = () =>
        failing.request('POST', '/api/import/bets', { token: me.token, body: file, headers: { 'Content-Type': 'text/csv' } });
      mode = 'refuse-1100th';
      pulled = 0;
      try {
        expect((await upload()).status).to.equal(500);
      } finally {
        mode = 'ok';
      }
      const [[started, importId], [ended, endedId]] = await importsOf(me.userId);
      expect([started, ended, endedId]).to.deep.equal(['ImportStarted', 'ImportAbandoned', importId]);
      const written = await ofUser(me.userId);
      // What was committed before the failure (whole chunks of the rows): the abandoned import's, nothing appended after.
      expect(new Set(written.map((e) => e.streamId)).size).to.be.within(500, 1099);
      expect(written.every((e) => e.metadata[IMPORT_METADATA_KEY] === importId)).to.equal(true);

      expect((await upload()).body).to.deep.equal({ imported: 1200, skipped: 0, amended: 0, errors: [], warnings: [] });
      const [, , [, retried], [committed, committedId]] = await importsOf(me.userId);
      expect([committed, committedId]).to.deep.equal(['ImportCommitted', retried]);
      const placed = (await ofUser(me.userId)).filter((e) => e.type === 'BetPlaced' && e.metadata[IMPORT_METADATA_KEY] === retried);
      expect(placed).to.have.length(1200);
      const abandonedStreams = new Set(written.map((e) => e.streamId));
      expect(placed.some((e) => abandonedStreams.has(e.streamId))).to.equal(false);
    });

    it('abandons what it had appended on a store without transactions, and the retry imports every row afresh', async () => {
      const me = await failing.signUp('importer');
      mode = 'in-turn-fail-third';
      try {
        expect((await send(me.token)).status).to.equal(500);
      } finally {
        mode = 'ok';
      }
      const written = await ofUser(me.userId);
      expect(new Set(written.map((e) => e.streamId)).size).to.equal(2);
      const [[, abandoned], [ended]] = await importsOf(me.userId);
      expect(ended).to.equal('ImportAbandoned');
      expect(written.every((e) => e.metadata[IMPORT_METADATA_KEY] === abandoned)).to.equal(true);

      expect((await send(me.token)).body).to.deep.equal({ imported: 4, skipped: 0, amended: 0, errors: [], warnings: [] });
      expect((await send(me.token)).body).to.deep.equal({ imported: 0, skipped: 4, amended: 0, errors: [], warnings: [] });
      const committed = (await importsOf(me.userId)).filter(([type]) => type === 'ImportCommitted').map(([, id]) => id);
      const live = (await ofUser(me.userId)).filter(
        (e) => e.type === 'BetPlaced' && committed.includes(e.metadata[IMPORT_METADATA_KEY] as string),
      );
      expect(live.map((e) => (e.data as { event: string }).event).sort()).to.deep.equal(['A', 'B', 'C', 'D']);
    });
  });

  describe('while imports run', () => {
    let gated: TestApi;
    let open: () => void = () => undefined;
    let gate = Promise.resolve();
    before(async () => {
      gated = await startTestApi({
        clock: () => new Date('2025-03-15T12:00:00.000Z'),
        // Each chunk of rows waits for the gate: the import runs until the test opens it.
        wrapStore: (store) => ({ ...store, appendEach: async (appends, options) => (await gate, store.appendEach(appends, options)) }),
      });
    });
    after(() => gated?.close());
    const importAs = (token: string, key: string) =>
      gated.request('POST', '/api/import/bets', { token, body: goodFile, headers: { 'Content-Type': 'text/csv', 'Idempotency-Key': key } });

    it('takes one import at a time per user (409) and two in all (429), each opened and closed by its events on the user’s imports stream', async () => {
      const [ann, bob, cat] = await Promise.all(['ann', 'bob', 'cat'].map((name) => gated.signUp(name)));
      gate = new Promise((resolve) => (open = resolve));
      const first = importAs(ann.token, 'ann-1');
      const second = importAs(bob.token, 'bob-1');
      // Both hold their slots once their ImportStarted is in.
      for (let i = 0; i < 200; i++) {
        const started = await Promise.all([ann, bob].map((u) => gated.store.readStream(streams.imports(u.userId))));
        if (started.every((events) => events.length === 1)) break;
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      const again = await importAs(ann.token, 'ann-2');
      expect(again.status).to.equal(409);
      expect(again.body).to.deep.equal({ message: MESSAGES.importRunning });
      const third = await importAs(cat.token, 'cat-1');
      expect(third.status).to.equal(429);
      expect(third.body).to.deep.equal({ message: MESSAGES.importsBusy });
      open();
      expect((await first).body).to.deep.include({ imported: 3, skipped: 0 });
      expect((await second).status).to.equal(200);
      expect((await importAs(cat.token, 'cat-2')).status).to.equal(200);
      const [[started, committed]] = await Promise.all([gated.store.readStream(streams.imports(ann.userId))]);
      expect([started.type, committed.type]).to.deep.equal(['ImportStarted', 'ImportCommitted']);
      expect(started.data).to.deep.include({ userId: ann.userId, key: 'ann-1', rows: 3 });
      expect(committed.data).to.deep.include({ imported: 3, amended: 0, skipped: 0 });
    });
  });
});
