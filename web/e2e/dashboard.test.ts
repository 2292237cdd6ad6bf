import { expect } from 'chai';
import type { Locator, Page } from 'playwright-core';
import { eventually, expectToast, heading, toastLocator, uniqueEmail, journey, type Viewport } from './steps';

/** A summary card of the dashboard, found by its title. */
const statCard = (page: Page, title: string): Locator =>
  page.locator('section').filter({ has: page.getByRole('heading', { name: title, exact: true, level: 2 }) });

/** The card's value is the first paragraph under its title (a trend or label follows it). */
const expectStat = async (page: Page, title: string, value: string) => {
  const valueText = statCard(page, title).locator(':scope > p').first();
  await eventually(async () => expect(await valueText.innerText(), title).to.equal(value));
};

interface BetEntry {
  sport: string;
  betType: string;
  event: string;
  odds: string;
  stake: string;
  outcome: string;
}

const fillBet = async (form: Locator, bet: BetEntry) => {
  await form.getByLabel('Sport', { exact: true }).selectOption(bet.sport);
  await form.getByLabel('Bet Type', { exact: true }).selectOption(bet.betType);
  await form.getByLabel('Event', { exact: true }).fill(bet.event);
  await form.getByLabel('Odds', { exact: true }).fill(bet.odds);
  await form.getByLabel('Stake ($)', { exact: true }).fill(bet.stake);
  await form.getByLabel('Outcome', { exact: true }).selectOption(bet.outcome);
};

