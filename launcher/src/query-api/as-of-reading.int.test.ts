import { expect } from 'chai';
import { MESSAGES, type Bankroll, type BetsPage, type BetsTotals, type Stats } from '@bt/contracts';
import { EventLog } from '@bt/read-models/testing';
import { startHarness, type Harness } from '../testing/query-harness';

describe('asOfReading: a past day as recorded by its end, or the bets dated up to it', function () {
  this.timeout(120_000);
  const NOW = new Date('2025-03-20T12:00:00.000Z');
  const log = new EventLog();
  let h: Harness;
  let head: string;

  before(async () => {
    h = await startHarness({ clock: () => NOW });
    log.at('2025-03-01T09:00:00.000Z').register();
    log.addFunds(1000);
    log.at('2025-03-02T12:00:00.000Z').placeBet({ date: '2025-03-02', odds: '+100', stake: 100, event: 'On the day' }, 'win');
    // Backfilled on Mar 15: dated Mar 5, so only the dated reading of Mar 10 has it.
    log.at('2025-03-15T12:00:00.000Z').placeBet({ date: '2025-03-05', odds: '+150', stake: 40, event: 'Backfilled' }, 'win');
    // Recorded on Mar 8 but dated Mar 12: the recorded reading of Mar 10 has it, the dated one does not.
    log.at('2025-03-08T12:00:00.000Z').placeBet({ date: '2025-03-12', odds: '-110', stake: 55, event: 'Dated ahead' }, 'loss');
    log.at('2025-03-16T12:00:00.000Z').addFunds(500);
    head = await h.record(log.events);
    await h.settle();
  });

  after(() => h?.close());

  const read = <T>(path: string, reading?: string) =>
    h.json<T>(`${path}${path.includes('?') ? '&' : '?'}asOf=2025-03-10${reading ? `&asOfReading=${reading}` : ''}`, log.userId, head);
  const events = (page: BetsPage) => page.items.map((bet) => bet.event);

  it('recorded (the default) leaves out the bet backfilled later and keeps the one recorded by then', async () => {
    const page = await read<BetsPage>('/api/bets?page=1', 'recorded');
    expect(events(page)).to.deep.equal(['Dated ahead', 'On the day']);
    expect(await read<BetsPage>('/api/bets?page=1')).to.deep.equal(page);
    const stats = await read<Stats>('/api/stats', 'recorded');
    expect(stats.totalProfit).to.equal(100 - 55);
    expect(stats.record).to.include({ wins: 1, losses: 1 });
  });

  it('dated includes the backfilled bet and leaves out the one dated after the day', async () => {
    const page = await read<BetsPage>('/api/bets?page=1', 'dated');
    expect(events(page)).to.deep.equal(['Backfilled', 'On the day']);
    const stats = await read<Stats>('/api/stats', 'dated');
    expect(stats.totalProfit).to.equal(100 + 60);
    expect(stats.record).to.include({ wins: 2, losses: 0 });
    const totals = await read<BetsTotals>('/api/bets/totals', 'dated');
    expect(totals).to.include({ bets: 2, profit: 160 });
  });

  it('answers the bankroll of each reading: deposits recorded by then plus the settled profit of its bets', async () => {
    const live = await h.json<Bankroll>('/api/bankroll', log.userId, head);
    expect(live.amount).to.equal(1500 + 100 + 60 - 55);
    expect((await read<Bankroll>('/api/bankroll', 'recorded')).amount).to.equal(1000 + 100 - 55);
    const dated = await read<Bankroll>('/api/bankroll', 'dated');
    expect(dated).to.include({ amount: 1000 + 100 + 60, deposits: 1000, settledProfit: 160 });
  });

  it('refuses any other reading with a 400 and the message', async () => {
    for (const path of ['/api/stats', '/api/bets?page=1', '/api/bets/totals', '/api/bankroll', '/api/goals', '/api/stats/streaks']) {
      const answer = await h.get(`${path}${path.includes('?') ? '&' : '?'}asOf=2025-03-10&asOfReading=placed`, log.userId);
      expect(answer.status, path).to.equal(400);
      expect(await answer.json(), path).to.deep.equal({ message: MESSAGES.asOfReadingParam });
    }
  });
});
