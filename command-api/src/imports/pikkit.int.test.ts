import { expect } from 'chai';
import { importPreview, importReport, MESSAGES } from '@bt/contracts';
import { START } from '@bt/event-store';
import { startTestApi, type TestApi } from '../testing/http';

/**
 * A Pikkit transactions.csv, written by hand from its columns (no `ev` column, columns in an order
 * of their own): singles of each status, a parlay, a cash-out, a bonus bet (tagged), odd quoting
 * (a comma and doubled quotes inside quoted cells, a quoted number, CRLF line ends).
 */
const HEADER =
  'bet_id,sportsbook,type,status,odds,closing_line,amount,profit,time_placed,time_placed_iso,time_settled,time_settled_iso,bet_info,tags,sports,leagues';
const ROWS = {
  win: 'pk-1,DraftKings,straight,SETTLED_WIN,1.91,1.87,100,91,03/11/2025 15:52:19 GMT,2025-03-11T15:52:19.000Z,03/12/2025 03:00:00 GMT,2025-03-12T03:00:00.000Z,Boston Celtics -4.5,"Model, NBA",Basketball,NBA',
  loss: 'pk-2,FanDuel,straight,SETTLED_LOSS,2.5,,"40",-40,03/12/2025 23:10:00 GMT,,03/13/2025 02:00:00 GMT,,"Chiefs ""ML""",,American Football,NFL',
  push: 'pk-3,BetMGM,straight,SETTLED_PUSH,1.95,,25,0,03/13/2025 10:00:00 GMT,,,,Over 8.5 Runs,,Baseball,MLB',
  void: 'pk-4,Caesars,straight,SETTLED_VOID,2.2,,30,0,03/14/2025 10:00:00 GMT,,,,Leafs ML,,Ice Hockey,NHL',
  cashout: 'pk-5,DraftKings,straight,SETTLED_CASHOUT,3.0,,50,22.5,03/15/2025 10:00:00 GMT,,,,Arsenal,,Soccer,EPL',
  pending: 'pk-6,FanDuel,straight,PENDING,1.8,,20,0,03/16/2025 10:00:00 GMT,,,,Lakers +6.5,,Basketball,NBA',
  parlay:
    'pk-7,DraftKings,parlay,SETTLED_WIN,3.64,,10,26.4,03/16/2025 11:00:00 GMT,,,,Celtics ML | Rangers ML,,Basketball | Ice Hockey,NBA | NHL',
  bonus: 'pk-8,BetMGM,straight,SETTLED_WIN,2.0,,15,15,03/17/2025 12:00:00 GMT,,,,Djokovic,Bonus Bet,Tennis,ATP',
  off: 'pk-9,Caesars,straight,SETTLED_WIN,2.0,,10,12.5,03/17/2025 13:00:00 GMT,,,,Yankees,,Baseball,MLB',
};
const file = (rows: Record<string, string>) => [HEADER, ...Object.values(rows)].join('\r\n') + '\r\n';

