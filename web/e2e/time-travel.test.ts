import { expect } from 'chai';
import { readFile, stat } from 'node:fs/promises';
import type { Locator, Page } from 'playwright-core';
import { EventLog, recordEvents } from '@bt/launcher/testing';
import { screenshot } from './harness';
import { ApiClient, daysAgo, eventually, heading, journey, signUp, type TestPage, type Viewport } from './steps';

const statCard = (page: Page, title: string): Locator =>
  page.locator('section').filter({ has: page.getByRole('heading', { name: title, exact: true, level: 2 }) });

/** The card's value is the first paragraph under its title. */
const expectStat = async (page: Page, title: string, value: string) => {
  const valueText = statCard(page, title).locator(':scope > p').first();
  await eventually(async () => expect(await valueText.innerText(), title).to.equal(value));
};

const US_DATE = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
/** "Mar 1, 2026", as the app prints a calendar day. */
const usDate = (day: string) => US_DATE.format(new Date(`${day}T00:00:00.000Z`));

/** The dashboard's own Add Bet (the header's quick add records now, whatever day the page shows). */
const addBetButton = (page: Page) => page.getByRole('form', { name: 'Add New Bet' }).getByRole('button', { name: 'Add Bet', exact: true });

const asOfParam = (page: Page) => new URL(page.url()).searchParams.get('asOf');

/**
 * Gives the signed-up user a history recorded over the last 20 days (the log's occurredAt in the
 * past, appended straight to the product's event store, as no command can record in the past):
 * day -20 a $100 win at +100 and a $500 goal; day -10 a $110 loss at -110; day -5 the first bet
 * re-settled as a loss and the goal removed. As of day -15: +$100.00, 100.0%, a 1-win streak,
 * the goal at $100.00. Today: -$210.00, 0.0%, a 2-loss streak, no goal.
 */
const recordHistory = async ({ e2e, page }: TestPage): Promise<void> => {
  const api = await ApiClient.of(e2e, page);
  const me = await api.call<{ id: string }>('GET', '/auth/me');
  const noon = (day: string) => `${day}T12:00:00.000Z`;
  const log = new EventLog(me.id);
  log.at(noon(daysAgo(20)));
  const first = log.placeBet(
    { date: daysAgo(20), sport: 'basketball', event: 'Lakers vs Celtics', betType: 'moneyline', odds: '+100', stake: 100 },
    'win',
  );
  const goal = log.setGoal({ title: 'Make 500', targetAmount: 500, timeframe: 'monthly', startDate: daysAgo(20), endDate: daysAgo(-11) });
  log.at(noon(daysAgo(10)));
  log.placeBet(
    { date: daysAgo(10), sport: 'baseball', event: 'Yankees vs Red Sox', betType: 'moneyline', odds: '-110', stake: 110 },
    'loss',
  );
  log.at(noon(daysAgo(5)));
  log.settleBet(first, 'loss');
  log.removeGoal(goal);
  const position = await recordEvents(e2e.product.eventStoreUrl, log.events);
  // Returns once the projector has the events (the read waits for the position).
  const answer = await fetch(`${e2e.product.url}/api/stats`, {
    headers: { Authorization: `Bearer ${await page.evaluate(() => localStorage.getItem('token'))}`, 'X-Min-Position': position },
  });
  expect(answer.headers.get('X-Read-Models-Behind')).to.equal(null);
};

const chooseDay = async (page: Page, day: string) => {
  await page.getByLabel('As of', { exact: true }).fill(day);
  await page.waitForURL((url) => url.searchParams.get('asOf') === day);
};

const banner = (page: Page, day: string) => page.getByText(`Viewing your record as of ${usDate(day)}`, { exact: true });

