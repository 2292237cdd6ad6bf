import { expect } from 'chai';
import type { Locator, Page } from 'playwright-core';
import { screenshot } from './harness';
import {
  ApiClient,
  daysAgo,
  eventually,
  expectToast,
  heading,
  signUp,
  visible,
  journey,
  type SeedBet,
  type TestPage,
  type Viewport,
} from './steps';

const BETS: readonly SeedBet[] = [
  { sport: 'football', event: 'Chiefs vs Bills', betType: 'spread', odds: '-110', stake: 110, outcome: 'pending', date: daysAgo(1) },
  { sport: 'basketball', event: 'Lakers vs Celtics', betType: 'moneyline', odds: '+150', stake: 40, outcome: 'pending', date: daysAgo(2) },
  { sport: 'hockey', event: 'Rangers vs Bruins', betType: 'total', odds: '-105', stake: 25, outcome: 'pending', date: daysAgo(3) },
  { sport: 'soccer', event: 'Arsenal vs Chelsea', betType: 'moneyline', odds: '+200', stake: 20, outcome: 'win', date: daysAgo(4) },
  { sport: 'baseball', event: 'Old Pending', betType: 'moneyline', odds: '+100', stake: 10, outcome: 'pending', date: daysAgo(90) },
];

const PARLAY = {
  name: 'Sunday Double',
  stake: 10,
  legs: [
    { sport: 'football', event: 'Packers vs Bears', selection: 'Packers ML', odds: '-120', date: daysAgo(5) },
    { sport: 'basketball', event: 'Knicks vs Heat', selection: 'Knicks ML', odds: '+110', date: daysAgo(5) },
  ],
};

/** A summary card of the dashboard, found by its title; its value is the first paragraph. */
const statValue = (page: Page, title: string): Locator =>
  page
    .locator('section')
    .filter({ has: page.getByRole('heading', { name: title, exact: true, level: 2 }) })
    .locator(':scope > p')
    .first();

const expectStat = async (page: Page, title: string, value: string) =>
  eventually(async () => expect(await statValue(page, title).innerText(), title).to.equal(value));

/** The Win / Loss / Push / Void / Cashed out buttons of a bet (on screen: history renders a table row and a phone card). */
const settleGroup = (scope: Page | Locator, event: string): Locator =>
  visible(scope.getByRole('group', { name: `Settle ${event}`, exact: true }));

/** The events of the history rows on screen: each row has 'Delete <event>'. */
/** Every button in scope is a touch target of at least 44 by 44 px. */
const expectTouchTargets = async (scope: Locator) => {
  const buttons = await scope.getByRole('button').all();
  expect(buttons.length).to.be.greaterThan(0);
  for (const button of buttons) {
    const box = (await button.boundingBox())!;
    const name = await button.innerText();
    expect(box.height, `height of ${name}`).to.be.at.least(44);
    expect(box.width, `width of ${name}`).to.be.at.least(44);
  }
};

const shownEvents = async (page: Page): Promise<string[]> =>
  (
    await page.getByRole('button', { name: /^Delete / }).evaluateAll((buttons) => buttons.map((b) => b.getAttribute('aria-label') ?? ''))
  ).map((label) => label.replace(/^Delete /, ''));

/**
 * Settle in one tap: pending bets carry Win / Loss / Push in Recent Bets and Bet History; the stats
 * follow; a stale version is refused with the conflict message and the list refreshes; the
 * dashboard's Pending count opens history filtered to pending bets.
 */
