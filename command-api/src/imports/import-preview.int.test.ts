import { expect } from 'chai';
import {
  headerSetKey,
  importPreview,
  importReport,
  mappingOfColumns,
  MESSAGES,
  streams,
  type CsvMapping,
  type ImportPreview,
  type ImportReport,
} from '@bt/contracts';
import { START } from '@bt/event-store';
import { startTestApi, type TestApi } from '../testing/http';
import { csv, goodFile, header } from '../testing/import-files';

/** Another tracker's names: all guessed but Category, which the bettor maps to the bet type. */
const THEIR_HEADER = ['When', 'Game', 'Category', 'Price', 'Risked', 'Book', 'Result'];
const theirRows = [
  ['3/1/2025', 'Lakers @ Celtics', 'spread', '-110', '$20.00', 'DK', 'Won'],
  ['3/2/2025 7:30 PM', 'Leafs @ Habs', 'total', '+120', '$10.00', 'FanDuel', 'Lost'],
  ['3/3/2025', 'Bills @ Jets', 'moneyline', '2.50', '$5.00', '', ''],
];

describe('CSV import over HTTP: the preview counts what the import would do, and any header row can be mapped', () => {
  let api: TestApi;
  before(async () => {
    api = await startTestApi({ clock: () => new Date('2025-03-15T12:00:00.000Z') });
  });
  after(() => api?.close());

  const upload = (token: string, text: string, query = '') =>
    api.request<ImportReport | ImportPreview>('POST', `/api/import/bets${query}`, {
      token,
      body: text,
      headers: { 'Content-Type': 'text/csv' },
    });
  const preview = async (token: string, text: string, mapping?: CsvMapping) => {
    const answer = await upload(token, text, `?dryRun=1${mapping ? `&mapping=${encodeURIComponent(JSON.stringify(mapping))}` : ''}`);
    expect(answer.status, JSON.stringify(answer.body)).to.equal(200);
    return importPreview.parse(answer.body);
  };
  const importFile = async (token: string, text: string, mapping?: CsvMapping) => {
    const answer = await upload(token, text, mapping ? `?mapping=${encodeURIComponent(JSON.stringify(mapping))}` : '');
    expect(answer.status, JSON.stringify(answer.body)).to.equal(200);
    return importReport.parse(answer.body);
  };
  const eventCount = async () => (await api.store.readAll({ after: START, maxCount: 100_000 })).length;

  it('counts the rows imported before, writing nothing, as the import then skips them', async () => {
    const me = await api.signUp('counter');
    expect(await preview(me.token, goodFile)).to.deep.include({ rowCount: 3, newRows: 3, alreadyImported: 0, toUpdate: 0 });
    await importFile(me.token, goodFile);

    const before = await eventCount();
    expect(await preview(me.token, goodFile)).to.deep.include({ rowCount: 3, newRows: 0, alreadyImported: 3, toUpdate: 0, errors: [] });
    // Two rows as before, a third alike (a bet of its own), and one never seen.
    const more = csv([
      header,
      ['2025-03-01', 'basketball', 'Lakers @ Celtics', 'spread', '-110', '50', 'win', ''],
      ['2025-03-01', 'basketball', 'Lakers @ Celtics', 'spread', '-110', '50', 'win', ''],
      ['2025-03-01', 'basketball', 'Lakers @ Celtics', 'spread', '-110', '50', 'win', ''],
      ['2025-03-05', 'soccer', 'Arsenal v Spurs', 'moneyline', '+200', '10', '', ''],
    ]);
    expect(await preview(me.token, more)).to.deep.include({ rowCount: 4, newRows: 2, alreadyImported: 2 });
    expect(await eventCount(), 'a preview writes nothing').to.equal(before);
    expect(await importFile(me.token, more)).to.deep.include({ imported: 2, skipped: 2 });
  });

  it('counts the rows of a file with bad rows too (the button waits for the fix, the counts do not)', async () => {
    const me = await api.signUp('counter');
    const bad = csv([
      header,
      ['2025-03-01', 'basketball', 'A', 'spread', '-110', '0', 'win', ''],
      ['2025-03-01', 'hockey', 'B', 'moneyline', '+130', '20', '', ''],
    ]);
    expect(await preview(me.token, bad)).to.deep.include({
      rowCount: 1,
      newRows: 1,
      alreadyImported: 0,
      errors: [{ row: 2, message: MESSAGES.stakePositive }],
    });
  });

  it('offers every column of an unknown header with our guesses, imports it mapped, and remembers the mapping for those headers', async () => {
    const me = await api.signUp('mapper');
    const theirs = csv([THEIR_HEADER, ...theirRows]);
    const guessed = await preview(me.token, theirs);
    expect(guessed.columns).to.deep.equal([
      { header: 'When', field: 'date' },
      { header: 'Game', field: 'event' },
      { header: 'Category', field: null },
      { header: 'Price', field: 'odds' },
      { header: 'Risked', field: 'stake' },
      { header: 'Book', field: 'book' },
      { header: 'Result', field: 'outcome' },
    ]);
    // No sport or bet type column: Other, and the type from the event (moneyline here).
    expect(guessed).to.deep.include({ remembered: false, rowCount: 3, newRows: 3, errors: [] });
    expect(guessed.rows.map((r) => [r.date, r.sport, r.betType, r.odds, r.stake, r.outcome, r.book])).to.deep.equal([
      ['2025-03-01', 'other', 'moneyline', '-110', 20, 'win', 'DK'],
      ['2025-03-02', 'other', 'moneyline', '+120', 10, 'loss', 'FanDuel'],
      ['2025-03-03', 'other', 'moneyline', '+150', 5, 'pending', null],
    ]);

    // The bettor maps Category to the bet type: the web sends every column as the table shows it.
    const mapping = mappingOfColumns(guessed.columns.map((c) => (c.header === 'Category' ? { ...c, field: 'betType' } : c)));
    const mapped = await preview(me.token, theirs, mapping);
    expect(mapped.rows.map((r) => r.betType)).to.deep.equal(['spread', 'total', 'moneyline']);
    expect(await importFile(me.token, theirs, mapping)).to.deep.include({ imported: 3, skipped: 0 });
    const saved = (await api.store.readStream(streams.imports(me.userId))).filter((e) => e.type === 'ImportMappingSaved');
    expect(saved.map((e) => e.data)).to.deep.equal([
      {
        userId: me.userId,
        headers: headerSetKey(THEIR_HEADER),
        mapping: { date: 'When', event: 'Game', betType: 'Category', odds: 'Price', stake: 'Risked', book: 'Book', outcome: 'Result' },
      },
    ]);

    // The same file again: nothing new. A second file with these headers (in another order) is read as mapped.
    expect(await preview(me.token, theirs)).to.deep.include({ remembered: true, rowCount: 3, newRows: 0, alreadyImported: 3 });
    const reordered = [THEIR_HEADER[2], ...THEIR_HEADER.filter((h) => h !== 'Category')];
    const second = await preview(me.token, csv([reordered, ['prop', '3/4/2025', 'Mahomes 300+ yards', '+105', '$8.00', 'DK', '']]));
    expect(second).to.deep.include({ remembered: true, newRows: 1, errors: [] });
    expect(second.columns[0]).to.deep.equal({ header: 'Category', field: 'betType' });
    expect(second.rows[0]).to.include({ betType: 'prop', event: 'Mahomes 300+ yards' });
    // Importing it as remembered remembers nothing more; another user's files are read by our guess.
    await importFile(me.token, csv([reordered, ['prop', '3/4/2025', 'Mahomes 300+ yards', '+105', '$8.00', 'DK', '']]), mapping);
    const after = (await api.store.readStream(streams.imports(me.userId))).filter((e) => e.type === 'ImportMappingSaved');
    expect(after).to.have.length(1);
    const other = await api.signUp('other');
    expect((await preview(other.token, theirs)).columns[2]).to.deep.equal({ header: 'Category', field: null });
  });

  it('offers the columns of a header it reads nothing from, and asks only a file without a header row for one', async () => {
    const me = await api.signUp('headers');
    const unknown = await preview(me.token, 'Alpha,Beta\nLakers,-110\n');
    expect(unknown.columns).to.deep.equal([
      { header: 'Alpha', field: null },
      { header: 'Beta', field: null },
    ]);
    expect(unknown.errors).to.deep.equal([{ row: 1, message: MESSAGES.csvNothingRead }]);
    const noHeader = await preview(me.token, '3/1/2025,Lakers @ Celtics,-110,20\n');
    expect(noHeader).to.deep.include({ columns: [], rowCount: 0, newRows: 0, errors: [{ row: 1, message: MESSAGES.csvNoHeader }] });
    const refused = await upload(me.token, '3/1/2025,Lakers @ Celtics,-110,20\n');
    expect(refused.status).to.equal(422);
    expect(refused.body).to.deep.include({ imported: 0, errors: [{ row: 1, message: MESSAGES.csvNoHeader }] });
    expect((await upload(me.token, 'Alpha,Beta\nLakers,-110\n')).status).to.equal(422);
    const empty = await preview(me.token, '');
    expect(empty.errors).to.deep.equal([{ row: 1, message: MESSAGES.csvEmpty }]);
  });

  it('imports a file whose header Postgres could not store, mapped, without remembering it (never a 500)', async () => {
    const me = await api.signUp('nul');
    const odd = 'Ga\u0000me';
    const text = csv([
      [odd, 'Price', 'Risked'],
      ['A @ B', '-110', '20'],
    ]);
    const mapping = mappingOfColumns([
      { header: odd, field: 'event' },
      { header: 'Price', field: 'odds' },
      { header: 'Risked', field: 'stake' },
    ]);
    expect(await importFile(me.token, text, mapping)).to.deep.include({ imported: 1 });
    const saved = (await api.store.readStream(streams.imports(me.userId))).filter((e) => e.type === 'ImportMappingSaved');
    expect(saved).to.deep.equal([]);
  });
});