/** Journey 1: sign up (with a validation error first), the empty dashboard, adding bets, cards, charts, Recent Bets. */
const signUpAndAddBets = async (page: Page, viewport: Viewport) => {
  await page.goto('/signup');
  await heading(page, 'Create Account').waitFor();
  await page.getByLabel('Email', { exact: true }).fill(uniqueEmail(`dash-${viewport.name}`));
  await page.getByLabel('Password', { exact: true }).fill('abc');
  await page.getByRole('button', { name: 'Create Account' }).click();
  // Shown under the field, as the bet form shows its own, and the field takes the focus.
  await page.getByText('Password must be at least 6 characters', { exact: true }).waitFor();
  const password = page.getByLabel('Password', { exact: true });
  expect(await password.getAttribute('aria-invalid')).to.equal('true');
  await eventually(async () => expect(await password.evaluate((el) => el === document.activeElement)).to.equal(true));
  expect(new URL(page.url()).pathname).to.equal('/signup');

  await page.getByLabel('Password', { exact: true }).fill('abcdef');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expectToast(page, 'Welcome!', 'Your account has been created successfully.');
  await page.waitForURL((url) => url.pathname === '/');

  // The empty dashboard.
  await heading(page, 'Dashboard').waitFor();
  const recent = page.getByRole('region', { name: 'Recent Bets' });
  await recent.getByText('No bets recorded yet. Add your first bet!', { exact: true }).waitFor();
  await expectStat(page, 'Win Rate', '0.0%');
  await expectStat(page, 'Total Profit', '$0.00');
  await expectStat(page, 'ROI', '0.0%');
  await expectStat(page, 'Total Bets', '0');
  await statCard(page, 'Total Bets').getByText('Last 30 days', { exact: true }).waitFor();
  expect(await recent.getByRole('link', { name: 'View All' }).getAttribute('href')).to.equal('/history');

  const form = page.getByRole('form', { name: 'Add New Bet' });
  const first: BetEntry = { sport: 'football', betType: 'moneyline', event: 'Chiefs vs Bills', odds: '+150', stake: '0', outcome: 'win' };

  // Stake 0 is refused with the spec's message, next to the field; nothing is sent.
  await fillBet(form, first);
  await form.getByRole('button', { name: 'Add Bet' }).click();
  await form.getByText('Stake must be a positive number', { exact: true }).waitFor();
  expect(await form.getByLabel('Stake ($)', { exact: true }).getAttribute('aria-invalid')).to.equal('true');

  // Odds of +50 are too short for American odds.
  await form.getByLabel('Stake ($)', { exact: true }).fill('100');
  await form.getByLabel('Odds', { exact: true }).fill('+50');
  await form.getByRole('button', { name: 'Add Bet' }).click();
  await form.getByText('American odds must be +100 or more, or -100 or less', { exact: true }).waitFor();
  expect(await form.getByText('Stake must be a positive number').count()).to.equal(0);
  await recent.getByText('No bets recorded yet. Add your first bet!', { exact: true }).waitFor();

  // A valid bet: toast, the form starts over, cards, Recent Bets and the charts follow.
  await form.getByLabel('Odds', { exact: true }).fill('+150');
  await form.getByRole('button', { name: 'Add Bet' }).click();
  await expectToast(page, 'Bet added successfully', 'Your bet has been recorded.');
  // It starts over from the sport, bet type and stake just used (the form remembers them).
  expect(await form.getByLabel('Event', { exact: true }).inputValue()).to.equal('');
  expect(await form.getByLabel('Odds', { exact: true }).inputValue()).to.equal('');
  expect(await form.getByLabel('Stake ($)', { exact: true }).inputValue()).to.equal('100');
  expect(await form.getByLabel('Sport', { exact: true }).inputValue()).to.equal('football');
  expect(await form.getByLabel('Bet Type', { exact: true }).inputValue()).to.equal('moneyline');
  await recent.getByText('Chiefs vs Bills', { exact: true }).waitFor();
  await expectStat(page, 'Win Rate', '100.0%');
  await expectStat(page, 'Total Profit', '+$150.00');
  await expectStat(page, 'ROI', '150.0%');
  await expectStat(page, 'Total Bets', '1');

  await fillBet(form, { sport: 'basketball', betType: 'spread', event: 'Lakers vs Warriors', odds: '-110', stake: '50', outcome: 'loss' });
  await form.getByRole('button', { name: 'Add Bet' }).click();
  await expectToast(page, 'Bet added successfully', 'Your bet has been recorded.');
  await recent.getByText('Lakers vs Warriors', { exact: true }).waitFor();
  await expectStat(page, 'Win Rate', '50.0%');
  await expectStat(page, 'Total Profit', '+$100.00');
  await expectStat(page, 'ROI', '66.7%');
  await expectStat(page, 'Total Bets', '2');
  // Newest first.
  expect(await recent.getByRole('listitem').allInnerTexts()).to.have.length(2);
  expect((await recent.getByRole('listitem').first().innerText()).startsWith('Lakers vs Warriors')).to.equal(true);

  // Both charts draw, and the doughnut's legend shares the bets out by sport.
  await page
    .getByRole('img', { name: /^Cumulative profit/ })
    .locator('svg.apexcharts-svg')
    .waitFor();
  await page
    .getByRole('img', { name: /^Doughnut chart of bets/ })
    .locator('svg.apexcharts-svg')
    .waitFor();
  const legend = page.getByRole('list', { name: 'Chart legend, top 5' });
  expect(await legend.getByRole('listitem').count()).to.equal(2);
  for (const sport of ['Basketball', 'Football']) {
    await legend.getByRole('listitem').filter({ hasText: sport }).getByText('50.0%', { exact: true }).waitFor();
  }
  // The charts fit their cards at this width.
  for (const chart of await page.locator('svg.apexcharts-svg').all()) {
    const box = await chart.boundingBox();
    expect(box, 'chart has a size').to.not.equal(null);
    expect(box!.x + box!.width).to.be.at.most(viewport.width);
  }
  expect(await toastLocator(page, 'Failed to add bet').count()).to.equal(0);
};

journey(
  'dashboard',
  'signs up, then adds bets (refusing a zero stake and +50 odds) and sees cards, charts and Recent Bets follow',
  (t, viewport) => signUpAndAddBets(t.page, viewport),
);