describe("Importing Pikkit's transactions.csv", () => {
  let api: TestApi;
  before(async () => {
    api = await startTestApi({ clock: () => new Date('2025-03-20T12:00:00.000Z') });
  });
  after(() => api?.close());

  const upload = (token: string, text: string, query = '') =>
    api.request('POST', `/api/import/bets${query}`, { token, body: text, headers: { 'Content-Type': 'text/csv' } });
  const eventsOf = async (userId: string) =>
    (await api.store.readAll({ after: START, maxCount: 100_000 })).filter(
      (e) => (e.data as { userId?: string }).userId === userId && (e.streamId.startsWith('bet-') || e.streamId.startsWith('parlay-')),
    );

  it('maps every row, is idempotent by bet_id, and amends a bet the file settled since', async () => {
    const me = await api.signUp('pikkit');
    const first = await upload(me.token, file(ROWS));
    expect(first.status, JSON.stringify(first.body)).to.equal(200);
    expect(importReport.parse(first.body)).to.deep.equal({
      imported: 9,
      skipped: 0,
      amended: 0,
      errors: [],
      warnings: [
        { row: 9, message: MESSAGES.csvUnknownSport('Tennis') },
        { row: 10, message: MESSAGES.importProfitDiffers('12.50', '10.00') },
      ],
    });
    const placed = (await eventsOf(me.userId)).filter((e) => e.type === 'BetPlaced').map((e) => e.data as Record<string, unknown>);
    const byEvent = new Map(placed.map((d) => [d.event as string, d]));
    expect(byEvent.get('Boston Celtics -4.5')).to.include({
      sport: 'basketball',
      league: 'NBA',
      betType: 'spread',
      odds: '1.91',
      closingOdds: '1.87',
      stake: 100,
      book: 'DraftKings',
      date: '2025-03-11',
      bonusBet: false,
    });
    expect(byEvent.get('Boston Celtics -4.5')?.tags).to.deep.equal(['Model', 'NBA']);
    expect(byEvent.get('Chiefs "ML"')).to.include({ sport: 'football', league: 'NFL', odds: '2.5', stake: 40, date: '2025-03-12' });
    expect(byEvent.get('Over 8.5 Runs')).to.include({ betType: 'total', sport: 'baseball' });
    expect(byEvent.get('Leafs ML')).to.include({ sport: 'hockey', betType: 'moneyline' });
    const [created] = (await eventsOf(me.userId)).filter((e) => e.type === 'ParlayCreated');
    expect(created.data).to.deep.include({
      name: 'Celtics ML | Rangers ML',
      totalOdds: '3.64',
      stake: 10,
      date: '2025-03-16',
      book: 'DraftKings',
    });
    expect((created.data as { legs: unknown[] }).legs).to.deep.equal([
      {
        sport: 'basketball',
        event: 'Celtics ML',
        selection: 'Celtics ML',
        odds: null,
        date: '2025-03-16',
        outcome: 'pending',
        league: 'NBA',
        closingOdds: null,
        startsAt: null,
      },
      {
        sport: 'hockey',
        event: 'Rangers ML',
        selection: 'Rangers ML',
        odds: null,
        date: '2025-03-16',
        outcome: 'pending',
        league: 'NHL',
        closingOdds: null,
        startsAt: null,
      },
    ]);
    expect(byEvent.get('Djokovic')).to.include({ sport: 'other', bonusBet: true, league: 'ATP' });
    const settled = (await eventsOf(me.userId))
      .filter((e) => e.type === 'BetSettled' || e.type === 'ParlaySettled')
      .map((e) => e.data as Record<string, unknown>);
    expect(settled.map((d) => d.outcome).sort()).to.deep.equal(['cashout', 'loss', 'push', 'void', 'win', 'win', 'win', 'win']);
    expect(settled.find((d) => d.outcome === 'cashout')).to.include({ cashOutAmount: 72.5 });

    const again = await upload(me.token, file(ROWS));
    expect(again.body).to.deep.include({ imported: 0, skipped: 9, amended: 0, errors: [] });
    const count = (await eventsOf(me.userId)).length;

    const settledSince = { ...ROWS, pending: ROWS.pending.replace('PENDING,1.8,,20,0', 'SETTLED_WIN,1.8,1.75,20,16') };
    // The preview counts it as the import will: one bet to update, the rest imported before.
    const counted = importPreview.parse((await upload(me.token, file(settledSince), '?dryRun=1')).body);
    expect(counted).to.deep.include({ rowCount: 9, newRows: 0, alreadyImported: 8, toUpdate: 1 });
    expect((await eventsOf(me.userId)).length).to.equal(count);
    const third = await upload(me.token, file(settledSince));
    expect(third.body).to.deep.include({ imported: 0, skipped: 8, amended: 1, errors: [] });
    const added = (await eventsOf(me.userId)).slice(count);
    expect(added.map((e) => e.type)).to.deep.equal(['BetAmended', 'BetSettled']);
    expect((added[0].data as { changes: object }).changes).to.deep.equal({ closingOdds: '1.75' });
    expect(added[1].data).to.include({ outcome: 'win' });
    expect((await upload(me.token, file(settledSince))).body).to.deep.include({ imported: 0, skipped: 9, amended: 0 });

    // The imported parlay is priced at the file's total; its legs stay without prices through an
    // edit, and a parlay can be given legs without prices only if it was imported so.
    const parlayId = (created.data as { parlayId: string }).parlayId;
    const legs = (created.data as { legs: object[] }).legs;
    const edited = await api.request('PUT', `/api/parlays/${parlayId}`, {
      token: me.token,
      body: { stake: 10, notes: 'from Pikkit', legs },
    });
    expect(edited.status, JSON.stringify(edited.body)).to.equal(200);
    expect(edited.body).to.deep.include({ totalOdds: '+264', decimalOdds: 3.64, profit: 26.4, outcome: 'win', notes: 'from Pikkit' });
    expect((edited.body as { legs: object[] }).legs[0]).to.include({ odds: null, decimalOdds: null });
    const unpriced = legs.map((leg) => ({ ...leg, odds: null }));
    const refused = await api.request('POST', '/api/parlays', { token: me.token, body: { stake: 10, legs: unpriced } });
    expect(refused).to.deep.include({ status: 400, body: { message: MESSAGES.parlayIncomplete } });
    const mine = await api.request('POST', '/api/parlays', {
      token: me.token,
      body: { stake: 10, legs: unpriced.map((l) => ({ ...l, odds: '+100' })) },
    });
    expect(mine.status).to.equal(201);
    const id = (mine.body as { id: string }).id;
    const stripped = await api.request('PUT', `/api/parlays/${id}`, { token: me.token, body: { stake: 10, legs: unpriced } });
    expect(stripped).to.deep.include({ status: 400, body: { message: MESSAGES.parlayIncomplete } });
  });

  it('refuses a file with a bad row, naming the row, and imports nothing', async () => {
    const me = await api.signUp('pikkit-bad');
    const bad = { ...ROWS, win: ROWS.win.replace('SETTLED_WIN', 'SETTLED_MAYBE'), loss: ROWS.loss.replace('pk-2', '') };
    const answer = await upload(me.token, file(bad));
    expect(answer.status).to.equal(422);
    expect(answer.body).to.deep.include({
      imported: 0,
      errors: [
        { row: 2, message: MESSAGES.pikkitBadStatus('SETTLED_MAYBE') },
        { row: 3, message: MESSAGES.pikkitBetIdMissing },
      ],
    });
    expect(await eventsOf(me.userId)).to.deep.equal([]);
  });

  it('reads a file without ev or the _iso columns, by name', async () => {
    const me = await api.signUp('pikkit-short');
    const text = [
      'sports,leagues,bet_id,sportsbook,type,status,odds,closing_line,amount,profit,time_placed,time_settled,bet_info,tags',
      'Hockey,NHL,x-1,Fanatics,straight,SETTLED_LOSS,1.5,,12,-12,12/31/2024 23:59:59 GMT,,Bruins ML,',
    ].join('\n');
    const preview = importPreview.parse((await upload(me.token, text, '?dryRun=1')).body);
    expect(preview.format).to.equal('pikkit');
    expect(preview.rows[0]).to.include({
      date: '2024-12-31',
      sport: 'hockey',
      odds: '-200',
      profit: -12,
      outcome: 'loss',
      book: 'Fanatics',
    });
    expect(await eventsOf(me.userId)).to.deep.equal([]);
  });
});