const settleInOneTap = async ({ e2e, page }: TestPage, viewport: Viewport) => {
  await signUp(page, `settle-${viewport.name}`);
  const api = await ApiClient.of(e2e, page);
  // Entered oldest first, so Recent Bets (newest entries) shows Chiefs, Lakers, Rangers, Arsenal.
  await api.call('POST', '/parlays', PARLAY);
  await api.addBets([...BETS].reverse());
  await api.settled();
  await page.goto('/');
  await heading(page, 'Dashboard').waitFor();
  await expectStat(page, 'Total Profit', '+$40.00');

  // Recent Bets: the four newest rows; the pending ones are marked and carry the buttons.
  const recent = page.getByRole('region', { name: 'Recent Bets' });
  await recent.getByText('Chiefs vs Bills', { exact: true }).waitFor();
  const pendingLink = recent.getByRole('link', { name: 'Pending: 5', exact: true });
  await pendingLink.waitFor();
  const chiefs = recent.getByRole('listitem').filter({ hasText: 'Chiefs vs Bills' });
  await chiefs.getByText('Pending', { exact: true }).waitFor();
  expect(await recent.getByRole('listitem').filter({ hasText: 'Arsenal vs Chelsea' }).getByRole('group').count()).to.equal(0);
  await screenshot(page, `settle-recent-bets-${viewport.name}`);

  await expectTouchTargets(settleGroup(recent, 'Chiefs vs Bills'));
  await settleGroup(recent, 'Chiefs vs Bills').getByRole('button', { name: 'Win', exact: true }).click();
  await expectToast(page, 'Bet settled', 'Chiefs vs Bills: Win');
  await chiefs.getByText('Win', { exact: true }).waitFor();
  await chiefs.getByText('+$100.00', { exact: true }).waitFor();
  expect(await chiefs.getByRole('group').count()).to.equal(0);
  await expectStat(page, 'Total Profit', '+$140.00');
  await expectStat(page, 'Win Rate', '100.0%');
  await recent.getByRole('link', { name: 'Pending: 4', exact: true }).waitFor();

  // The Pending count opens history with the pending bets of all time.
  await recent.getByRole('link', { name: 'Pending: 4', exact: true }).click();
  await page.waitForURL((url) => url.pathname === '/history' && url.search === '?outcome=pending&period=all');
  await heading(page, 'Bet History').waitFor();
  await page.getByText('Showing 1–4 of 4 bets', { exact: true }).waitFor();
  // (Sorted: where the parlay falls depends on its date, which is not this journey's subject.)
  expect((await shownEvents(page)).sort()).to.deep.equal(['Lakers vs Celtics', 'Old Pending', 'Rangers vs Bruins', 'Sunday Double']);
  // A parlay's row is settled in one tap too.
  await settleGroup(page, 'Sunday Double').waitFor();
  await screenshot(page, `settle-history-pending-${viewport.name}`);
  await expectTouchTargets(settleGroup(page, 'Lakers vs Celtics'));
  await expectTouchTargets(visible(page.getByRole('button', { name: 'Delete Lakers vs Celtics', exact: true })).locator('..'));

  await settleGroup(page, 'Lakers vs Celtics').getByRole('button', { name: 'Loss', exact: true }).click();
  await expectToast(page, 'Bet settled', 'Lakers vs Celtics: Loss');
  await page.getByText('Showing 1–3 of 3 bets', { exact: true }).waitFor();
  expect((await shownEvents(page)).sort()).to.deep.equal(['Old Pending', 'Rangers vs Bruins', 'Sunday Double']);

  // Changed elsewhere since this list was loaded: the tap is refused (If-Match) and the list refreshes.
  const rows = await api.call<{ id: string; event: string }[]>('GET', '/bets');
  const rangers = rows.find((row) => row.event === 'Rangers vs Bruins')!;
  await api.call('PUT', `/bets/${rangers.id}`, { ...BETS[2], stake: 30 });
  await api.settled();
  await settleGroup(page, 'Rangers vs Bruins').getByRole('button', { name: 'Push', exact: true }).click();
  await expectToast(page, 'Error', 'This record was changed elsewhere. Reload it and try again.');
  await visible(page.getByText('$30.00', { exact: true })).waitFor();
  await page.getByText('Showing 1–3 of 3 bets', { exact: true }).waitFor();
  // Now the bettor has seen the change, the same tap settles it.
  await settleGroup(page, 'Rangers vs Bruins').getByRole('button', { name: 'Push', exact: true }).click();
  await expectToast(page, 'Bet settled', 'Rangers vs Bruins: Push');
  await page.getByText('Showing 1–2 of 2 bets', { exact: true }).waitFor();

  // The stats follow: Chiefs won 100, Lakers lost 40, Arsenal won 40.
  await page.goto('/');
  await expectStat(page, 'Total Profit', '+$100.00');
  await expectStat(page, 'Win Rate', '66.7%');
  await page.getByRole('region', { name: 'Recent Bets' }).getByRole('link', { name: 'Pending: 2', exact: true }).waitFor();
};

journey(
  'one-tap settle',
  'settles pending bets from Recent Bets and Bet History, guarded by If-Match, and links the pending count',
  settleInOneTap,
);
