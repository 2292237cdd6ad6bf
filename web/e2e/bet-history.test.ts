import { expect } from 'chai';
import type { Page } from 'playwright-core';
import {
  ApiClient,
  daysAgo,
  eventually,
  expectNoSeriousA11yViolations,
  expectToast,
  heading,
  signUp,
  visible,
  journey,
  type SeedBet,
  type TestPage,
  type Viewport,
} from './steps';

/** Eight bets inside the default 30-day period (newest first by date) and one older one. */
const BETS: readonly SeedBet[] = [
  { sport: 'basketball', event: 'Lakers vs Celtics', betType: 'moneyline', odds: '+120', stake: 40, outcome: 'win', date: daysAgo(1) },
  { sport: 'football', event: 'Chiefs vs Bills', betType: 'spread', odds: '-110', stake: 110, outcome: 'loss', date: daysAgo(2) },
  { sport: 'baseball', event: 'Yankees vs Red Sox', betType: 'total', odds: '-105', stake: 25, outcome: 'push', date: daysAgo(3) },
  { sport: 'hockey', event: 'Rangers vs Bruins', betType: 'moneyline', odds: '+140', stake: 60, outcome: 'loss', date: daysAgo(4) },
  { sport: 'soccer', event: 'Arsenal vs Chelsea', betType: 'moneyline', odds: '+200', stake: 20, outcome: 'win', date: daysAgo(5) },
  { sport: 'basketball', event: 'Knicks vs Heat', betType: 'spread', odds: '-110', stake: 55, outcome: 'pending', date: daysAgo(6) },
  { sport: 'other', event: 'Masters Winner', betType: 'prop', odds: '+900', stake: 10, outcome: 'loss', date: daysAgo(7) },
  { sport: 'football', event: 'Packers vs Bears', betType: 'total', odds: '-115', stake: 75, outcome: 'win', date: daysAgo(8) },
  { sport: 'soccer', event: 'Old Derby', betType: 'moneyline', odds: '+100', stake: 30, outcome: 'win', date: daysAgo(60) },
];

/** The events of the rows on screen, in order: every row (table row or phone card) has 'Delete <event>'. */
const shownEvents = async (page: Page): Promise<string[]> => {
  const labels = await page
    .getByRole('button', { name: /^Delete / })
    .evaluateAll((buttons) => buttons.map((b) => b.getAttribute('aria-label') ?? ''));
  return labels.map((label) => label.replace(/^Delete /, ''));
};

/** Waits for the count line and for exactly these rows, in this order. */
const expectRows = async (page: Page, countLine: string, events: readonly string[]) => {
  await page.getByText(countLine, { exact: true }).waitFor();
  await eventually(async () => expect(await shownEvents(page)).to.deep.equal(events));
};

const filter = (page: Page, label: string) => page.getByRole('search', { name: 'Filter bets' }).getByLabel(label, { exact: true });

/** On phones the selects sit behind the 'Filters' button. */
const unfoldFilters = async (page: Page, viewport: Viewport) => {
  if (viewport.name === 'phone') await page.getByRole('search', { name: 'Filter bets' }).getByRole('button', { name: 'Filters' }).click();
};

/** Sorts by a column: the header button on the desktop table, the 'Sort by' select and direction button on phones. */
const sortBy = async (page: Page, viewport: Viewport, column: string, value: string) => {
  if (viewport.name === 'desktop') {
    await page.getByRole('columnheader', { name: column }).getByRole('button').click();
  } else {
    await page.getByLabel('Sort by', { exact: true }).selectOption(value);
  }
};
const toggleSort = async (page: Page, viewport: Viewport, column: string) => {
  if (viewport.name === 'desktop') await page.getByRole('columnheader', { name: column }).getByRole('button').click();
  else await page.getByRole('button', { name: /^Sorted (ascending|descending)/ }).click();
};

