import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { screenshot } from './harness';
import {
  ApiClient,
  daysAgo,
  heading,
  navigateTo,
  signUp,
  journey,
  toastLocator,
  type SeedBet,
  type TestPage,
  type Viewport,
} from './steps';

const scrollY = (page: Page) => page.evaluate(() => window.scrollY);
const maxScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight);

/** Waits until the window rests at `y` (give or take a pixel). */
const expectScrollAt = async (page: Page, y: number, where: string) => {
  await page
    .waitForFunction((target) => Math.abs(window.scrollY - target) <= 1, y)
    .catch(async () => {
      expect(await scrollY(page), where).to.be.closeTo(y, 1);
    });
};

const bets: SeedBet[] = Array.from({ length: 12 }, (_, i) => ({
  sport: i % 2 ? 'basketball' : 'football',
  event: `Long Week ${i + 1}`,
  betType: 'moneyline',
  odds: i % 3 ? '+120' : '-110',
  stake: 10 + i,
  outcome: i % 4 === 0 ? 'loss' : 'win',
  date: daysAgo(i + 1),
}));

/**
 * A page opened from the navigation starts at the top, however far down the
 * previous one was; back returns to where the bettor was.
 */
const scrollPerPage = async ({ e2e, page }: TestPage, viewport: Viewport) => {
  await signUp(page, `scroll-${viewport.name}`);
  const api = await ApiClient.of(e2e, page);
  await api.addBets(bets);
  await api.settled();
  await page.reload();
  await heading(page, 'Dashboard').waitFor();
  await page
    .getByText(/^Long Week \d+$/)
    .first()
    .waitFor();
  // Streaks visited once, so its code and data are at hand and it opens at full height at once.
  await navigateTo(page, viewport, 'streaks');
  await page.getByRole('region', { name: 'Recent Streaks', exact: true }).waitFor();
  await navigateTo(page, viewport, 'dashboard');
  await page
    .getByText(/^Long Week \d+$/)
    .first()
    .waitFor();

  const down = Math.min(500, await maxScroll(page));
  expect(down, 'the dashboard scrolls').to.be.greaterThan(200);
  await page.evaluate((y) => window.scrollTo(0, y), down);
  await expectScrollAt(page, down, 'dashboard scrolled down');

  await navigateTo(page, viewport, 'streaks');
  await heading(page, 'Hot/Cold Streaks Analysis').waitFor();
  await page.getByRole('region', { name: 'Recent Streaks', exact: true }).waitFor();
  expect(await maxScroll(page), 'streaks is tall enough to keep an old position').to.be.greaterThan(down);
  await expectScrollAt(page, 0, 'streaks opens at the top');
  await screenshot(page, `scroll-streaks-at-top-${viewport.name}`);

  await page.evaluate(() => window.scrollTo(0, 120));
  await expectScrollAt(page, 120, 'streaks scrolled a little');
  await page.goBack();
  await heading(page, 'Dashboard').waitFor();
  await expectScrollAt(page, down, 'back on the dashboard where the bettor was');
  await page.goForward();
  await heading(page, 'Hot/Cold Streaks Analysis').waitFor();
  await expectScrollAt(page, 120, 'forward to streaks where the bettor was');
};

const headerBankroll = (page: Page) => page.getByRole('banner').getByTestId('header-bankroll');

/** The header bankroll shows a placeholder, not $0.00, while it loads. */
const bankrollPlaceholder = async ({ e2e, page }: TestPage, viewport: Viewport) => {
  await signUp(page, `bankroll-${viewport.name}`);
  const api = await ApiClient.of(e2e, page);
  await api.call('POST', '/bankroll', { amount: 75 });
  await api.settled();

  // The bankroll read held back: a placeholder, never $0.00.
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/api/bankroll', async (route) => {
    await held;
    await route.continue();
  });
  await page.reload();
  await heading(page, 'Dashboard').waitFor();
  const bankroll = headerBankroll(page);
  await bankroll.getByText('Loading', { exact: true }).waitFor({ state: 'attached' });
  expect(await bankroll.innerText()).not.to.contain('$0.00');
  await screenshot(page, `bankroll-placeholder-${viewport.name}`);
  release();
  await bankroll.getByText('$75.00', { exact: true }).waitFor();
  await page.unroute('**/api/bankroll');
};

