import { expect } from 'chai';
import { importReport, MESSAGES, type ImportReport } from '@bt/contracts';
import { START } from '@bt/event-store';
import { startTestApi, type TestApi } from '../testing/http';
import { csv, goodFile, header } from '../testing/import-files';

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
});
