import { expect } from 'chai';
import type { Locator, Page } from 'playwright-core';
import { screenshot } from './harness';
import { ApiClient, daysAgo, eventually, heading, navigateTo, signUp, journey, type SeedBet, type TestPage, type Viewport } from './steps';

/**
 * Eight basketball and football bets in the last 30 days and one older one, then twenty basketball
 * wins with bigger stakes, so basketball wins of all time fill more than a page of 25.
 */
const BETS: readonly SeedBet[] = [
  { sport: 'basketball', event: 'Lakers vs Celtics', betType: 'moneyline', odds: '+120', stake: 40, outcome: 'win', date: daysAgo(1) },
  { sport: 'basketball', event: 'Knicks vs Heat', betType: 'spread', odds: '-110', stake: 55, outcome: 'win', date: daysAgo(2) },
  { sport: 'basketball', event: 'Bulls vs Nets', betType: 'total', odds: '-105', stake: 25, outcome: 'win', date: daysAgo(3) },
  { sport: 'basketball', event: 'Suns vs Jazz', betType: 'moneyline', odds: '+140', stake: 60, outcome: 'win', date: daysAgo(4) },
  { sport: 'basketball', event: 'Spurs vs Kings', betType: 'moneyline', odds: '+200', stake: 20, outcome: 'win', date: daysAgo(5) },
  { sport: 'basketball', event: 'Magic vs Hawks', betType: 'spread', odds: '-110', stake: 15, outcome: 'win', date: daysAgo(6) },
  { sport: 'basketball', event: 'Pistons vs Bucks', betType: 'prop', odds: '+900', stake: 10, outcome: 'win', date: daysAgo(7) },
  { sport: 'football', event: 'Chiefs vs Bills', betType: 'total', odds: '-115', stake: 75, outcome: 'win', date: daysAgo(8) },
  { sport: 'basketball', event: 'Old Classic', betType: 'moneyline', odds: '+100', stake: 30, outcome: 'win', date: daysAgo(60) },
  ...Array.from({ length: 20 }, (_, i) => ({
    sport: 'basketball',
    event: `Filler ${String(i + 1).padStart(2, '0')}`,
    betType: 'moneyline',
    odds: '+100',
    stake: 100 + i,
    outcome: 'win',
    date: daysAgo(10 + i),
  })),
];

const filters = (page: Page): Locator => page.getByRole('search', { name: 'Filter bets' });
const filter = (page: Page, label: string): Locator => filters(page).getByLabel(label, { exact: true });

/** On phones the selects sit behind the 'Filters' button: unfold them if they are folded. */
const unfold = async (page: Page, viewport: Viewport) => {
  if (viewport.name === 'desktop') return;
  const button = filters(page).getByRole('button', { name: /^Filters/ });
  if ((await button.getAttribute('aria-expanded')) === 'false') await button.click();
};

const shownEvents = async (page: Page): Promise<string[]> =>
  (
    await page.getByRole('button', { name: /^Delete / }).evaluateAll((buttons) => buttons.map((b) => b.getAttribute('aria-label') ?? ''))
  ).map((label) => label.replace(/^Delete /, ''));

/** What this journey sets: basketball wins, all time, by stake ascending, page 2 (28 rows, the biggest stakes last). */
const expectView = async (page: Page, viewport: Viewport) => {
  await page.getByText('Showing 26–28 of 28 bets', { exact: true }).waitFor();
  await eventually(async () => expect(await shownEvents(page)).to.deep.equal(['Filler 18', 'Filler 19', 'Filler 20']));
  await unfold(page, viewport);
  expect(await filter(page, 'Sport').inputValue()).to.equal('basketball');
  expect(await filter(page, 'Outcome').inputValue()).to.equal('win');
  expect(await filter(page, 'Period').inputValue()).to.equal('all');
  expect(await page.getByRole('button', { name: 'Page 2', exact: true }).getAttribute('aria-current')).to.equal('page');
  if (viewport.name === 'desktop') {
    expect(await page.getByRole('columnheader', { name: 'Stake' }).getAttribute('aria-sort')).to.equal('ascending');
  } else {
    expect(await page.getByLabel('Sort by', { exact: true }).inputValue()).to.equal('stake');
  }
};

