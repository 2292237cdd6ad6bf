import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { screenshot } from './harness';
import {
  ApiClient,
  cardText,
  daysAgo,
  eventually,
  heading,
  journey,
  seedUnitSizeBetweenBets,
  signUp,
  statCard,
  visible,
  winAtEvens,
} from './steps';

/** The Analytics table's totals row (Group, Bets, Record, Win rate, Staked, Profit, ROI, Units). */
const analyticsTotals = async (page: Page): Promise<string[]> =>
  (await page.getByRole('region', { name: 'Breakdown by sport', exact: true }).locator('tfoot tr th, tfoot tr td').allTextContents())
    .map((t) => t.trim())
    .slice(0, 8);

journey(
  'unit totals labelled',
  'says which bets a unit total covers beside money that covers more, on the dashboard and in Analytics',
  async ({ e2e, page }, viewport) => {
    await signUp(page, `units-${viewport.name}`);
    const api = await ApiClient.of(e2e, page);
    await seedUnitSizeBetweenBets(api);
    await page.reload();

    await eventually(async () =>
      expect(await cardText(page, 'Total Profit'))
        .to.contain('+$30.00')
        .and.contain('+1u on 1 of 3 bets'),
    );
    await screenshot(page, `units-labelled-dashboard-${viewport.name}`);

    await page.goto('/analytics?by=sport&period=all');
    await heading(page, 'Analytics').waitFor();
    await eventually(async () =>
      expect(await analyticsTotals(page)).to.deep.equal([
        'Total',
        '3',
        '3-0-0-0',
        '100.0%',
        '$30.00',
        '+$30.00',
        '100.0%',
        '+1u on 1 of 3 bets',
      ]),
    );
    await screenshot(page, `units-labelled-analytics-${viewport.name}`);
  },
);

journey(
  'one period everywhere',
  '"Last 30 days" counts today and the 29 days before on History, the dashboard and Analytics; every card says its period',
  async ({ e2e, page }, viewport) => {
    await signUp(page, `period-${viewport.name}`);
    const api = await ApiClient.of(e2e, page);
    // The 30th day back (today is the first) is in; the 31st is not; one long ago is in "All time" only.
    await api.addBets([
      winAtEvens('Today', daysAgo(0)),
      winAtEvens('Day 30', daysAgo(29)),
      winAtEvens('Day 31', daysAgo(30)),
      winAtEvens('Long Ago', daysAgo(200)),
    ]);
    await api.settled();
    await page.reload();

    await eventually(async () =>
      expect(await cardText(page, 'Total Bets'))
        .to.contain('Last 30 days')
        .and.contain('2'),
    );
    for (const title of ['Win Rate', 'Total Profit', 'ROI']) {
      expect(await statCard(page, title).locator('[data-period]').innerText(), title).to.equal('All time');
    }
    expect(await statCard(page, 'Total Bets').locator('[data-period]').innerText()).to.equal('Last 30 days');
    expect((await cardText(page, 'Total Profit')).includes('+$40.00')).to.equal(true);
    await screenshot(page, `one-period-dashboard-${viewport.name}`);

    await page.goto('/history?period=30');
    await heading(page, 'Bet History').waitFor();
    await page.getByText('Showing 1–2 of 2 bets').waitFor();
    expect(await page.getByText('Day 31', { exact: true }).count()).to.equal(0);
    // History says its period's days, as the dashboard's cards say their period.
    expect(await visible(page.locator('[data-period]')).innerText()).to.match(
      /^Last 30 days · [A-Z][a-z]{2} \d{1,2}, \d{4} – [A-Z][a-z]{2} \d{1,2}, \d{4}$/,
    );

    await page.goto('/analytics?by=sport&period=30');
    await heading(page, 'Analytics').waitFor();
    await eventually(async () => expect((await analyticsTotals(page)).slice(0, 2)).to.deep.equal(['Total', '2']));
    await screenshot(page, `one-period-analytics-${viewport.name}`);
  },
);
