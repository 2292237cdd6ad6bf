import { readFileSync } from 'node:fs';
import { expect } from 'chai';
import type { Locator, Page } from 'playwright-core';
import { screenshot } from './harness';
import {
  ApiClient,
  daysAgo,
  eventually,
  expectNoSeriousA11yViolations,
  heading,
  horizontalOverflow,
  journey,
  openUserMenu,
  signUp,
  type Viewport,
} from './steps';

/**
 * The Analytics screen: a bettor with a small history (two sports this month, one soccer
 * bet 200 days ago, two books, tags, a void) breaks it down by sport and by book, sorts the table,
 * narrows the period, exports the table as CSV and finds the empty state of a range without bets.
 *
 * Worked figures (no unit size, so Units shows a dash):
 *   Basketball: +150 $100 win (+$150), -110 $110 loss (-$110)   -> 2 bets, 1-1-0-0, 50.0%, $210.00, +$40.00, 19.0%
 *   Football:   +100 $50 win (+$50), -110 $55 void ($0, not at risk) -> 2 bets, 1-0-0-1, 100.0%, $50.00, +$50.00, 100.0%
 *   Soccer:     +200 $20 loss, 200 days ago (-$20)              -> 1 bet, 0-1-0-0, 0.0%, $20.00, -$20.00, -100.0%
 *   Total: 5 bets, 2-2-0-1, 50.0%, $280.00, +$70.00, 25.0%; the last 30 days drop soccer: 4 bets, $260.00, +$90.00.
 *   FanDuel (bets 1, 3, 5): 3 bets, 2-1-0-0, $170.00, +$180.00, 105.9%; DraftKings (2, 4): 2 bets, 0-1-0-1, $110.00, -$110.00, -100.0%.
 */

const SEED = [
  {
    sport: 'basketball',
    event: 'Lakers vs Celtics',
    betType: 'moneyline',
    odds: '+150',
    stake: 100,
    outcome: 'win',
    date: daysAgo(3),
    book: 'FanDuel',
    tags: ['live'],
  },
  {
    sport: 'basketball',
    event: 'Knicks vs Heat',
    betType: 'spread',
    odds: '-110',
    stake: 110,
    outcome: 'loss',
    date: daysAgo(4),
    book: 'DraftKings',
    tags: ['model'],
  },
  {
    sport: 'football',
    event: 'Chiefs vs Bills',
    betType: 'moneyline',
    odds: '+100',
    stake: 50,
    outcome: 'win',
    date: daysAgo(5),
    book: 'FanDuel',
    tags: ['model'],
  },
  {
    sport: 'football',
    event: 'Eagles vs Giants',
    betType: 'total',
    odds: '-110',
    stake: 55,
    outcome: 'void',
    date: daysAgo(6),
    book: 'DraftKings',
  },
  {
    sport: 'soccer',
    event: 'Arsenal vs Chelsea',
    betType: 'moneyline',
    odds: '+200',
    stake: 20,
    outcome: 'loss',
    date: daysAgo(200),
    book: 'FanDuel',
  },
];

/** Group, Bets, Record, Win rate, Staked, Profit, ROI, Units: the columns whose figures the test works out. */
const FIGURES = 8;

const table = (page: Page, dimension: string): Locator => page.getByRole('region', { name: `Breakdown by ${dimension}`, exact: true });

/** The body rows' first columns, as shown, in their order. */
const bodyRows = async (page: Page, dimension: string): Promise<string[][]> =>
  (
    await table(page, dimension)
      .locator('tbody tr')
      .evaluateAll((rows) => rows.map((tr) => [...tr.querySelectorAll('th, td')].map((cell) => (cell.textContent ?? '').trim())))
  ).map((cells) => cells.slice(0, FIGURES));

const totalsRow = async (page: Page, dimension: string): Promise<string[]> =>
  (await table(page, dimension).locator('tfoot tr th, tfoot tr td').allTextContents()).map((t) => t.trim()).slice(0, FIGURES);

const groups = async (page: Page, dimension: string) => (await bodyRows(page, dimension)).map((row) => row[0]);

