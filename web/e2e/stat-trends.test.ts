import { expect } from 'chai';
import type { Locator, Page } from 'playwright-core';
import { screenshot } from './harness';
import { ApiClient, daysAgo, eventually, journey, signUp } from './steps';

/** A summary card of the dashboard, found by its title. */
const statCard = (page: Page, title: string): Locator =>
  page.locator('section').filter({ has: page.getByRole('heading', { name: title, exact: true, level: 2 }) });

/** Theme colours (light) of a trend: green up, red down, muted without a direction. */
const COLOURS = { up: 'rgb(22, 101, 52)', down: 'rgb(185, 28, 28)', flat: 'rgb(71, 85, 105)' } as const;
const SAID = { up: 'Up on the 30 days before: ', down: 'Down on the 30 days before: ', flat: '' } as const;

/** The card's trend line says what it compares, in the colour and with the arrow of its direction. */
const expectTrend = async (page: Page, title: string, direction: keyof typeof COLOURS, text: string) => {
  // The line under the card's figure.
  const trend = statCard(page, title).locator(':scope > p').nth(1);
  // The direction in words for screen readers (visually hidden), then the comparison as shown.
  await eventually(async () => expect(await trend.textContent(), title).to.equal(`${SAID[direction]}${text}`));
  expect(await trend.getAttribute('data-trend'), title).to.equal(direction);
  expect(await trend.evaluate((el) => getComputedStyle(el).color), title).to.equal(COLOURS[direction]);
  expect(await trend.locator('svg').count(), `${title} arrow`).to.equal(direction === 'flat' ? 0 : 1);
};

const expectValue = async (page: Page, title: string, value: string) => {
  const valueText = statCard(page, title).locator(':scope > p').first();
  await eventually(async () => expect(await valueText.innerText(), title).to.equal(value));
};

journey(
  'dashboard trend lines',
  'shows each card’s last 30 days beside the 30 before, green up, red down, muted without an arrow when equal',
  async ({ e2e, page }, viewport) => {
    await signUp(page, `trends-${viewport.name}`);

    // Nothing yet: no change, so no arrow and no colour; a rate with nothing settled says so.
    await expectTrend(page, 'Total Profit', 'flat', '$0.00 in the last 30 days, $0.00 the 30 before');
    await expectTrend(page, 'Win Rate', 'flat', 'No settled bets in the last 30 days or the 30 before');
    await expectTrend(page, 'ROI', 'flat', 'No settled bets in the last 30 days or the 30 before');

    // The 30 days before: +$200 and -$50 on $150. The last 30 days: +$150 and -$50 on $150.
    const api = await ApiClient.of(e2e, page);
    await api.addBets([
      { sport: 'football', event: 'Old Win', betType: 'moneyline', odds: '+200', stake: 100, outcome: 'win', date: daysAgo(40) },
      { sport: 'basketball', event: 'Old Loss', betType: 'spread', odds: '-110', stake: 50, outcome: 'loss', date: daysAgo(45) },
      { sport: 'hockey', event: 'New Win', betType: 'moneyline', odds: '+150', stake: 100, outcome: 'win', date: daysAgo(3) },
      { sport: 'soccer', event: 'New Loss', betType: 'moneyline', odds: '-110', stake: 50, outcome: 'loss', date: daysAgo(5) },
    ]);
    await api.settled();
    await page.reload();

    // The big figures stay all-time; the lines under them compare the two windows.
    await expectValue(page, 'Total Profit', '+$250.00');
    await expectValue(page, 'Win Rate', '50.0%');
    await expectTrend(page, 'Total Profit', 'down', '+$100.00 in the last 30 days, +$150.00 the 30 before');
    await expectTrend(page, 'Win Rate', 'flat', '50.0% in the last 30 days, 50.0% the 30 before');
    await expectTrend(page, 'ROI', 'down', '+66.7% in the last 30 days, +100.0% the 30 before');
    await statCard(page, 'Win Rate').scrollIntoViewIfNeeded();
    await screenshot(page, `trends-${viewport.name}-down-and-equal`);

    // One more win in the last 30 days: profit and win rate go up, ROI is level.
    await api.addBets([
      { sport: 'football', event: 'Newest Win', betType: 'moneyline', odds: '+150', stake: 100, outcome: 'win', date: daysAgo(1) },
    ]);
    await api.settled();
    await page.reload();
    await expectValue(page, 'Total Profit', '+$400.00');
    await expectTrend(page, 'Total Profit', 'up', '+$250.00 in the last 30 days, +$150.00 the 30 before');
    await expectTrend(page, 'Win Rate', 'up', '66.7% in the last 30 days, 50.0% the 30 before');
    await expectTrend(page, 'ROI', 'flat', '+100.0% in the last 30 days, +100.0% the 30 before');
    await statCard(page, 'Win Rate').scrollIntoViewIfNeeded();
    await screenshot(page, `trends-${viewport.name}-up-and-equal`);
  },
);
