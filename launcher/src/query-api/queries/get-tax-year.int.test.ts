import { expect } from 'chai';
import { parse as parseCsv } from 'csv-parse/sync';
import { MESSAGES, TAX_DIARY_COLUMNS, taxDiary, taxYear, type TaxDiary, type TaxYear } from '@bt/contracts';
import { EventLog } from '@bt/read-models/testing';
import { startHarness, type Harness } from '../../testing/query-harness';

/*
 * Reports › Tax year over HTTP, on a hand-worked history (each row placed at the instant shown,
 * priced by contracts; winnings / loss as the year counts them). Today is 2026-11-27.
 *
 *   wager  book        date        what                                stake   outcome          winnings  loss
 *   W1     DraftKings  2026-01-10  +150 win                            20.00   win              30.00
 *   W2     DraftKings  2026-03-01  -110 loss (placed dated 2025-12-20, 55.57   loss                       55.57
 *                                  then moved into 2026)
 *   W3     DraftKings  2026-03-15  +120 cashed out for 12.45           30.00   cashout                    17.55
 *   P1     DraftKings  2026-04-01  parlay +100/+100 (4.0), legs won    10.00   win              30.00
 *   W4     FanDuel     2026-05-01  +100 push                           40.00   push
 *   W5     FanDuel     2026-05-02  -110 void                           50.00   void
 *   W6     FanDuel     2026-06-01  -200 cashed out for 60              40.00   cashout          20.00
 *   W7     FanDuel     2026-07-04  bonus bet +300, lost                25.00   loss                        0.00
 *   W8     FanDuel     2026-07-05  bonus bet +250, won                 10.00   win              25.00
 *   P2     (no book)   2026-09-01  parlay, a leg lost                  15.00   loss                       15.00
 *   W9     (no book)   2026-12-31  pending                            100.00   pending          (left out, counted)
 *   -      DraftKings  2026-08-08  a bet removed: not counted
 *   -      FanDuel     2027-01-01  next year's win: not counted in 2026
 *   W10    DraftKings  2025-12-31  loss                               500.00   loss                      500.00
 *   W11    FanDuel     2025-06-01  +100 win                            40.00   win              40.00
 *
 * 2026 (90% rule): DraftKings 4 wagers, 60.00 won, 73.12 lost, net -13.12; FanDuel 5, 45.00, 0.00,
 * +45.00; no book 1, 0.00, 15.00, -15.00. Year: 10 wagers, 105.00 won, 88.12 lost, net +16.88;
 * deductible: 90% of 88.12 = 79.308, rounded down to 79.30 (under the 105.00 won). 1 pending.
 * 2025 (100% rule): 40.00 won, 500.00 lost: deductible 40.00, capped by the winnings.
 */
const TODAY = new Date('2026-11-27T12:00:00Z');

