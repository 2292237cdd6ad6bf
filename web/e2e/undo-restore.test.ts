import { expect } from 'chai';
import type { BetRow, Goal, Parlay } from '@bt/contracts';
import type { Locator, Page } from 'playwright-core';
import { screenshot } from './harness';
import {
  ApiClient,
  daysAgo,
  eventually,
  expectNoSeriousA11yViolations,
  expectToast,
  heading,
  horizontalOverflow,
  navigateTo,
  signUp,
  journey,
  toastLocator,
  visible,
  type TestPage,
  type Viewport,
} from './steps';

const statValue = (page: Page, title: string): Locator =>
  page
    .locator('section')
    .filter({ has: page.getByRole('heading', { name: title, exact: true, level: 2 }) })
    .locator(':scope > p')
    .first();

const expectTotalProfit = async (page: Page, value: string) =>
  eventually(async () => expect(await statValue(page, 'Total Profit').innerText()).to.equal(value));

const expectNoSideScroll = async (page: Page, viewport: Viewport) => {
  if (viewport.width > 400) return;
  const { scrollWidth, innerWidth } = await horizontalOverflow(page);
  expect(scrollWidth).to.be.at.most(innerWidth);
};

/** A deletion's toast has "Undo", which brings the bet back everywhere (history and stats). */
const undoDelete = async ({ e2e, page }: TestPage, viewport: Viewport) => {
  await signUp(page, `undo-${viewport.name}`);
  const api = await ApiClient.of(e2e, page);
  await api.addBets([
    { sport: 'football', event: 'Kept Game', betType: 'moneyline', odds: '+100', stake: 50, outcome: 'win', date: daysAgo(3) },
    { sport: 'hockey', event: 'Undo Me', betType: 'moneyline', odds: '+150', stake: 40, outcome: 'win', date: daysAgo(2) },
  ]);
  const goal = await api.call<Goal>('POST', '/goals', { title: 'Comeback goal', targetAmount: 500 });
  await api.settled();

  await page.reload();
  await expectTotalProfit(page, '+$110.00');
  await navigateTo(page, viewport, 'history');
  await visible(page.getByRole('button', { name: 'Delete Undo Me', exact: true })).click();
  await page.getByRole('alertdialog', { name: 'Delete Bet' }).getByRole('button', { name: 'Delete', exact: true }).click();
  const deleted = toastLocator(page, 'Success', 'Bet deleted successfully');
  await deleted.waitFor();
  await visible(page.getByRole('button', { name: 'Delete Kept Game', exact: true })).waitFor();
  await page.getByRole('button', { name: 'Delete Undo Me', exact: true }).first().waitFor({ state: 'detached' });
  await screenshot(page, `undo-delete-toast-${viewport.name}`);
  await deleted.getByRole('button', { name: 'Undo', exact: true }).click();
  await expectToast(page, 'Bet restored');
  await visible(page.getByRole('button', { name: 'Delete Undo Me', exact: true })).waitFor();
  await screenshot(page, `undo-delete-restored-${viewport.name}`);
  await expectNoSideScroll(page, viewport);

  // Every read model counts it again: the dashboard's profit includes it.
  await navigateTo(page, viewport, 'dashboard');
  await expectTotalProfit(page, '+$110.00');
  const [restored] = (await api.call<BetRow[]>('GET', '/bets')).filter((bet) => bet.event === 'Undo Me');
  expect(restored).to.include({ stake: 40, profit: 60, outcome: 'win' });

  // A goal's deletion is undone the same way.
  await navigateTo(page, viewport, 'goals');
  const card = page.getByRole('article', { name: 'Comeback goal' });
  await card.getByRole('button', { name: 'Delete Comeback goal', exact: true }).click();
  await page.getByRole('alertdialog', { name: 'Delete Goal' }).getByRole('button', { name: 'Delete', exact: true }).click();
  const goalDeleted = toastLocator(page, 'Goal deleted successfully');
  await goalDeleted.waitFor();
  await goalDeleted.getByRole('button', { name: 'Undo', exact: true }).click();
  await expectToast(page, 'Goal restored');
  await card.waitFor();
  expect((await api.call<Goal[]>('GET', '/goals')).map((g) => g.id)).to.deep.equal([goal.id]);
};

journey('undo-delete', 'undoes a deletion from its toast: the bet is back in the history and counted in the stats', undoDelete);

const legs = [
  { sport: 'football', event: 'Chiefs vs Bills', selection: 'Chiefs', odds: '+100', date: daysAgo(2), outcome: 'win' },
  { sport: 'basketball', event: 'Lakers vs Celtics', selection: 'Lakers', odds: '+100', date: daysAgo(1), outcome: 'win' },
];