/** Journey 2: search, filters, sorting, paging, editing and deleting in Bet History. */
const browseHistory = async ({ e2e, page }: TestPage, viewport: Viewport) => {
  await signUp(page, `history-${viewport.name}`);
  const api = await ApiClient.of(e2e, page);
  await api.addBets(BETS);
  await api.settled();
  // A fresh load: the app has cached the (empty) list from the dashboard and never refetches it by itself.
  await page.goto('/history');
  await heading(page, 'Bet History').waitFor();

  // Default: last 30 days, newest first, 25 rows a page (paging: history-pages and history-scale).
  const recent = BETS.filter((b) => b.event !== 'Old Derby').map((b) => b.event);
  await expectRows(page, 'Showing 1–8 of 8 bets', recent);
  expect(await page.getByRole('navigation', { name: 'Bet history pages' }).count()).to.equal(0);

  // Search matches the event or the sport, ignoring case.
  const search = page.getByRole('searchbox', { name: 'Search bets' });
  expect(await search.getAttribute('placeholder')).to.equal('Search bets...');
  await search.fill('celtics');
  await expectRows(page, 'Showing 1–1 of 1 bet', ['Lakers vs Celtics']);
  await search.fill('HOCKEY');
  await expectRows(page, 'Showing 1–1 of 1 bet', ['Rangers vs Bruins']);
  await search.fill('');

  // Filters: sport, outcome, type, period.
  await unfoldFilters(page, viewport);
  await filter(page, 'Sport').selectOption('basketball');
  await expectRows(page, 'Showing 1–2 of 2 bets', ['Lakers vs Celtics', 'Knicks vs Heat']);
  await filter(page, 'Outcome').selectOption('win');
  await expectRows(page, 'Showing 1–1 of 1 bet', ['Lakers vs Celtics']);
  await filter(page, 'Sport').selectOption('all');
  await filter(page, 'Outcome').selectOption('loss');
  await expectRows(page, 'Showing 1–3 of 3 bets', ['Chiefs vs Bills', 'Rangers vs Bruins', 'Masters Winner']);
  await filter(page, 'Outcome').selectOption('all');
  await filter(page, 'Type').selectOption('parlay');
  await page.getByText('No bets found. Try adjusting your filters or add a new bet.', { exact: true }).waitFor();
  await filter(page, 'Type').selectOption('bet');
  await page.getByText('Showing 1–8 of 8 bets', { exact: true }).waitFor();
  await filter(page, 'Period').selectOption('all');
  await page.getByText('Showing 1–9 of 9 bets', { exact: true }).waitFor();
  await filter(page, 'Period').selectOption('30');
  await page.getByText('Showing 1–8 of 8 bets', { exact: true }).waitFor();

  // Sorting: a new column starts descending; choosing it again toggles.
  await sortBy(page, viewport, 'Stake', 'stake');
  await page.getByText('Showing 1–8 of 8 bets', { exact: true }).waitFor();
  await expectFirstRow(page, 'Chiefs vs Bills');
  if (viewport.name === 'desktop') {
    expect(await page.getByRole('columnheader', { name: 'Stake' }).getAttribute('aria-sort')).to.equal('descending');
  }
  await toggleSort(page, viewport, 'Stake');
  await expectFirstRow(page, 'Masters Winner');
  if (viewport.name === 'desktop') {
    expect(await page.getByRole('columnheader', { name: 'Stake' }).getAttribute('aria-sort')).to.equal('ascending');
    expect(await page.getByRole('columnheader', { name: 'Date' }).getAttribute('aria-sort')).to.equal(null);
  }
  expect(await shownEvents(page)).to.deep.equal([
    'Masters Winner',
    'Arsenal vs Chelsea',
    'Yankees vs Red Sox',
    'Lakers vs Celtics',
    'Knicks vs Heat',
    'Rangers vs Bruins',
    'Packers vs Bears',
    'Chiefs vs Bills',
  ]);

  // Edit a bet in the 'Edit Bet' dialog.
  await visible(page.getByRole('button', { name: 'Edit Lakers vs Celtics', exact: true })).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Bet' });
  await dialog.waitFor();
  await expectNoSeriousA11yViolations(page, `Edit Bet dialog (${viewport.name})`);
  expect(await dialog.getByLabel('Event', { exact: true }).inputValue()).to.equal('Lakers vs Celtics');
  expect(await dialog.getByLabel('Bet Type', { exact: true }).locator('option').allInnerTexts()).to.deep.equal([
    'Select type',
    'Moneyline',
    'Spread',
    'Total (Over/Under)',
    'Prop Bet',
  ]);
  await dialog.getByLabel('Event', { exact: true }).fill('Lakers vs Boston');
  await dialog.getByLabel('Stake ($)', { exact: true }).fill('45');
  await dialog.getByLabel('Outcome', { exact: true }).selectOption('loss');
  await dialog.getByRole('button', { name: 'Update Bet' }).click();
  await expectToast(page, 'Success', 'Bet updated successfully');
  await dialog.waitFor({ state: 'hidden' });
  await visible(page.getByRole('button', { name: 'Edit Lakers vs Boston', exact: true })).waitFor();
  await visible(page.getByText('-$45.00', { exact: true })).waitFor();
  expect(await page.getByRole('button', { name: 'Edit Lakers vs Celtics' }).count()).to.equal(0);

  // Delete a bet after the confirmation.
  await visible(page.getByRole('button', { name: 'Delete Masters Winner', exact: true })).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete Bet' });
  await confirm.getByText('Are you sure you want to delete this bet? You can undo this right after.', { exact: true }).waitFor();
  await expectNoSeriousA11yViolations(page, `delete confirmation (${viewport.name})`);
  await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
  await expectToast(page, 'Success', 'Bet deleted successfully');
  await page.getByText('Showing 1–7 of 7 bets', { exact: true }).waitFor();
  expect(await shownEvents(page)).to.not.include('Masters Winner');
};

const expectFirstRow = async (page: Page, event: string) => {
  await visible(page.getByRole('button', { name: /^Delete / })).waitFor();
  await eventually(async () => expect((await shownEvents(page))[0]).to.equal(event));
};

journey('bet history', 'finds bets by search and filters, sorts, pages, edits and deletes them', browseHistory);
