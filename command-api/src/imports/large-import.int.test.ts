import { expect } from 'chai';
import { CSV_MAX_ROWS, MESSAGES } from '@bt/contracts';
import { START } from '@bt/event-store';
import { startTestApi, type TestApi } from '../testing/http';

/** Our CSV of `rows` singles, padded by their notes to about `bytes` (a 10 MB history). */
const largeFile = (rows: number, bytes: number) => {
  const header = 'date,sport,event,betType,odds,stake,outcome,notes';
  const line = (i: number) =>
    `2024-${String((i % 12) + 1).padStart(2, '0')}-${String((i % 28) + 1).padStart(2, '0')},basketball,Game ${i},spread,-110,${10 + (i % 90)},${['win', 'loss', 'pending'][i % 3]},`;
  const pad = Math.max(0, Math.floor((bytes - header.length) / rows) - line(rows).length - 3);
  const notes = `"${'late line move, sized down; '.repeat(Math.ceil(pad / 28)).slice(0, pad)}"`;
  return `${header}\n${Array.from({ length: rows }, (_, i) => `${line(i)}${notes}`).join('\n')}\n`;
};

describe('a 10 MB import of 50,000 rows in one request', function () {
  this.timeout(20 * 60_000); // a busy machine: minutes, not an assertion
  let api: TestApi;
  before(async () => {
    api = await startTestApi({ clock: () => new Date('2025-03-15T12:00:00.000Z') });
  });
  after(() => api?.close());

  const upload = (token: string, text: string) =>
    api.request('POST', '/api/import/bets', { token, body: text, headers: { 'Content-Type': 'text/csv' } });
  /** The user's events by type, counted over the whole log. */
  const countsOf = async (userId: string) => {
    const counts = new Map<string, number>();
    const streams = new Set<string>();
    for await (const page of api.store.readAllPages(START)) {
      for (const e of page) {
        if ((e.data as { userId?: string }).userId !== userId || !e.streamId.startsWith('bet-')) continue;
        counts.set(e.type, (counts.get(e.type) ?? 0) + 1);
        streams.add(e.streamId);
      }
    }
    return { streams: streams.size, ...Object.fromEntries(counts) };
  };

  const file = largeFile(CSV_MAX_ROWS, 10 * 2 ** 20 - 50_000);

  it('imports every row, then skips every row of the same file', async () => {
    expect(Buffer.byteLength(file)).to.be.within(9.5 * 2 ** 20, 10 * 2 ** 20);
    const me = await api.signUp('archivist');
    const answer = await upload(me.token, file);
    expect(answer.status).to.equal(200);
    expect(answer.body).to.deep.equal({ imported: CSV_MAX_ROWS, skipped: 0, amended: 0, errors: [], warnings: [] });
    const settled = Math.floor((CSV_MAX_ROWS * 2) / 3) + (CSV_MAX_ROWS % 3 === 2 ? 1 : 0); // win and loss rows
    expect(await countsOf(me.userId)).to.deep.equal({ streams: CSV_MAX_ROWS, BetPlaced: CSV_MAX_ROWS, BetSettled: settled });

    expect((await upload(me.token, file)).body).to.deep.equal({ imported: 0, skipped: CSV_MAX_ROWS, amended: 0, errors: [], warnings: [] });
    expect((await countsOf(me.userId)).streams).to.equal(CSV_MAX_ROWS);
  });

  it('imports nothing when the last of the 50,000 rows is bad, and says which', async () => {
    const me = await api.signUp('careless');
    const lines = file.trimEnd().split('\n');
    lines[lines.length - 1] = lines[lines.length - 1].replace(',-110,', ',-50,');
    const answer = await upload(me.token, lines.join('\n'));
    expect(answer.status).to.equal(422);
    expect(answer.body).to.deep.equal({
      imported: 0,
      skipped: 0,
      amended: 0,
      errors: [{ row: CSV_MAX_ROWS + 1, message: MESSAGES.americanOddsRange }],
      warnings: [],
    });
    expect(await countsOf(me.userId)).to.deep.equal({ streams: 0 });
  });
});