/** "Show deleted" lists the removed bets and parlays, each with "Restore". */
const showDeleted = async ({ e2e, page }: TestPage, viewport: Viewport) => {
  await signUp(page, `show-deleted-${viewport.name}`);
  const api = await ApiClient.of(e2e, page);
  const bet = await api.call<BetRow>('POST', '/bets', {
    sport: 'soccer',
    event: 'Gone Match',
    betType: 'total',
    odds: '-110',
    stake: 55,
    outcome: 'loss',
    date: daysAgo(4),
  });
  const parlay = await api.call<Parlay>('POST', '/parlays', { name: 'Lost Double', stake: 10, legs });
  await api.call('DELETE', `/bets/${bet.id}`);
  await api.call('DELETE', `/bets/${parlay.id}`);
  await api.settled();

  await navigateTo(page, viewport, 'history');
  await page.getByText('No bets found. Try adjusting your filters or add a new bet.', { exact: true }).waitFor();
  const toggle = page.getByRole('button', { name: 'Show deleted', exact: true });
  await toggle.click();
  await eventually(async () => expect(await toggle.getAttribute('aria-pressed')).to.equal('true'));
  const list = page.getByRole('list', { name: 'Deleted bets' });
  await eventually(async () => expect(await list.getByRole('listitem').allInnerTexts()).to.have.length(2));
  const items = await list.getByRole('listitem').allInnerTexts();
  expect(items[0]).to.contain('Lost Double'); // newest deletion first
  expect(items[1]).to.contain('Gone Match');
  await screenshot(page, `show-deleted-${viewport.name}`);
  await expectNoSideScroll(page, viewport);
  await expectNoSeriousA11yViolations(page, 'show deleted');
  // The toggle is in the address (?deleted=1): a reload keeps the list.
  expect(new URL(page.url()).searchParams.get('deleted')).to.equal('1');
  await page.reload();
  await eventually(async () => expect(await list.getByRole('listitem').allInnerTexts()).to.have.length(2));
  await eventually(async () => expect(await toggle.getAttribute('aria-pressed')).to.equal('true'));

  await list.getByRole('button', { name: 'Restore Lost Double', exact: true }).click();
  await expectToast(page, 'Parlay restored');
  await eventually(async () => expect(await list.getByRole('listitem').allInnerTexts()).to.have.length(1));
  await toggle.click();
  await eventually(() => expect(new URL(page.url()).searchParams.has('deleted')).to.equal(false));
  await visible(page.getByRole('button', { name: 'Delete Lost Double', exact: true })).waitFor();
  await screenshot(page, `show-deleted-restored-${viewport.name}`);
  expect((await api.call<Parlay[]>('GET', '/parlays')).map((p) => p.id)).to.deep.equal([parlay.id]);
};

journey('show-deleted', 'lists deleted bets and parlays under Show deleted and restores one', showDeleted);

/** Each history row (and the edit dialog) shows its change log in words. */
const changes = async ({ e2e, page }: TestPage, viewport: Viewport) => {
  await signUp(page, `changes-${viewport.name}`);
  const api = await ApiClient.of(e2e, page);
  const body = {
    sport: 'basketball',
    event: 'Changed Game',
    betType: 'spread',
    odds: '-110',
    stake: 50,
    outcome: 'pending',
    date: daysAgo(1),
  };
  const bet = await api.call<BetRow>('POST', '/bets', body);
  await api.call('PUT', `/bets/${bet.id}`, { ...body, stake: 75 });
  await api.call('PUT', `/bets/${bet.id}`, { ...body, stake: 75, outcome: 'win' });
  await api.settled();
  await page.reload();

  await navigateTo(page, viewport, 'history');
  await visible(page.getByRole('button', { name: 'Changes of Changed Game', exact: true })).click();
  const dialog = page.getByRole('dialog', { name: 'Changes' });
  const events = dialog.getByRole('list', { name: 'Changes, oldest first' }).locator(':scope > li');
  await eventually(async () => expect(await events.count()).to.equal(3));
  const texts = await events.allInnerTexts();
  expect(texts[0]).to.match(/^Placed/);
  expect(texts[0]).to.contain('Stake: $50.00');
  expect(texts[1]).to.match(/^Edited/);
  expect(texts[1]).to.contain('Stake: $50.00 -> $75.00');
  expect(texts[2]).to.match(/^Settled/);
  expect(texts[2]).to.contain('Outcome: Pending -> Win');
  expect(texts[2]).to.contain('Profit/Loss: $0.00 -> +$68.18');
  // When each was recorded, as the app writes dates ("Mar 1, 2025, 10:05 AM").
  expect(texts[0]).to.match(/[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2}\s?[AP]M/);
  await screenshot(page, `bet-changes-${viewport.name}`);
  await expectNoSeriousA11yViolations(page, 'changes dialog');
  await expectNoSideScroll(page, viewport);
  await dialog.getByRole('button', { name: 'Close', exact: true }).click();
  await dialog.waitFor({ state: 'hidden' });

  // From the edit dialog too.
  await visible(page.getByRole('button', { name: 'Edit Changed Game', exact: true })).click();
  const edit = page.getByRole('dialog', { name: 'Edit Bet' });
  await edit.getByRole('button', { name: 'Changes', exact: true }).click();
  await eventually(async () => expect(await page.getByRole('dialog', { name: 'Changes' }).locator('li').count()).to.be.greaterThan(2));
  await heading(page, 'Changes', 2).waitFor();
};

journey('bet-changes', 'shows every change of a bet in words after an amend and a settle', changes);
