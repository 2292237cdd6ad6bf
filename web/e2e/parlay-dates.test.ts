import { expect } from 'chai';
import type { Locator, Page } from 'playwright-core';
import { screenshot } from './harness';
import { ApiClient, daysAgo, eventually, expectToast, heading, navigateTo, signUp, journey, type TestPage, type Viewport } from './steps';

const leg = (page: Page, n: number): Locator => page.getByRole('group', { name: `Leg ${n}`, exact: true });
const card = (page: Page, title: string) => page.getByRole('region', { name: title, exact: true });
const statValue = (page: Page, title: string) =>
  page
    .locator('section')
    .filter({ has: page.getByRole('heading', { name: title, exact: true, level: 2 }) })
    .locator(':scope > p')
    .first();

/** As the app prints a day: "Aug 15, 2026". */
const shown = (day: string) => {
  const [y, m, d] = day.split('-').map(Number);
  return new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(Date.UTC(y, m - 1, d)),
  );
};

const fillLeg = async (group: Locator, event: string, date: string) => {
  await group.getByLabel('Sport', { exact: true }).selectOption('football');
  await group.getByLabel('Event', { exact: true }).fill(event);
  await group.getByLabel('Selection', { exact: true }).fill('Home');
  await group.getByLabel('Odds', { exact: true }).fill('+100');
  await group.getByLabel('Date', { exact: true }).fill(date);
  await group.getByLabel('Outcome', { exact: true }).selectOption('win');
};

/**
 * A parlay backfilled with legs of ~100 days ago is dated on its latest leg, so it
 * is listed on that day, stays out of "Last 30 days", and sits in the streak of that day.
 */
const backfillParlay = async ({ e2e, page }: TestPage, viewport: Viewport) => {
  await signUp(page, `parlay-dates-${viewport.name}`);
  const api = await ApiClient.of(e2e, page);
  // A win the day before the parlay's legs and a loss 50 days ago: the parlay extends the win when dated on its legs.
  await api.addBets([
    { sport: 'soccer', event: 'Early win', betType: 'moneyline', odds: '+100', stake: 10, outcome: 'win', date: daysAgo(102) },
    { sport: 'soccer', event: 'Later loss', betType: 'moneyline', odds: '+100', stake: 10, outcome: 'loss', date: daysAgo(50) },
  ]);
  await api.settled();

  await navigateTo(page, viewport, 'parlays');
  await heading(page, 'Parlay Builder').waitFor();
  await page.getByLabel('Parlay Name', { exact: true }).fill('Backfilled Double');
  await fillLeg(leg(page, 1), 'Old game 1', daysAgo(101));
  await fillLeg(leg(page, 2), 'Old game 2', daysAgo(100));
  // The builder shows the latest leg's date.
  const dateField = page.getByLabel('Parlay Date', { exact: true });
  await eventually(async () => expect(await dateField.inputValue()).to.equal(daysAgo(100)));
  await screenshot(page, `parlay-dates-builder-${viewport.name}`);
  await page.getByRole('button', { name: 'Create Parlay' }).click();
  await expectToast(page, 'Parlay added successfully');

  // Listed on that day.
  const saved = page.getByRole('article', { name: 'Backfilled Double' });
  await saved.getByText(`${shown(daysAgo(100))} · 2 legs`, { exact: true }).waitFor();
  await screenshot(page, `parlay-dates-history-${viewport.name}`);

  // Not in "Last 30 days": the dashboard counts nothing, Bet History's default period shows nothing.
  await navigateTo(page, viewport, 'dashboard');
  await eventually(async () => expect(await statValue(page, 'Total Bets').innerText()).to.equal('0'));
  await navigateTo(page, viewport, 'history');
  await page.getByText('No bets found. Try adjusting your filters or add a new bet.', { exact: true }).first().waitFor();

  // In the streak of its day: win (102 days ago), the parlay (100), then the loss (50 days ago).
  await navigateTo(page, viewport, 'streaks');
  await card(page, 'Current Streak').getByText('1 Loss', { exact: true }).waitFor();
  const records = card(page, 'Record Streaks');
  await records.getByText('2 Wins', { exact: true }).waitFor();
  expect(await records.innerText()).to.contain(shown(daysAgo(100)));
  await screenshot(page, `parlay-dates-streaks-${viewport.name}`);

  // The edit form shows the date, following the legs until the bettor changes it.
  await navigateTo(page, viewport, 'parlays');
  await page.getByRole('tab', { name: 'History', exact: true }).click();
  await page.getByRole('article', { name: 'Backfilled Double' }).getByRole('button', { name: 'Edit Parlay' }).click();
  await eventually(async () => expect(await dateField.inputValue()).to.equal(daysAgo(100)));
  await leg(page, 2).getByLabel('Date', { exact: true }).fill(daysAgo(99));
  await eventually(async () => expect(await dateField.inputValue()).to.equal(daysAgo(99)));
  await dateField.fill(daysAgo(98));
  await leg(page, 2).getByLabel('Date', { exact: true }).fill(daysAgo(100));
  expect(await dateField.inputValue()).to.equal(daysAgo(98));
  await page.getByRole('button', { name: 'Update Parlay' }).click();
  await expectToast(page, 'Parlay updated successfully');
  await page
    .getByRole('article', { name: 'Backfilled Double' })
    .getByText(`${shown(daysAgo(98))} · 2 legs`, { exact: true })
    .waitFor();

  // Clearing the date gives it back to the legs.
  await page.getByRole('article', { name: 'Backfilled Double' }).getByRole('button', { name: 'Edit Parlay' }).click();
  await eventually(async () => expect(await dateField.inputValue()).to.equal(daysAgo(98)));
  await dateField.fill('');
  await eventually(async () => expect(await dateField.inputValue()).to.equal(daysAgo(100)));
  await page.getByRole('button', { name: 'Update Parlay' }).click();
  await expectToast(page, 'Parlay updated successfully');
  await page
    .getByRole('article', { name: 'Backfilled Double' })
    .getByText(`${shown(daysAgo(100))} · 2 legs`, { exact: true })
    .waitFor();
};

journey('parlay-dates', 'dates a backfilled parlay on its latest leg, out of the last 30 days and inside its streak', backfillParlay);
