import { expect } from 'chai';
import { MESSAGES, type BetsPage } from '@bt/contracts';
import { EventLog } from '@bt/read-models/testing';
import { startHarness, type Harness } from '../testing/query-harness';

describe('GET /api/bets?page=&asOf= answers the page as the record stood at the end of that day', function () {
  this.timeout(120_000);
  const NOW = new Date('2025-03-20T12:00:00.000Z');
  const log = new EventLog();
  let h: Harness;
  let head: string;
  let early: string;
  let later: string;

  before(async () => {
    h = await startHarness({ clock: () => NOW });
    log.at('2025-03-01T09:00:00.000Z').register();
    early = log.at('2025-03-01T10:00:00.000Z').placeBet({ date: '2025-03-01', odds: '+100', stake: 100, event: 'Early bet' });
    log.at('2025-03-03T10:00:00.000Z').settleBet(early, 'win');
    later = log.at('2025-03-05T10:00:00.000Z').placeBet({ date: '2025-03-05', odds: '-110', stake: 110, event: 'Later bet' }, 'loss');
    log.at('2025-03-08T10:00:00.000Z').removeBet(early);
    log.at('2025-03-09T10:00:00.000Z').restoreBet(early);
    log.at('2025-03-12T10:00:00.000Z').removeBet(later);
    head = await h.record(log.events);
    await h.settle();
  });

  after(() => h?.close());

  const pageAsOf = (asOf: string, more = '') => h.json<BetsPage>(`/api/bets?page=1&pageSize=6${more}&asOf=${asOf}`, log.userId, head);
  const shown = (page: BetsPage) => page.items.map((row) => [row.event, row.outcome, row.profit]);

  it('answers for now exactly what the live page answers', async () => {
    const live = await h.json<BetsPage>('/api/bets?page=1&pageSize=6', log.userId, head);
    expect(live.items.map((row) => row.id)).to.deep.equal([early]);
    expect(await pageAsOf(NOW.toISOString())).to.deep.equal(live);
  });

  it('shows each day as it stood: placed, settled, another placed, removed, restored, the other removed', async () => {
    expect(shown(await pageAsOf('2025-03-02'))).to.deep.equal([['Early bet', 'pending', 0]]);
    expect(shown(await pageAsOf('2025-03-04'))).to.deep.equal([['Early bet', 'win', 100]]);
    expect(shown(await pageAsOf('2025-03-06'))).to.deep.equal([
      ['Later bet', 'loss', -110],
      ['Early bet', 'win', 100],
    ]);
    expect(shown(await pageAsOf('2025-03-08'))).to.deep.equal([['Later bet', 'loss', -110]]);
    expect(shown(await pageAsOf('2025-03-10'))).to.deep.equal([
      ['Later bet', 'loss', -110],
      ['Early bet', 'win', 100],
    ]);
    expect((await pageAsOf('2025-02-28')).total).to.equal(0);
  });

  it('filters, sorts and pages the past by the same rules as the live page', async () => {
    expect(shown(await pageAsOf('2025-03-06', '&outcome=win'))).to.deep.equal([['Early bet', 'win', 100]]);
    expect(shown(await pageAsOf('2025-03-06', '&sort=profit&dir=asc'))).to.deep.equal([
      ['Later bet', 'loss', -110],
      ['Early bet', 'win', 100],
    ]);
    const second = await h.json<BetsPage>('/api/bets?page=2&pageSize=1&asOf=2025-03-06', log.userId, head);
    expect(second).to.include({ total: 2, page: 2, pageSize: 1 });
    expect(second.items.map((row) => row.event)).to.deep.equal(['Early bet']);
  });

  it('refuses a bad asOf with a 400 and the message', async () => {
    for (const bad of ['yesterday', '2025-02-30']) {
      const answer = await h.get(`/api/bets?page=1&asOf=${bad}`, log.userId);
      expect(answer.status, bad).to.equal(400);
      expect(await answer.json(), bad).to.deep.equal({ message: MESSAGES.asOfParam });
    }
  });
});