const travelThroughTime = async (t: TestPage, viewport: Viewport) => {
  const { page } = t;
  await signUp(page, `time-travel-${viewport.name}`);
  await recordHistory(t);
  const past = daysAgo(15);

  // Today's dashboard, then the same dashboard as of day -15.
  await page.goto('/');
  await expectStat(page, 'Total Profit', '-$210.00');
  await expectStat(page, 'Win Rate', '0.0%');
  expect(await page.getByLabel('As of', { exact: true }).inputValue()).to.equal(daysAgo(0));
  await chooseDay(page, past);
  await banner(page, past).waitFor();
  await expectStat(page, 'Total Profit', '+$100.00');
  await expectStat(page, 'Win Rate', '100.0%');
  expect(await addBetButton(page).isDisabled()).to.equal(true);
  expect(await page.getByRole('form', { name: 'Add New Bet' }).getByLabel('Event', { exact: true }).isDisabled()).to.equal(true);
  // Recent Bets as it stood: the first bet, still a win; the later one not there yet.
  const recent = page.getByRole('region', { name: 'Recent Bets' }).or(page.locator('[aria-labelledby="recent-bets-title"]'));
  await recent.getByText('Lakers vs Celtics', { exact: true }).waitFor();
  await recent.getByText('+$100.00', { exact: true }).waitFor();
  expect(await recent.getByText('Yankees vs Red Sox', { exact: true }).count()).to.equal(0);
  await screenshot(page, `time-travel-dashboard-past-${viewport.name}`);

  // Back to today: the live figures, the writing controls back, the day out of the URL.
  await page.getByRole('button', { name: 'Back to today', exact: true }).click();
  await eventually(() => expect(asOfParam(page)).to.equal(null));
  await expectStat(page, 'Total Profit', '-$210.00');
  expect(await banner(page, past).count()).to.equal(0);
  expect(await addBetButton(page).isDisabled()).to.equal(false);
  await page.getByRole('link', { name: 'View All', exact: true }).waitFor();
  await recent.getByText('Yankees vs Red Sox', { exact: true }).waitFor();

  // Streaks from a bookmarked URL: one win as of day -15, two losses today.
  await page.goto(`/streaks?asOf=${past}`);
  await heading(page, 'Hot/Cold Streaks Analysis').waitFor();
  await banner(page, past).waitFor();
  const current = page.locator('section').filter({ has: page.getByRole('heading', { name: 'Current Streak', exact: true }) });
  await current.getByText('1 Win', { exact: true }).waitFor();
  await screenshot(page, `time-travel-streaks-past-${viewport.name}`);
  // A day typed and then "Back to today" before the typed day settles: today wins, the typed day never replays.
  await page.getByLabel('As of', { exact: true }).fill(daysAgo(20));
  await page.getByRole('button', { name: 'Back to today', exact: true }).click();
  await current.getByText('2 Losses', { exact: true }).waitFor();
  await page.waitForTimeout(1_000); // past the control's 400 ms settling time
  expect(asOfParam(page)).to.equal(null);
  expect(await page.getByLabel('As of', { exact: true }).inputValue()).to.equal(daysAgo(0));

  // Goals: the removed goal as it stood, read only; today none; before the history, the empty state.
  await page.goto(`/goals?asOf=${past}`);
  await banner(page, past).waitFor();
  const card = page.getByRole('article', { name: 'Make 500' });
  await card.getByText('$100.00', { exact: true }).waitFor();
  expect(await card.getByRole('button', { name: 'Edit Make 500', exact: true }).isDisabled()).to.equal(true);
  expect(await card.getByRole('button', { name: 'Delete Make 500', exact: true }).isDisabled()).to.equal(true);
  expect(await page.getByRole('button', { name: 'New Goal', exact: true }).isDisabled()).to.equal(true);
  await screenshot(page, `time-travel-goals-past-${viewport.name}`);
  await page.getByRole('button', { name: 'Back to today', exact: true }).click();
  await page.getByText('No profit goals yet', { exact: true }).waitFor();
  expect(await page.getByRole('button', { name: 'New Goal', exact: true }).isDisabled()).to.equal(false);
  const before = daysAgo(30);
  await chooseDay(page, before);
  await banner(page, before).waitFor();
  await page.getByText('No profit goals yet', { exact: true }).waitFor();
  expect(await page.getByRole('button', { name: 'Create First Goal', exact: true }).isDisabled()).to.equal(true);

  // Before the history began the dashboard shows its empty states.
  await page.goto(`/?asOf=${before}`);
  await banner(page, before).waitFor();
  await expectStat(page, 'Total Profit', '$0.00');
  await page.getByText('No bets recorded yet.', { exact: true }).waitFor();
  await page.getByText('No settled bets in this period yet.', { exact: true }).waitFor();

  // A future day or garbage in the URL: said so, and today's record shown.
  const future = daysAgo(-3);
  await page.goto(`/?asOf=${future}`);
  await page.getByText(`${usDate(future)} is in the future. Showing your record as of today.`, { exact: true }).waitFor();
  await expectStat(page, 'Total Profit', '-$210.00');
  await page.goto('/?asOf=last-week');
  await page.getByText('"last-week" is not a date. Showing your record as of today.', { exact: true }).waitFor();
  await expectStat(page, 'Total Profit', '-$210.00');
  expect(await page.getByLabel('As of', { exact: true }).getAttribute('max')).to.equal(daysAgo(0));
  await screenshot(page, `time-travel-refused-day-${viewport.name}`);
};

journey(
  'time-travel',
  'views the dashboard, streaks and goals as of a past day, read only, bookmarkable, and comes back to today',
  travelThroughTime,
);

const US_SIZE = (bytes: number) => (bytes < 1000 ? `${bytes} B` : `${(bytes / 1000).toFixed(1)} KB`);

const downloadMyData = async ({ e2e, page }: TestPage, viewport: Viewport) => {
  await signUp(page, `my-data-${viewport.name}`);
  const api = await ApiClient.of(e2e, page);
  await api.addBets([{ sport: 'hockey', event: 'Oilers vs Flames', betType: 'moneyline', odds: '+120', stake: 25, outcome: 'win' }]);
  await api.settled();
  await page.goto('/settings');
  await heading(page, 'Download my data', 2).waitFor();

  for (const file of [
    { button: 'Download event log', key: 'events', name: /^bet-tracker-events-\d{4}-\d{2}-\d{2}\.ndjson$/, holds: 'BetPlaced' },
    { button: 'Download bets CSV', key: 'bets', name: /^bet-tracker-bets-\d{4}-\d{2}-\d{2}\.csv$/, holds: 'Oilers vs Flames' },
  ]) {
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: file.button, exact: true }).click(),
    ]);
    expect(download.suggestedFilename()).to.match(file.name);
    const path = await download.path();
    const size = (await stat(path)).size;
    expect(size).to.be.above(0);
    expect(await readFile(path, 'utf8')).to.contain(file.holds);
    const status = page.locator(`[data-file="${file.key}"]`);
    await eventually(async () =>
      expect(await status.innerText()).to.equal(`${US_SIZE(size)} downloaded. Saved as ${download.suggestedFilename()}`),
    );
  }
  await screenshot(page, `download-my-data-${viewport.name}`);
};

journey('download-my-data', 'downloads the event log and the bets CSV from Settings, showing their sizes', downloadMyData);
