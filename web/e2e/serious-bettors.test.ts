import { expect } from 'chai';
import type { Locator, Page } from 'playwright-core';
import { screenshot } from './harness';
import { MESSAGES } from '@bt/contracts';
import {
  eventually,
  expectNoSeriousA11yViolations,
  expectToast,
  heading,
  navigateTo,
  openUserMenu,
  signUp,
  journey,
  type Viewport,
} from './steps';

/**
 * What serious bettors track: a bettor who reads decimal odds and counts in units sets
 * both in Settings > Preferences, logs a bonus bet (with closing odds) and a cashed-out bet, each
 * with a book and tags and odds typed in decimal, and finds them in Bet History (book column,
 * prices in decimal, units; CLV on wide screens), and on the dashboard the W-L-P record and the CLV card.
 */

const filters = (page: Page): Locator => page.getByRole('search', { name: 'Filter bets' });

/** On phones the selects sit behind the 'Filters' button: unfold them if they are folded. */
const unfold = async (page: Page, viewport: Viewport) => {
  if (viewport.name === 'desktop') return;
  const button = filters(page).getByRole('button', { name: /^Filters/ });
  if ((await button.getAttribute('aria-expanded')) === 'false') await button.click();
};

/** The rows on screen: the table's on desktops, the cards' on phones. */
const rows = (page: Page, viewport: Viewport): Locator =>
  viewport.name === 'desktop' ? page.locator('table tbody tr') : page.getByRole('list', { name: 'Bets' }).getByRole('listitem');

const row = (page: Page, viewport: Viewport, event: string): Locator => rows(page, viewport).filter({ hasText: event });

const shownEvents = async (page: Page): Promise<string[]> =>
  (
    await page.getByRole('button', { name: /^Delete / }).evaluateAll((buttons) => buttons.map((b) => b.getAttribute('aria-label') ?? ''))
  ).map((label) => label.replace(/^Delete /, ''));

/** A summary card of the dashboard, found by its title. */
const statCard = (page: Page, title: string): Locator =>
  page.locator('section').filter({ has: page.getByRole('heading', { name: title, exact: true, level: 2 }) });

interface Wager {
  sport: string;
  betType: string;
  event: string;
  odds: string;
  stake: string;
  book: string;
  league?: string;
  tags: string;
  closingOdds?: string;
  bonusBet?: boolean;
  outcome: string;
  cashOutAmount?: string;
}

const addBet = async (page: Page, form: Locator, bet: Wager) => {
  await form.getByLabel('Sport', { exact: true }).selectOption(bet.sport);
  await form.getByLabel('Bet Type', { exact: true }).selectOption(bet.betType);
  await form.getByLabel('Event', { exact: true }).fill(bet.event);
  await form.getByLabel('Odds', { exact: true }).fill(bet.odds);
  await form.getByLabel('Stake ($)', { exact: true }).fill(bet.stake);
  await form.getByLabel('Book', { exact: true }).fill(bet.book);
  if (bet.league) await form.getByLabel('League', { exact: true }).fill(bet.league);
  await form.getByLabel('Tags', { exact: true }).fill(bet.tags);
  if (bet.closingOdds) await form.getByLabel('Closing odds', { exact: true }).fill(bet.closingOdds);
  if (bet.bonusBet) await form.getByLabel('Bonus bet', { exact: true }).check();
  await form.getByLabel('Outcome', { exact: true }).selectOption(bet.outcome);
  if (bet.cashOutAmount) await form.getByLabel('Cash-out amount ($)', { exact: true }).fill(bet.cashOutAmount);
  await form.getByRole('button', { name: 'Add Bet', exact: true }).click();
  await expectToast(page, 'Bet added successfully', 'Your bet has been recorded.');
};

