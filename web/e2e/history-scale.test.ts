import { readFileSync } from 'node:fs';
import { expect } from 'chai';
import type { Page, Response } from 'playwright-core';
import { screenshot } from './harness';
import {
  ApiClient,
  daysAgo,
  eventually,
  expectNoSeriousA11yViolations,
  heading,
  horizontalOverflow,
  journey,
  signUp,
  type SeedBet,
  type TestPage,
  type Viewport,
} from './steps';

/**
 * History that scales: 25, 50 or 100 rows a page (kept in the URL), a search that finds a book's bets
 * ("draftkings"), the totals of the whole filtered set (units only over the bets placed with a unit
 * size, saying so), and the export of just those bets beside the export of all.
 */

type Seed = SeedBet & { book: string; league?: string; tags?: string[] };

const match = (n: number) => `Match ${String(n).padStart(2, '0')}`;

/** DraftKings' ten bets: the first four placed with a unit size of $20 (odds +100 unless said). */
const DRAFTKINGS: readonly (Omit<Seed, 'sport' | 'event' | 'betType' | 'book' | 'date'> & { n: number })[] = [
  { n: 2, odds: '+100', stake: 20, outcome: 'win' }, // +$20, +1u
  { n: 5, odds: '+100', stake: 40, outcome: 'loss' }, // -$40, -2u
  { n: 8, odds: '+150', stake: 20, outcome: 'win' }, // +$30, +1.5u
  { n: 11, odds: '+100', stake: 10, outcome: 'push' }, // 0u
  { n: 14, odds: '+100', stake: 50, outcome: 'win' }, // +$50
  { n: 17, odds: '+100', stake: 25, outcome: 'loss' }, // -$25
  { n: 20, odds: '+100', stake: 30, outcome: 'void' }, // stake back: not at risk
  { n: 23, odds: '+100', stake: 15, outcome: 'pending' }, // not at risk yet
  { n: 26, odds: '-200', stake: 100, outcome: 'win' }, // +$50
  { n: 29, odds: '+100', stake: 60, outcome: 'loss' }, // -$60
];
const WITH_UNITS = 4;
const DRAFTKINGS_EVENTS = DRAFTKINGS.map((bet) => match(bet.n));

/** Thirty bets in the last 30 days (Match 01 newest): DraftKings' ten, the rest at FanDuel with leagues, notes and tags. */
const seed = (): { unitBets: Seed[]; others: Seed[] } => {
  const dated = (n: number) => ({ sport: 'basketball', event: match(n), betType: 'moneyline', date: daysAgo(n - 1) });
  const draftKings = DRAFTKINGS.map(({ n, ...bet }) => ({ ...dated(n), ...bet, book: 'DraftKings' }));
  const fanDuel = Array.from({ length: 30 }, (_, i) => i + 1)
    .filter((n) => !DRAFTKINGS.some((bet) => bet.n === n))
    .map((n) => ({
      ...dated(n),
      odds: '+100',
      stake: 10,
      outcome: n % 2 === 0 ? 'win' : 'loss',
      book: 'FanDuel',
      league: 'NBA',
      notes: 'Fade the public',
      tags: ['live'],
    }));
  return { unitBets: draftKings.slice(0, WITH_UNITS), others: [...draftKings.slice(WITH_UNITS), ...fanDuel] };
};

const shownEvents = async (page: Page): Promise<string[]> =>
  (
    await page.getByRole('button', { name: /^Delete / }).evaluateAll((buttons) => buttons.map((b) => b.getAttribute('aria-label') ?? ''))
  ).map((label) => label.replace(/^Delete /, ''));

const rowsPerPage = (page: Page) => page.getByLabel('Rows per page', { exact: true });

/** The totals bar's figures by label, as shown. */
const totalsShown = async (page: Page): Promise<Record<string, string>> => {
  const bar = page.getByRole('region', { name: 'Totals of these bets' });
  const terms = await bar.locator('dt').allInnerTexts();
  const values = await bar.locator('dd').allInnerTexts();
  return Object.fromEntries(terms.map((term, i) => [term, values[i].replace(/\s*\n\s*/g, ' | ')]));
};

const downloadCsv = async (page: Page, button: string): Promise<string[][]> => {
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: button, exact: true }).click()]);
  expect(download.suggestedFilename()).to.equal('bets.csv');
  const lines = readFileSync(await download.path(), 'utf8')
    .trimEnd()
    .split('\r\n');
  return lines.map((line) => line.split(','));
};