describe('GET /api/reports/tax', () => {
  let h: Harness;
  let ann: EventLog;
  let bob: EventLog;
  let position: string;
  let w2: string;
  const get = async (query: string, user = ann): Promise<TaxYear> =>
    taxYear.parse(await h.json(`/api/reports/tax${query}`, user.userId, position));
  const diary = async (query: string): Promise<TaxDiary> =>
    taxDiary.parse(await h.json(`/api/reports/tax/diary${query}`, ann.userId, position));

  before(async () => {
    h = await startHarness({ clock: () => TODAY });
    ann = new EventLog().at('2025-06-01T18:00:00.000Z').register();
    ann.placeBet({ odds: '+100', stake: 40, book: 'FanDuel', date: '2025-06-01' }, 'win');
    ann.at('2026-01-10T20:15:00.000Z').placeBet({ odds: '+150', stake: 20, book: 'DraftKings', date: '2026-01-10' }, 'win');
    ann.at('2025-12-20T17:00:00.000Z');
    w2 = ann.placeBet({ odds: '-110', stake: 55.57, book: 'DraftKings', date: '2025-12-20', event: 'Knicks vs Heat' });
    ann.placeBet({ odds: '-110', stake: 500, book: 'DraftKings', date: '2025-12-31' }, 'loss');
    ann.at('2026-03-02T09:00:00.000Z').amendBet(w2, { date: '2026-03-01' });
    ann.settleBet(w2, 'loss');
    ann.at('2026-03-15T21:00:00.000Z').placeBet({ odds: '+120', stake: 30, book: 'DraftKings', date: '2026-03-15' }, 'cashout', 12.45);
    ann.at('2026-04-01T12:00:00.000Z').createParlay(
      [
        { odds: '+100', outcome: 'win', date: '2026-04-01' },
        { odds: '+100', outcome: 'win', date: '2026-04-01' },
      ],
      { name: 'April double', stake: 10, book: 'DraftKings', date: '2026-04-01' },
    );
    ann.at('2026-05-01T12:00:00.000Z').placeBet({ odds: '+100', stake: 40, book: 'FanDuel', date: '2026-05-01' }, 'push');
    ann.placeBet({ odds: '-110', stake: 50, book: 'FanDuel', date: '2026-05-02' }, 'void');
    ann.placeBet({ odds: '-200', stake: 40, book: 'FanDuel', date: '2026-06-01' }, 'cashout', 60);
    ann.placeBet({ odds: '+300', stake: 25, book: 'FanDuel', date: '2026-07-04', bonusBet: true }, 'loss');
    ann.placeBet({ odds: '+250', stake: 10, book: 'FanDuel', date: '2026-07-05', bonusBet: true }, 'win');
    ann.removeBet(ann.placeBet({ odds: '+100', stake: 70, book: 'DraftKings', date: '2026-08-08' }, 'loss'));
    ann.createParlay(
      [
        { odds: '+100', outcome: 'loss', date: '2026-09-01' },
        { odds: '+100', outcome: 'win', date: '2026-09-01' },
      ],
      { name: 'September double', stake: 15, date: '2026-09-01' },
    );
    ann.placeBet({ odds: '+100', stake: 100, date: '2026-12-31', event: '=SUM(A1)' });
    ann.placeBet({ odds: '+100', stake: 80, book: 'FanDuel', date: '2027-01-01' }, 'win');
    // Another bettor's 2026, never in Ann's answers.
    bob = new EventLog().register();
    bob.placeBet({ stake: 999, book: 'DraftKings', date: '2026-02-02' }, 'loss');
    position = await h.record([...ann.events, ...bob.events]);
  });
  after(() => h?.close());

  it('works out the hand-worked 2026 per book and in total, under the 90% rule', async () => {
    const year = await get('?year=2026');
    expect(year.year).to.equal(2026);
    expect(year.rule).to.deep.include({ id: 'irc165d-90', lossPercent: 90 });
    expect(year.books).to.deep.equal([
      { book: 'DraftKings', wagers: 4, winnings: 60, losses: 73.12, net: -13.12 },
      { book: 'FanDuel', wagers: 5, winnings: 45, losses: 0, net: 45 },
      { book: null, wagers: 1, winnings: 0, losses: 15, net: -15 },
    ]);
    expect(year.totals).to.deep.equal({ wagers: 10, winnings: 105, losses: 88.12, net: 16.88, deductibleLosses: 79.3 });
    expect(year.pending).to.equal(1);
  });

  it('answers 2025 under the 100% rule, its deduction capped by its winnings', async () => {
    const year = await get('?year=2025');
    expect(year.rule).to.deep.include({ id: 'irc165d-100', lossPercent: 100 });
    expect(year.books.map((b) => b.book)).to.deep.equal(['DraftKings', 'FanDuel']);
    expect(year.totals).to.deep.equal({ wagers: 2, winnings: 40, losses: 500, net: -460, deductibleLosses: 40 });
  });

  it('defaults to the current year, and answers a year without wagers with zeros', async () => {
    expect((await get('')).year).to.equal(2026);
    expect(await get('?year=1999')).to.deep.include({
      year: 1999,
      books: [],
      totals: { wagers: 0, winnings: 0, losses: 0, net: 0, deductibleLosses: 0 },
      pending: 0,
    });
  });

  it("never shows another user's wagers", async () => {
    const year = await get('?year=2026', bob);
    expect(year.books).to.deep.equal([{ book: 'DraftKings', wagers: 1, winnings: 0, losses: 999, net: -999 }]);
  });

  for (const bad of ['abcd', '26', '1899', '2101', '2026.5', '20260']) {
    it(`refuses year=${bad} with 400 and a clear message`, async () => {
      for (const path of ['/api/reports/tax', '/api/reports/tax/diary', '/api/reports/tax/diary.csv']) {
        const response = await h.get(`${path}?year=${bad}`, ann.userId, position);
        expect(response.status, path).to.equal(400);
        expect(await response.json(), path).to.deep.equal({ message: MESSAGES.taxYearParam });
      }
    });
  }

  it('lists every wager of the year in the diary, oldest first, with when it was recorded', async () => {
    const { year, wagers } = await diary('?year=2026');
    expect(year).to.equal(2026);
    expect(wagers.map((w) => [w.date, w.book, w.outcome, w.winnings, w.loss])).to.deep.equal([
      ['2026-01-10', 'DraftKings', 'win', 30, 0],
      ['2026-03-01', 'DraftKings', 'loss', 0, 55.57],
      ['2026-03-15', 'DraftKings', 'cashout', 0, 17.55],
      ['2026-04-01', 'DraftKings', 'win', 30, 0],
      ['2026-05-01', 'FanDuel', 'push', 0, 0],
      ['2026-05-02', 'FanDuel', 'void', 0, 0],
      ['2026-06-01', 'FanDuel', 'cashout', 20, 0],
      ['2026-07-04', 'FanDuel', 'loss', 0, 0],
      ['2026-07-05', 'FanDuel', 'win', 25, 0],
      ['2026-09-01', null, 'loss', 0, 15],
      ['2026-12-31', null, 'pending', null, null],
    ]);
    const parlay = wagers[3];
    expect(parlay).to.include({ event: 'April double', betType: 'parlay', stake: 10, recordedAt: '2026-04-01T12:00:00.000Z' });
    expect(wagers[2]).to.include({ cashOutAmount: 12.45, bonusBet: false });
    expect(wagers[7]).to.include({ bonusBet: true, stake: 25 });
    // A bet moved into the year keeps the time it was first recorded, as its BetPlaced in the event log says.
    const moved = wagers[1];
    expect(moved).to.include({ id: w2, recordedAt: '2025-12-20T17:00:00.000Z' });
    const log = await (await h.get('/api/events', ann.userId, position)).text();
    const placed = log
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line) as { type: string; data: { betId?: string }; metadata: { occurredAt: string } })
      .find((e) => e.type === 'BetPlaced' && e.data.betId === w2);
    expect(placed?.metadata.occurredAt).to.equal(moved.recordedAt);
  });

  it('downloads the diary as CSV: plain numbers, text safe from formulas, the same rows', async () => {
    const response = await h.get('/api/reports/tax/diary.csv?year=2026', ann.userId, position);
    expect(response.status).to.equal(200);
    expect(response.headers.get('content-type')).to.equal('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).to.equal('attachment; filename="wagering-diary-2026.csv"');
    const text = await response.text();
    expect(text.split('\r\n')[0]).to.equal(TAX_DIARY_COLUMNS.join(','));
    const rows = parseCsv(text, { columns: true }) as Record<string, string>[];
    expect(rows).to.have.length(11);
    expect(rows[1]).to.deep.include({
      date: '2026-03-01',
      book: 'DraftKings',
      event: 'Knicks vs Heat',
      betType: 'moneyline',
      stake: '55.57',
      bonusBet: 'false',
      outcome: 'loss',
      cashOutAmount: '',
      winnings: '0.00',
      loss: '55.57',
      recordedAt: '2025-12-20T17:00:00.000Z',
    });
    expect(rows[2]).to.deep.include({ outcome: 'cashout', cashOutAmount: '12.45', loss: '17.55' });
    expect(rows[10]).to.deep.include({ event: "'=SUM(A1)", outcome: 'pending', winnings: '', loss: '' });
    for (const row of rows) for (const cell of [row.stake, row.winnings, row.loss]) expect(cell).to.match(/^(\d+\.\d\d)?$/);
  });
});
