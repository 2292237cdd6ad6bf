import { expect } from 'chai';
import type { Locator, Page } from 'playwright-core';
import { EventLog, recordEvents } from '@bt/launcher/testing';
import { screenshot } from './harness';
import { ApiClient, daysAgo, eventually, journey, signUp, type TestPage, type Viewport } from './steps';

const statValue = (page: Page, title: string): Locator =>
  page
    .locator('section')
    .filter({ has: page.getByRole('heading', { name: title, exact: true, level: 2 }) })
    .locator(':scope > p')
    .first();

const expectText = async (locator: Locator, text: string, what: string) =>
  eventually(async () => expect(await locator.innerText(), what).to.contain(text));

const headerBankroll = (page: Page) => page.getByRole('banner').getByTestId('header-bankroll');

/**
 * Day -20: $1,000 deposited and a $100 win at +100 dated that day. Today: a $40 win at +150
 * backfilled with date day -15, and $500 deposited. As of day -10, as recorded: +$100.00 and a
 * $1,100.00 bankroll; dated: +$160.00 and $1,160.00 (today's deposit left out). Today: $1,660.00.
 */
const recordHistory = async ({ e2e, page }: TestPage): Promise<void> => {
  const api = await ApiClient.of(e2e, page);
  const me = await api.call<{ id: string }>('GET', '/auth/me');
  const log = new EventLog(me.id);
  log.at(`${daysAgo(20)}T12:00:00.000Z`).addFunds(1000);
  log.placeBet(
    { date: daysAgo(20), sport: 'basketball', event: 'Lakers vs Celtics', betType: 'moneyline', odds: '+100', stake: 100 },
    'win',
  );
  log.at(new Date().toISOString());
  log.placeBet({ date: daysAgo(15), sport: 'hockey', event: 'Oilers vs Flames', betType: 'moneyline', odds: '+150', stake: 40 }, 'win');
  log.addFunds(500);
  const position = await recordEvents(e2e.product.eventStoreUrl, log.events);
  const answer = await fetch(`${e2e.product.url}/api/stats`, {
    headers: { Authorization: `Bearer ${await page.evaluate(() => localStorage.getItem('token'))}`, 'X-Min-Position': position },
  });
  expect(answer.headers.get('X-Read-Models-Behind')).to.equal(null);
};

const bothReadings = async (t: TestPage, viewport: Viewport) => {
  const { page } = t;
  await signUp(page, `as-of-readings-${viewport.name}`);
  await recordHistory(t);
  const past = daysAgo(10);
  const recent = page.locator('[aria-labelledby="recent-bets-title"]');

  await page.goto('/');
  await expectText(statValue(page, 'Total Profit'), '+$160.00', 'today');
  await expectText(headerBankroll(page), '$1,660.00', 'bankroll today');

  // As recorded by the end of day -10 (the default): the backfilled bet is not there, and the banner says why.
  await page.goto(`/?asOf=${past}`);
  await page.getByText('bets added later, even if dated earlier, are not included', { exact: false }).waitFor();
  await page.getByText('Viewing the past: return to today to make changes', { exact: false }).waitFor();
  await expectText(statValue(page, 'Total Profit'), '+$100.00', 'recorded');
  await expectText(headerBankroll(page), '$1,100.00', 'bankroll recorded');
  await recent.getByText('Lakers vs Celtics', { exact: true }).waitFor();
  expect(await recent.getByText('Oilers vs Flames', { exact: true }).count()).to.equal(0);
  // Read only: the form, the header's quick add (both its buttons) and Add Funds.
  const form = page.getByRole('form', { name: 'Add New Bet' });
  expect(await form.getByRole('button', { name: 'Add Bet', exact: true }).isDisabled()).to.equal(true);
  for (const button of await page.getByRole('banner').getByRole('button', { name: 'Add Bet' }).all()) {
    expect(await button.isDisabled()).to.equal(true);
  }
  await screenshot(page, `time-travel-recorded-${viewport.name}`);

  // Bets dated up to day -10: the backfilled bet counts; today's deposit does not.
  await page.getByLabel('Showing', { exact: true }).selectOption('dated');
  await page.waitForURL((url) => url.searchParams.get('asOfReading') === 'dated' && url.searchParams.get('asOf') === past);
  await page.getByText('Bets dated up to that day, as recorded now', { exact: false }).waitFor();
  await expectText(statValue(page, 'Total Profit'), '+$160.00', 'dated');
  await expectText(headerBankroll(page), '$1,160.00', 'bankroll dated');
  await recent.getByText('Oilers vs Flames', { exact: true }).waitFor();
  expect(await form.getByRole('button', { name: 'Add Bet', exact: true }).isDisabled()).to.equal(true);
  await screenshot(page, `time-travel-dated-${viewport.name}`);

  // The reading survives a reload (it is in the URL); Back to today brings the live record and the controls back.
  await page.reload();
  expect(await page.getByLabel('Showing', { exact: true }).inputValue()).to.equal('dated');
  await expectText(headerBankroll(page), '$1,160.00', 'bankroll dated after reload');
  await page.getByRole('button', { name: 'Back to today', exact: true }).click();
  await eventually(() => expect(new URL(page.url()).searchParams.get('asOf')).to.equal(null));
  await expectText(headerBankroll(page), '$1,660.00', 'bankroll back today');
  expect(await form.getByRole('button', { name: 'Add Bet', exact: true }).isDisabled()).to.equal(false);
  for (const button of await page.getByRole('banner').getByRole('button', { name: 'Add Bet' }).all()) {
    expect(await button.isDisabled()).to.equal(false);
  }
};

journey(
  'time-travel-readings',
  'shows a past day as recorded by its end or as the bets dated up to it, the header bankroll following, read only',
  bothReadings,
);
