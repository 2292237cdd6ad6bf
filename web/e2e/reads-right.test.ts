import { expect } from 'chai';
import type { Locator, Page } from 'playwright-core';
import { screenshot } from './harness';
import {
  ApiClient,
  daysAgo,
  eventually,
  heading,
  navigateTo,
  PASSWORD,
  toastLocator,
  uniqueEmail,
  journey,
  type TestPage,
  type Viewport,
} from './steps';

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

const box = async (locator: Locator): Promise<Box> => {
  const found = await locator.boundingBox();
  if (!found) throw new Error('not on screen');
  return found;
};

/** 'MMM d' as the chart's time axis writes a day (in the browser's calendar, as `daysAgo`). */
const axisDay = (date: string) =>
  new Date(`${date}T12:00:00`).toLocaleDateString('en-US', { month: 'short', day: 'numeric' }).replace(/\s+/, ' ');

const floatingAddBet = (page: Page) => page.locator('button[aria-label="Add Bet"]').last();

/**
 * What read wrong: the welcome toast over the page's heading on phones; the header's funds button
 * and the floating add button unlabelled; the floating button over a form's buttons at 375 px
 * (a parlay leg's Remove, Settings' Update Email); a one-day chart whose axis ran into tomorrow.
 */
const readsRight = async ({ e2e, page }: TestPage, viewport: Viewport) => {
  const phone = viewport.width < 1024;
  await page.goto('/signup');
  await heading(page, 'Create Account').waitFor();
  await page.getByLabel('Email', { exact: true }).fill(uniqueEmail(`reads-${viewport.name}`));
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Create Account' }).click();
  const welcome = toastLocator(page, 'Welcome!', 'Your account has been created successfully.');
  await welcome.waitFor();
  const title = heading(page, 'Dashboard');
  await title.waitFor();
  expect(overlaps(await box(welcome), await box(title)), 'the welcome toast covers the heading').to.equal(false);
  await screenshot(page, `welcome-toast-${viewport.name}`);

  // Both "+" buttons say what they add.
  const funds = page.getByRole('banner').getByRole('button', { name: 'Add Funds', exact: true });
  expect((await funds.innerText()).trim()).to.equal(viewport.width >= 1280 ? 'Add Funds' : 'Funds');
  if (phone) expect((await floatingAddBet(page).innerText()).trim()).to.equal('Bet');

  // A one-day chart: one point, named by its day, and no axis label for the day after.
  const api = await ApiClient.of(e2e, page);
  const day = daysAgo(0);
  await api.addBets([{ sport: 'football', event: 'Only Day', betType: 'moneyline', odds: '+100', stake: 10, outcome: 'win', date: day }]);
  await api.settled();
  await page.reload();
  const chart = page.getByRole('img', { name: /^Cumulative profit, last 30 days: \+\$10\.00/ });
  await chart.waitFor();
  const labels = chart.locator('.apexcharts-xaxis-label');
  await eventually(async () => expect(await labels.count()).to.be.greaterThan(0));
  const tomorrow = axisDay(daysAgo(-1));
  const texts = await labels.allTextContents();
  expect(
    texts.some((text) => text.includes(tomorrow)),
    `axis ${JSON.stringify(texts)}`,
  ).to.equal(false);
  await screenshot(page, `one-day-chart-${viewport.name}`);

  if (!phone) return;
  // The floating button gives way while a form of the page is being filled in.
  await navigateTo(page, viewport, 'parlays');
  const legOne = page.getByRole('group', { name: 'Leg 1', exact: true });
  await legOne.getByLabel('Event', { exact: true }).fill('Some game');
  await eventually(async () => expect(await floatingAddBet(page).isVisible()).to.equal(false));
  await page.getByRole('button', { name: 'Add Leg' }).click();
  const remove = page.getByRole('button', { name: 'Remove leg 3' });
  await remove.scrollIntoViewIfNeeded();
  await remove.click({ trial: true, timeout: 2_000 }); // nothing on top of it
  await page.goto('/settings');
  await heading(page, 'Account Settings').waitFor();
  await eventually(async () => expect(await floatingAddBet(page).isVisible()).to.equal(true));
  await page.getByLabel('New Email', { exact: true }).fill('someone@example.com');
  await eventually(async () => expect(await floatingAddBet(page).isVisible()).to.equal(false));
  await page.getByRole('button', { name: 'Update Email' }).click({ trial: true, timeout: 2_000 });
};

journey('reads right', 'keeps toasts and the add button off what they covered, labels both "+", ends a one-day axis that day', readsRight);
