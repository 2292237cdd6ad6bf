import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { ApiClient, daysAgo, heading, navigateTo, signUp, journey, type TestPage, type Viewport } from './steps';

const card = (page: Page, title: string) => page.getByRole('region', { name: title, exact: true });

/** Journey 9: the empty texts for a new user, then streaks from a run of bets. */
const readStreaks = async ({ e2e, page }: TestPage, viewport: Viewport) => {
  await signUp(page, `streaks-${viewport.name}`);
  await navigateTo(page, viewport, 'streaks');
  await heading(page, 'Hot/Cold Streaks Analysis').waitFor();
  await card(page, 'Current Streak').getByText('No current streak', { exact: true }).waitFor();
  await card(page, 'Current Streak').getByText('Start placing bets to track your streaks!', { exact: true }).waitFor();
  await card(page, 'Record Streaks').getByText('No winning streaks recorded yet', { exact: true }).waitFor();
  await card(page, 'Record Streaks').getByText('No losing streaks recorded yet', { exact: true }).waitFor();
  for (const title of ['Recent Streak Performance', 'Monthly Streak Distribution', 'Recent Streaks']) {
    await card(page, title).getByText('No streak data available yet', { exact: true }).waitFor();
  }

  // Won, won, lost, won (a push between them neither extends nor breaks a streak).
  const api = await ApiClient.of(e2e, page);
  await api.addBets([
    { sport: 'soccer', event: 'Match 1', betType: 'moneyline', odds: '+100', stake: 10, outcome: 'win', date: daysAgo(5) },
    { sport: 'soccer', event: 'Match 2', betType: 'moneyline', odds: '+100', stake: 10, outcome: 'win', date: daysAgo(4) },
    { sport: 'soccer', event: 'Match 3', betType: 'moneyline', odds: '+100', stake: 10, outcome: 'push', date: daysAgo(3) },
    { sport: 'soccer', event: 'Match 4', betType: 'moneyline', odds: '+100', stake: 10, outcome: 'loss', date: daysAgo(2) },
    { sport: 'soccer', event: 'Match 5', betType: 'moneyline', odds: '+100', stake: 10, outcome: 'win', date: daysAgo(1) },
  ]);
  await api.settled();
  await page.reload();

  const current = card(page, 'Current Streak');
  await current.getByText('1 Win', { exact: true }).waitFor();
  expect(await current.getByRole('progressbar').getAttribute('aria-valuenow')).to.equal('50');
  await current.getByText('50.0% of your longest winning streak (2 wins)', { exact: true }).waitFor();
  const records = card(page, 'Record Streaks');
  await records.getByText('2 Wins', { exact: true }).waitFor();
  await records.getByText('1 Loss', { exact: true }).waitFor();
  await records.getByText('+$20.00', { exact: true }).waitFor();

  const list = card(page, 'Recent Streaks').getByRole('listitem');
  expect(await list.count()).to.equal(3);
  await card(page, 'Recent Streak Performance').locator('svg.apexcharts-svg').waitFor();
  await card(page, 'Monthly Streak Distribution').locator('svg.apexcharts-svg').waitFor();
  expect(await page.getByText('No streak data available yet').count()).to.equal(0);
  // The bars are green for wins and red for losses.
  const fills = await card(page, 'Recent Streak Performance')
    .locator('path.apexcharts-bar-area')
    .evaluateAll((bars) => bars.map((bar) => bar.getAttribute('fill')));
  expect(fills).to.have.length(3);
  expect(new Set(fills).size).to.equal(2);
};

journey('streaks', 'shows the empty texts for a new user, then current, record and recent streaks with their charts', readStreaks);