/** The 404 page keeps the spec's text and links home in its main content. */
const notFoundLinksHome = async ({ page }: TestPage, viewport: Viewport) => {
  await signUp(page, `lost-${viewport.name}`);
  await page.goto('/no-such-page');
  await heading(page, '404 Page Not Found').waitFor();
  await page.getByText('Did you forget to add the page to the router?', { exact: true }).waitFor();
  await screenshot(page, `not-found-link-home-${viewport.name}`);
  await page.getByRole('main').getByRole('link', { name: 'Go to Dashboard' }).click();
  await page.waitForURL((url) => url.pathname === '/');
  await heading(page, 'Dashboard').waitFor();
};

/** Dialogs start at their first field, not the close button. */
const dialogFocus = async ({ page }: TestPage, viewport: Viewport) => {
  await signUp(page, `focus-${viewport.name}`);
  await page.getByRole('banner').getByRole('button', { name: 'Add Funds' }).click();
  const funds = page.getByRole('dialog', { name: 'Add Funds' });
  await funds.waitFor();
  await page.waitForFunction(() => document.activeElement?.tagName === 'INPUT');
  expect(await funds.getByLabel('Amount ($)').evaluate((el) => el === document.activeElement)).to.equal(true);
  await screenshot(page, `dialog-first-field-focus-${viewport.name}`);
  await page.keyboard.press('Escape');
  await funds.waitFor({ state: 'hidden' });

  await navigateTo(page, viewport, 'journal');
  await page.getByRole('button', { name: 'New Entry' }).click();
  const entry = page.getByRole('dialog', { name: 'New Journal Entry' });
  await entry.waitFor();
  await page.waitForFunction(() => document.activeElement?.tagName === 'INPUT');
  expect(await entry.getByLabel('Title', { exact: true }).evaluate((el) => el === document.activeElement)).to.equal(true);
};

/** On phones a toast leaves the header bankroll in sight. */
const toastClearOfBankroll = async ({ page }: TestPage, viewport: Viewport) => {
  await signUp(page, `toast-${viewport.name}`);
  const bankroll = headerBankroll(page);
  await page.getByRole('banner').getByRole('button', { name: 'Add Funds' }).click();
  const funds = page.getByRole('dialog', { name: 'Add Funds' });
  await funds.getByLabel('Amount ($)').fill('5');
  await funds.getByRole('button', { name: 'Add Funds' }).click();

  const toast = toastLocator(page, 'Funds added', 'Successfully added $5.00 to your bankroll');
  await toast.waitFor();
  await bankroll.getByText('$5.00', { exact: true }).waitFor();
  const [toastBox, bankrollBox] = [await toast.boundingBox(), await bankroll.boundingBox()];
  if (!toastBox || !bankrollBox) throw new Error('toast or bankroll not on screen');
  const overlap =
    toastBox.x < bankrollBox.x + bankrollBox.width &&
    bankrollBox.x < toastBox.x + toastBox.width &&
    toastBox.y < bankrollBox.y + bankrollBox.height &&
    bankrollBox.y < toastBox.y + toastBox.height;
  expect(overlap, `toast ${JSON.stringify(toastBox)} covers bankroll ${JSON.stringify(bankrollBox)}`).to.equal(false);
  await screenshot(page, `toast-beside-bankroll-${viewport.name}`);
};

journey('page scroll', 'opens a new page at the top and restores the position on back and forward', scrollPerPage);
journey('bankroll placeholder', 'shows a placeholder, not $0.00, while the bankroll loads', bankrollPlaceholder);
journey('not found', 'keeps the 404 text and links home from the main content', notFoundLinksHome);
journey('dialog focus', 'focuses the first field of a dialog, not its close button', dialogFocus);
journey('toast and bankroll', 'keeps the toast clear of the header bankroll', toastClearOfBankroll);