const historyThatScales = async ({ e2e, page }: TestPage, viewport: Viewport) => {
  const { unitBets, others } = seed();
  await signUp(page, `scale-${viewport.name}`);
  const api = await ApiClient.of(e2e, page);
  await api.call('PUT', '/settings', { unitSize: 20 });
  await api.addBets(unitBets);
  await api.call('PUT', '/settings', { unitSize: null });
  await api.addBets(others);
  await api.settled();

  const reads: URL[] = [];
  const onResponse = (response: Response) => {
    const url = new URL(response.url());
    if (url.pathname.startsWith('/api/bets') && response.request().method() === 'GET') reads.push(url);
  };
  page.on('response', onResponse);

  // 25 rows a page by default, the totals of all thirty above them.
  await page.goto('/history');
  await heading(page, 'Bet History').waitFor();
  await page.getByText('Showing 1–25 of 30 bets', { exact: true }).waitFor();
  expect(await rowsPerPage(page).inputValue()).to.equal('25');
  await eventually(async () => expect(await shownEvents(page)).to.have.length(25));
  await eventually(async () => expect((await totalsShown(page)).Bets).to.equal('30'));

  // 50 a page: every bet on one page, kept in the URL (and a reload keeps it).
  await rowsPerPage(page).selectOption('50');
  await page.getByText('Showing 1–30 of 30 bets', { exact: true }).waitFor();
  expect(new URL(page.url()).searchParams.get('pageSize')).to.equal('50');
  expect(await page.getByRole('navigation', { name: 'Bet history pages' }).count()).to.equal(0);
  await eventually(() => expect(reads.at(-1)?.searchParams.get('pageSize')).to.equal('50'));
  await page.reload();
  await page.getByText('Showing 1–30 of 30 bets', { exact: true }).waitFor();
  expect(await rowsPerPage(page).inputValue()).to.equal('50');

  // Back to 25, page 2; then 100 shows the page holding that first row: page 1.
  await rowsPerPage(page).selectOption('25');
  await page.getByRole('button', { name: 'Page 2', exact: true }).click();
  await page.getByText('Showing 26–30 of 30 bets', { exact: true }).waitFor();
  await rowsPerPage(page).selectOption('100');
  await page.getByText('Showing 1–30 of 30 bets', { exact: true }).waitFor();
  expect(Object.fromEntries(new URL(page.url()).searchParams)).to.deep.equal({ pageSize: '100' });

  // A search for the book finds DraftKings' ten bets, and only them.
  await page.getByRole('searchbox', { name: 'Search bets' }).fill('draftkings');
  await page.getByText('Showing 1–10 of 10 bets', { exact: true }).waitFor();
  await eventually(async () => expect(await shownEvents(page)).to.deep.equal(DRAFTKINGS_EVENTS));

  // The totals of those ten: money in dollars and cents, units only over the four placed with one.
  await eventually(async () =>
    expect(await totalsShown(page)).to.deep.equal({
      Bets: '10',
      'Record (W-L-P)': '4-3-1 | 1 void · 1 pending',
      Staked: '$325.00',
      Profit: '+$25.00',
      ROI: '+7.7%',
      Units: '+0.5u | on 4 of 10 bets',
    }),
  );
  const totalsRead = reads.filter((url) => url.pathname === '/api/bets/totals').at(-1)!;
  expect(totalsRead.searchParams.get('q')).to.equal('draftkings');
  expect(totalsRead.searchParams.has('page')).to.equal(false);
  expect(await horizontalOverflow(page).then((o) => o.scrollWidth <= o.innerWidth), 'no sideways page scroll').to.equal(true);
  await expectNoSeriousA11yViolations(page, `history totals at ${viewport.width} px`);
  await screenshot(page, `history-scale-${viewport.name}`);

  // Export these 10 bets: only DraftKings' ten; Export all: every one of the thirty.
  const filtered = await downloadCsv(page, 'Export these 10 bets');
  const header = filtered[0];
  const column = (name: string) => header.indexOf(name);
  // Newest entry first, as every export (the ten were entered in the order of their events).
  expect(filtered.slice(1).map((cells) => cells[column('event')])).to.deep.equal([...DRAFTKINGS_EVENTS].reverse());
  expect(filtered.slice(1).every((cells) => cells[column('book')] === 'DraftKings')).to.equal(true);
  const all = await downloadCsv(page, 'Export all');
  expect(all.slice(1)).to.have.length(30);
  page.off('response', onResponse);
};

journey(
  'history that scales',
  'pages 25, 50 or 100 rows, finds a book by search, totals the filtered set and exports just those bets or all',
  historyThatScales,
);