const params = (page: Page) => Object.fromEntries(new URL(page.url()).searchParams);

/** Header link from the large breakpoint; on phones the user menu, beside Settings. */
const openAnalytics = async (page: Page, viewport: Viewport, menuName: string) => {
  if (viewport.width >= 1024) {
    const link = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Analytics', exact: true });
    await link.click();
    await eventually(async () => expect(await link.getAttribute('aria-current')).to.equal('page'));
  } else {
    const menu = await openUserMenu(page, menuName);
    await menu.getByRole('menuitem', { name: 'Analytics' }).click();
  }
  await page.waitForURL((url) => url.pathname === '/analytics');
  await heading(page, 'Analytics').waitFor();
};

const useTheme = async (page: Page, theme: 'light' | 'dark') => {
  await page.emulateMedia({ colorScheme: theme, reducedMotion: 'reduce' });
  await page.waitForFunction((t) => document.documentElement.classList.contains(t), theme);
  // The cards and the table's headers repaint once React has the new theme (surface, muted text).
  const colours = theme === 'dark' ? ['rgb(17, 24, 39)', 'rgb(168, 179, 196)'] : ['rgb(255, 255, 255)', 'rgb(71, 85, 105)'];
  await page.waitForFunction(([surface, muted]) => {
    const card = document.querySelector('main section');
    const headers = [...document.querySelectorAll('thead th button')];
    return card !== null && getComputedStyle(card).backgroundColor === surface && headers.every((b) => getComputedStyle(b).color === muted);
  }, colours);
};

