import { stringify } from 'csv-stringify/sync';
import { expect } from 'chai';
import { betRowToCsv, CSV_COLUMNS, importPreview, streams, type BetRow, type ImportReport, type Parlay } from '@bt/contracts';
import { START } from '@bt/event-store';
import { startTestApi, type TestApi } from '../testing/http';
import { csv } from '../testing/import-files';

describe('CSV import over HTTP: columns, previews and round trips', () => {
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
    expect(body).to.deep.include({
      dryRun: true,
      format: 'csv',
      rowCount: 25,
      newRows: 25,
      alreadyImported: 0,
      toUpdate: 0,
      errors: [],
      warnings: [],
    });
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

    // Without the mapping our guess reads these names the same way; still nothing written.
    const unmapped = importPreview.parse((await upload(me.token, theirs, '?dryRun=1')).body);
    expect(unmapped).to.deep.include({ rowCount: 25, newRows: 25, alreadyImported: 0, errors: [], remembered: false });
    expect(unmapped.columns).to.deep.equal(body.columns);
    expect(await eventsOf(me.userId)).to.deep.equal([]);

    expect((await upload(me.token, theirs, `?mapping=${mapping}`)).body).to.deep.include({ imported: 25, errors: [] });
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
            startsAt: null,
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
});