const seriousBettor = async (page: Page, viewport: Viewport) => {
  const account = await signUp(page, `serious-${viewport.name}`);

  // Settings > Preferences: decimal odds and a $20 unit.
  const menu = await openUserMenu(page, account.email.split('@')[0]);
  await menu.getByRole('menuitem', { name: 'Settings' }).click();
  await heading(page, 'Account Settings').waitFor();
  await page.getByRole('tab', { name: 'Preferences', exact: true }).click();
  const preferences = page.getByRole('tabpanel', { name: 'Preferences' });
  await preferences.getByLabel('Odds format', { exact: true }).selectOption('decimal');
  // A unit must be at least $1, in the server's words.
  await preferences.getByLabel('Unit size ($)', { exact: true }).fill('0.50');
  await preferences.getByRole('button', { name: 'Save Preferences' }).click();
  await preferences.getByText(MESSAGES.unitSize, { exact: true }).waitFor();
  await preferences.getByLabel('Unit size ($)', { exact: true }).fill('20');
  await preferences.getByRole('button', { name: 'Save Preferences' }).click();
  await expectToast(page, 'Preferences saved');
  await expectNoSeriousA11yViolations(page, `Preferences (${viewport.name})`);
  await screenshot(page, `serious-bettors-preferences-${viewport.name}`);

  // Two bets on the dashboard's form, odds typed in decimal.
  await navigateTo(page, viewport, 'dashboard');
  const form = page.getByRole('form', { name: 'Add New Bet' });
  expect(await form.getByLabel('Odds', { exact: true }).getAttribute('placeholder')).to.equal('2.50');
  await addBet(page, form, {
    sport: 'basketball',
    betType: 'moneyline',
    event: 'Celtics vs Knicks',
    odds: '2.50',
    stake: '50',
    book: 'FanDuel',
    league: 'NBA',
    tags: 'live, model',
    closingOdds: '2.30',
    bonusBet: true,
    outcome: 'win',
  });
  // A cash-out needs its amount: the field appears with the outcome.
  await form.getByLabel('Outcome', { exact: true }).selectOption('cashout');
  await form.getByLabel('Cash-out amount ($)', { exact: true }).waitFor();
  await addBet(page, form, {
    sport: 'football',
    betType: 'spread',
    event: 'Chiefs vs Bills',
    odds: '1.91',
    stake: '40',
    book: 'DraftKings',
    tags: 'live',
    outcome: 'cashout',
    cashOutAmount: '55',
  });

  // The dashboard: the record under Win Rate (the cash-out left out of it) and the CLV card.
  await eventually(async () =>
    expect(await statCard(page, 'Win Rate').locator('[data-note]').innerText()).to.equal('Record 1-0-0, 1 cashed out'),
  );
  const clv = statCard(page, 'CLV');
  await eventually(async () => expect(await clv.locator(':scope > p').first().innerText()).to.equal('+8.70%'));
  await clv.getByText('Average closing-line value · Beat the close 100.0%', { exact: true }).waitFor();
  // Recent Bets shows the price in decimal and the stake in units too.
  const recent = page.getByRole('region', { name: 'Recent Bets' });
  await recent.getByText('Basketball · Moneyline · 2.50 · FanDuel', { exact: true }).waitFor();
  await recent.getByText(/Stake \$50\.00 · 2\.5u · Bonus bet$/).waitFor();
  await statCard(page, 'CLV').scrollIntoViewIfNeeded();
  await screenshot(page, `serious-bettors-dashboard-${viewport.name}`);

  // Bet History: book, decimal prices, units; CLV on wide screens; outcome badges.
  await navigateTo(page, viewport, 'history');
  await heading(page, 'Bet History').waitFor();
  const bonus = row(page, viewport, 'Celtics vs Knicks');
  const cashed = row(page, viewport, 'Chiefs vs Bills');
  await bonus.getByText('FanDuel', { exact: viewport.name === 'desktop' }).waitFor();
  await bonus.getByText('2.50', { exact: true }).waitFor();
  await bonus.getByText('2.5u', { exact: true }).waitFor();
  await bonus.getByText('+$75.00', { exact: true }).waitFor();
  await bonus.getByText('+3.75u', { exact: true }).waitFor();
  await cashed.getByText('1.91', { exact: true }).waitFor();
  await cashed.getByText('2u', { exact: true }).waitFor();
  await cashed.getByText('+$15.00', { exact: true }).waitFor();
  await cashed.getByText('Cashed out', { exact: true }).waitFor();
  const clvHeader = page.getByRole('columnheader', { name: 'CLV' });
  if (viewport.name === 'desktop') {
    await page.getByRole('columnheader', { name: 'Book' }).waitFor();
    await bonus.getByText('+8.70%', { exact: true }).waitFor();
    await cashed.getByText('DraftKings', { exact: true }).waitFor();
  } else {
    // Phones list cards: no Book or CLV columns, the book rides in the card's line.
    expect(await clvHeader.isVisible()).to.equal(false);
    await cashed.getByText(/DraftKings/).waitFor();
  }
  await screenshot(page, `serious-bettors-history-${viewport.name}`);

  // Filter by book, then by tag: kept in the URL like the other filters.
  await unfold(page, viewport);
  await filters(page).getByLabel('Book', { exact: true }).selectOption('FanDuel');
  await eventually(async () => expect(await shownEvents(page)).to.deep.equal(['Celtics vs Knicks']));
  expect(new URL(page.url()).searchParams.get('book')).to.equal('FanDuel');
  await filters(page).getByLabel('Book', { exact: true }).selectOption('all');
  await filters(page).getByLabel('Tag', { exact: true }).selectOption('live');
  await eventually(async () => expect((await shownEvents(page)).sort()).to.deep.equal(['Celtics vs Knicks', 'Chiefs vs Bills']));
  await filters(page).getByLabel('Tag', { exact: true }).selectOption('model');
  await eventually(async () => expect(await shownEvents(page)).to.deep.equal(['Celtics vs Knicks']));
  expect(new URL(page.url()).searchParams.get('tag')).to.equal('model');
  await screenshot(page, `serious-bettors-history-filtered-${viewport.name}`);
};

journey(
  'serious bettors',
  'sets decimal odds and a unit size, logs a bonus bet and a cashed-out bet with books and tags, and sees them in history and on the dashboard',
  ({ page }, viewport) => seriousBettor(page, viewport),
);
