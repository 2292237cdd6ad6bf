import { expect } from 'chai';
import type { Page, Response } from 'playwright-core';
import { screenshot } from './harness';
import { ApiClient, daysAgo, eventually, expectToast, heading, journey, signUp, visible, type TestPage, type Viewport } from './steps';

/**
 * "History pages from the server": Bet History asks GET /api/bets for the one page it
 * shows (never the whole history), with the view's filters and sort; the book choices come without
 * the history; a page past the end shows the last one; a change on the screen refetches the page.
 */

/** Twenty-seven bets, one a day, newest first: fourteen at FanDuel, thirteen at DraftKings. */
const BETS = Array.from({ length: 27 }, (_, i) => ({
  sport: i % 2 === 0 ? 'basketball' : 'football',
  event: `Game ${String(i + 1).padStart(2, '0')}`,
  betType: 'moneyline',
  odds: '+100',
  stake: 10 + i,
  outcome: 'pending',
  date: daysAgo(i + 1),
  book: i % 2 === 0 ? 'FanDuel' : 'DraftKings',
}));
const EVENTS = BETS.map((b) => b.event);

const shownEvents = async (page: Page): Promise<string[]> =>
  (
    await page.getByRole('button', { name: /^Delete / }).evaluateAll((buttons) => buttons.map((b) => b.getAttribute('aria-label') ?? ''))
  ).map((label) => label.replace(/^Delete /, ''));

const expectRows = async (page: Page, countLine: string, events: readonly string[]) => {
  await page.getByText(countLine, { exact: true }).waitFor();
  await eventually(async () => expect(await shownEvents(page)).to.deep.equal(events));
};

const historyPages = async ({ e2e, page }: TestPage, viewport: Viewport) => {
  await signUp(page, `pages-${viewport.name}`);
  const api = await ApiClient.of(e2e, page);
  await api.addBets(BETS);
  await api.settled();

  // Every history read the page makes, with what it answered.
  const reads: { url: URL; body: unknown }[] = [];
  const onResponse = async (response: Response) => {
    const url = new URL(response.url());
    if (url.pathname === '/api/bets' && response.request().method() === 'GET' && response.ok())
      reads.push({ url, body: await response.json() });
  };
  page.on('response', onResponse);

  await page.goto('/history');
  await heading(page, 'Bet History').waitFor();
  await expectRows(page, 'Showing 1–25 of 27 bets', EVENTS.slice(0, 25));
  // The page asked for its 25 rows only, with the view's parameters and the browser's day.
  await eventually(() => expect(reads.length).to.be.greaterThan(0));
  for (const { url, body } of reads) {
    expect(url.searchParams.get('page'), url.search).to.equal('1');
    expect(url.searchParams.get('pageSize')).to.equal('25');
    expect(url.searchParams.get('period')).to.equal('30');
    expect(url.searchParams.get('today')).to.match(/^\d{4}-\d{2}-\d{2}$/);
    expect(body).to.include({ total: 27, page: 1, pageSize: 25 });
    expect((body as { items: unknown[] }).items).to.have.length(25);
  }

  // The last page, then a change on it: the page is read again and the count follows.
  await page.getByRole('button', { name: 'Page 2', exact: true }).click();
  await expectRows(page, 'Showing 26–27 of 27 bets', EVENTS.slice(25));
  expect(reads.at(-1)?.url.searchParams.get('page')).to.equal('2');
  await visible(page.getByRole('button', { name: 'Delete Game 27', exact: true })).click();
  await page.getByRole('alertdialog', { name: 'Delete Bet' }).getByRole('button', { name: 'Delete', exact: true }).click();
  await expectToast(page, 'Success', 'Bet deleted successfully');
  await expectRows(page, 'Showing 26–26 of 26 bets', ['Game 26']);

  // A page past the end (an old bookmark) shows the last page.
  await page.goto('/history?page=9');
  await expectRows(page, 'Showing 26–26 of 26 bets', ['Game 26']);

  // The book filter offers the bettor's books without reading the history, and the server filters.
  if (viewport.name === 'phone') await page.getByRole('search', { name: 'Filter bets' }).getByRole('button', { name: 'Filters' }).click();
  const book = page.getByRole('search', { name: 'Filter bets' }).getByLabel('Book', { exact: true });
  await eventually(async () => expect(await book.locator('option').allInnerTexts()).to.include.members(['DraftKings', 'FanDuel']));
  await book.selectOption('DraftKings');
  // DraftKings' thirteen bets (Game 27, deleted above, was FanDuel's).
  await expectRows(
    page,
    'Showing 1–13 of 13 bets',
    EVENTS.filter((_, i) => i % 2 === 1),
  );
  expect(reads.at(-1)?.url.searchParams.get('book')).to.equal('DraftKings');
  if (viewport.name === 'desktop') {
    // Book names stay whole beside the settle buttons: each on one line, none cut short.
    const cells = page.getByRole('table').locator('td.book > *');
    expect(await cells.count()).to.equal(13);
    const fits = await cells.evaluateAll((names) =>
      names.map((name) => {
        const range = document.createRange();
        range.selectNodeContents(name);
        return { lines: range.getClientRects().length, cut: name.scrollWidth > name.clientWidth };
      }),
    );
    expect(fits).to.deep.equal(Array.from({ length: 13 }, () => ({ lines: 1, cut: false })));
  }
  await screenshot(page, `history-pages-${viewport.name}`);
  page.off('response', onResponse);
};

journey(
  'history pages',
  'shows Bet History a page at a time from the server, filtered, clamped and refreshed after a change',
  historyPages,
);