journey(
  'analytics',
  'breaks a history down by sport and by book, sorts it, narrows the period, exports the table and shows an empty range',
  async ({ e2e, page }, viewport) => {
    const menuName = `analytics-${viewport.name}`;
    await signUp(page, menuName, menuName);
    const api = await ApiClient.of(e2e, page);
    await api.addBets(SEED);
    await api.settled();

    await openAnalytics(page, viewport, menuName);
    // Default: by sport, all time, most bets first (ties by name).
    await table(page, 'sport').waitFor();
    expect(await bodyRows(page, 'sport')).to.deep.equal([
      ['Basketball', '2', '1-1-0-0', '50.0%', '$210.00', '+$40.00', '19.0%', '—'],
      ['Football', '2', '1-0-0-1', '100.0%', '$50.00', '+$50.00', '100.0%', '—'],
      ['Soccer', '1', '0-1-0-0', '0.0%', '$20.00', '-$20.00', '-100.0%', '—'],
    ]);
    expect(await totalsRow(page, 'sport')).to.deep.equal(['Total', '5', '2-2-0-1', '50.0%', '$280.00', '+$70.00', '25.0%', '—']);
    await page
      .getByRole('img', { name: /^Bar chart of profit by sport/ })
      .locator('svg')
      .first()
      .waitFor();
    expect(await horizontalOverflow(page).then((o) => o.scrollWidth <= o.innerWidth), 'no sideways page scroll').to.equal(true);
    await expectNoSeriousA11yViolations(page, `analytics by sport at ${viewport.width} px`);
    await screenshot(page, `analytics-by-sport-${viewport.name}`);

    // Sort by profit: highest first, then lowest first; kept in the URL.
    const profitHeader = table(page, 'sport').getByRole('button', { name: 'Profit', exact: true });
    await profitHeader.click();
    await eventually(async () => expect(await groups(page, 'sport')).to.deep.equal(['Football', 'Basketball', 'Soccer']));
    await profitHeader.click();
    await eventually(async () => expect(await groups(page, 'sport')).to.deep.equal(['Soccer', 'Basketball', 'Football']));
    expect(params(page)).to.deep.include({ by: 'sport', period: 'all', sort: 'profit', dir: 'asc' });
    // The totals stay last whatever the order.
    expect((await totalsRow(page, 'sport'))[0]).to.equal('Total');

    // The chart's ROI view.
    await page.getByRole('tab', { name: 'ROI', exact: true }).click();
    await page
      .getByRole('img', { name: /^Bar chart of ROI by sport/ })
      .locator('svg')
      .first()
      .waitFor();

    // By book.
    await page.getByLabel('Break down by', { exact: true }).selectOption('book');
    await table(page, 'book').waitFor();
    await eventually(async () =>
      expect(await bodyRows(page, 'book')).to.deep.equal([
        ['DraftKings', '2', '0-1-0-1', '0.0%', '$110.00', '-$110.00', '-100.0%', '—'],
        ['FanDuel', '3', '2-1-0-0', '66.7%', '$170.00', '+$180.00', '105.9%', '—'],
      ]),
    );
    expect(await totalsRow(page, 'book')).to.deep.equal(['Total', '5', '2-2-0-1', '50.0%', '$280.00', '+$70.00', '25.0%', '—']);
    expect(params(page)).to.deep.include({ by: 'book', sort: 'profit', dir: 'asc' });

    // Export CSV: the table as shown, in its order, with the totals.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV', exact: true }).click(),
    ]);
    expect(download.suggestedFilename()).to.equal('analytics-by-book-all.csv');
    const csv = readFileSync(await download.path(), 'utf8').split('\r\n');
    // Plain numbers with their units in the header; an empty cell where the table shows '—'.
    expect(csv[0]).to.equal('Group,Bets,Record (W-L-P-V),Win rate (%),Staked ($),Profit ($),ROI (%),Units (u),Avg odds,Avg CLV (%)');
    expect(csv.slice(1, 4).map((line) => line.split(',').slice(0, FIGURES))).to.deep.equal([
      ['DraftKings', '2', '0-1-0-1', '0.0', '110.00', '-110.00', '-100.0', ''],
      ['FanDuel', '3', '2-1-0-0', '66.7', '170.00', '180.00', '105.9', ''],
      ['Total', '5', '2-2-0-1', '50.0', '280.00', '70.00', '25.0', ''],
    ]);

    // The last 30 days: the soccer bet (200 days ago) drops out.
    await page.getByLabel('Period', { exact: true }).selectOption('30');
    await eventually(async () =>
      expect(await bodyRows(page, 'book')).to.deep.equal([
        ['DraftKings', '2', '0-1-0-1', '0.0%', '$110.00', '-$110.00', '-100.0%', '—'],
        ['FanDuel', '2', '2-0-0-0', '100.0%', '$150.00', '+$200.00', '133.3%', '—'],
      ]),
    );
    expect(await totalsRow(page, 'book')).to.deep.equal(['Total', '4', '2-1-0-1', '66.7%', '$260.00', '+$90.00', '34.6%', '—']);
    expect(params(page)).to.deep.include({ by: 'book', period: '30' });

    // Dark theme: the same screen, no contrast problems.
    await useTheme(page, 'dark');
    await expectNoSeriousA11yViolations(page, `analytics by book, dark, at ${viewport.width} px`);
    await screenshot(page, `analytics-by-book-30-days-dark-${viewport.name}`);
    await useTheme(page, 'light');

    // A range without bets: the empty state, and nothing to export.
    await page.getByLabel('Period', { exact: true }).selectOption('custom');
    await page.getByLabel('From', { exact: true }).fill('2001-01-01');
    await page.getByLabel('To', { exact: true }).fill('2001-12-31');
    await page.getByText('No bets in this period yet', { exact: true }).waitFor();
    expect(await page.getByRole('button', { name: 'Export CSV', exact: true }).isDisabled()).to.equal(true);
    expect(params(page)).to.deep.include({ by: 'book', period: 'custom', from: '2001-01-01', to: '2001-12-31' });
    expect(await horizontalOverflow(page).then((o) => o.scrollWidth <= o.innerWidth), 'no sideways page scroll').to.equal(true);
    await expectNoSeriousA11yViolations(page, `analytics empty range at ${viewport.width} px`);
    await screenshot(page, `analytics-empty-range-${viewport.name}`);

    // Reload keeps the view (it lives in the URL).
    await page.reload();
    await page.getByText('No bets in this period yet', { exact: true }).waitFor();
    expect(await page.getByLabel('From', { exact: true }).inputValue()).to.equal('2001-01-01');
  },
);