/** History remembers: filters, sort, search and page live in the URL (reload, back, a bookmark). */
const rememberView = async ({ e2e, page }: TestPage, viewport: Viewport) => {
  await signUp(page, `history-url-${viewport.name}`);
  const api = await ApiClient.of(e2e, page);
  await api.addBets(BETS);
  await api.settled();
  await page.goto('/history');
  await heading(page, 'Bet History').waitFor();
  await page.getByText('Showing 1–25 of 28 bets', { exact: true }).waitFor();

  // Phones: the selects fold behind one 'Filters' button that counts the active ones.
  if (viewport.name === 'phone') {
    const button = filters(page).getByRole('button', { name: 'Filters', exact: true });
    expect(await button.getAttribute('aria-expanded')).to.equal('false');
    expect(await filter(page, 'Sport').isVisible()).to.equal(false);
    expect(await filters(page).getByRole('searchbox', { name: 'Search bets' }).isVisible()).to.equal(true);
    await screenshot(page, 'history-filters-folded-phone');
    await button.click();
    expect(await button.getAttribute('aria-expanded')).to.equal('true');
    expect(await filter(page, 'Sport').isVisible()).to.equal(true);
  } else {
    expect(
      await filters(page)
        .getByRole('button', { name: /^Filters/ })
        .isVisible(),
    ).to.equal(false);
  }

  await filter(page, 'Sport').selectOption('basketball');
  await filter(page, 'Outcome').selectOption('win');
  await filter(page, 'Period').selectOption('all');
  if (viewport.name === 'desktop') {
    await page.getByRole('columnheader', { name: 'Stake' }).getByRole('button').click();
    await page.getByRole('columnheader', { name: 'Stake' }).getByRole('button').click();
  } else {
    await page.getByLabel('Sort by', { exact: true }).selectOption('stake');
    await page.getByRole('button', { name: /^Sorted descending/ }).click();
  }
  await page.getByRole('button', { name: 'Page 2', exact: true }).click();
  await expectView(page, viewport);
  const url = new URL(page.url());
  expect(Object.fromEntries(url.searchParams)).to.deep.equal({
    sport: 'basketball',
    outcome: 'win',
    period: 'all',
    sort: 'stake',
    dir: 'asc',
    page: '2',
  });
  if (viewport.name === 'phone') {
    await filters(page).getByRole('button', { name: 'Filters (3)', exact: true }).waitFor();
  }
  await screenshot(page, `history-url-filtered-${viewport.name}`);

  // A reload keeps it.
  await page.reload();
  await heading(page, 'Bet History').waitFor();
  await expectView(page, viewport);

  // Away and back keeps it.
  await navigateTo(page, viewport, 'dashboard');
  await page.goBack();
  await page.waitForURL((u) => u.pathname === '/history');
  await expectView(page, viewport);

  // A bookmark opens it in a fresh tab.
  const tab = await page.context().newPage();
  await tab.goto(url.pathname + url.search);
  await heading(tab, 'Bet History').waitFor();
  await expectView(tab, viewport);
  await tab.close();

  // The search is kept too; a new search starts at page 1.
  await filters(page).getByRole('searchbox', { name: 'Search bets' }).fill('suns');
  await page.getByText('Showing 1–1 of 1 bet', { exact: true }).waitFor();
  await eventually(async () => expect(new URL(page.url()).searchParams.get('q')).to.equal('suns'));
  expect(new URL(page.url()).searchParams.get('page')).to.equal(null);
  await page.reload();
  await page.getByText('Showing 1–1 of 1 bet', { exact: true }).waitFor();
  expect(await filters(page).getByRole('searchbox', { name: 'Search bets' }).inputValue()).to.equal('suns');

  // Values the page does not know fall back to the defaults.
  await page.goto('/history?sport=curling&outcome=maybe&period=7&sort=colour&dir=up&page=x');
  await page.getByText('Showing 1–25 of 28 bets', { exact: true }).waitFor();
  await unfold(page, viewport);
  expect(await filter(page, 'Sport').inputValue()).to.equal('all');
  expect(await filter(page, 'Outcome').inputValue()).to.equal('all');
  expect(await filter(page, 'Period').inputValue()).to.equal('30');
  expect((await shownEvents(page))[0]).to.equal('Lakers vs Celtics');
};

journey('history url', 'keeps filters, sort, search and page in the URL across reload, back and a bookmark', rememberView);
