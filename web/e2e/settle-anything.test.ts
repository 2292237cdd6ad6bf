import { expect } from 'chai';
import type { Locator, Page } from 'playwright-core';
import { screenshot } from './harness';
import {
  ApiClient,
  daysAgo,
  eventually,
  expectToast,
  heading,
  navigateTo,
  signUp,
  toastLocator,
  visible,
  journey,
  type TestPage,
  type Viewport,
} from './steps';

const legs = (name: string) => [
  { sport: 'football', event: `${name} A`, selection: 'Home', odds: '+100', date: daysAgo(1) },
  { sport: 'football', event: `${name} B`, selection: 'Away', odds: '+100', date: daysAgo(1) },
];

/** The settle buttons of a row or leg, by the group's name (history renders a table row and a phone card). */
const settleGroup = (scope: Page | Locator, name: string): Locator => visible(scope.getByRole('group', { name, exact: true }));

/** Every button of a settle group is a touch target at least 44 px tall. */
const expectTallButtons = async (group: Locator) => {
  const buttons = await group.getByRole('button').all();
  expect(buttons.length).to.be.greaterThan(0);
  for (const button of buttons) expect((await button.boundingBox())!.height, await button.innerText()).to.be.at.least(44);
};

/** Taps an outcome, sees the toast, and takes its Undo. */
const settleThenUndo = async (page: Page, group: Locator, label: string, description: string) => {
  await group.getByRole('button', { name: label, exact: true }).click();
  const settled = toastLocator(page, 'Bet settled', description);
  await settled.waitFor();
  await settled.getByRole('button', { name: 'Undo', exact: true }).click();
  await toastLocator(page, 'Settlement undone').waitFor();
};

/**
 * Settle anything in one tap: single bets and parlays (Win, Loss, Push, Void, Cashed out with its
 * amount) in Recent Bets, and each leg on the Parlays page, each with an Undo that sets the outcome
 * back; on a phone the pending bets come before the add-bet form; a goal's range reads inclusively.
 */
const settleAnything = async ({ e2e, page }: TestPage, viewport: Viewport) => {
  await signUp(page, `settle-any-${viewport.name}`);
  const api = await ApiClient.of(e2e, page);
  await api.call('POST', '/parlays', { name: 'Leg Double', stake: 10, legs: legs('Legs'), date: daysAgo(5) });
  await api.call('POST', '/parlays', { name: 'Cash Double', stake: 10, legs: legs('Cash'), date: daysAgo(4) });
  await api.addBets([
    { sport: 'hockey', event: 'Voided Game', betType: 'moneyline', odds: '+120', stake: 20, outcome: 'pending', date: daysAgo(3) },
    { sport: 'basketball', event: 'Undo Game', betType: 'spread', odds: '-110', stake: 11, outcome: 'pending', date: daysAgo(2) },
  ]);
  await api.call('POST', '/goals', { title: 'November', targetAmount: 100, timeframe: 'monthly', startDate: '2026-11-01' });
  await api.call('POST', '/goals', { title: 'One day', targetAmount: 10, timeframe: 'daily', startDate: '2026-11-01' });
  await api.settled();
  await page.goto('/');
  await heading(page, 'Dashboard').waitFor();
  const recent = page.getByRole('region', { name: 'Recent Bets' });
  await recent.getByText('Undo Game', { exact: true }).waitFor();

  // On a phone the recent (pending) bets come before the add-bet form; side by side on a desktop.
  const form = page.getByRole('region', { name: 'Add New Bet' });
  // Measured once the page has settled (cards above them may still be filling in).
  await eventually(async () => {
    const [recentBox, formBox] = [(await recent.boundingBox())!, (await form.boundingBox())!];
    if (viewport.width < 1024) expect(recentBox.y + recentBox.height, 'recent bets end above the form').to.be.at.most(formBox.y);
    else expect(Math.abs(recentBox.y - formBox.y), 'recent bets beside the form').to.be.lessThan(4);
  });

  // A parlay's row says what it is once.
  const cash = recent.getByRole('listitem').filter({ hasText: 'Cash Double' });
  expect(await cash.innerText())
    .to.contain('Parlay · 2 legs')
    .and.not.contain('Parlay · Parlay');

  // A single bet: Win, then Undo sets it back to pending (its buttons come back).
  const undoGroup = settleGroup(recent, 'Settle Undo Game');
  await expectTallButtons(undoGroup);
  await settleThenUndo(page, undoGroup, 'Win', 'Undo Game: Win');
  await expectToast(page, 'Settlement undone', 'Undo Game is Pending again');
  await settleGroup(recent, 'Settle Undo Game').waitFor();
  const undoRow = recent.getByRole('listitem').filter({ hasText: 'Undo Game' });
  await undoRow.getByText('Pending', { exact: true }).waitFor();

  // Void: the stake back.
  await settleGroup(recent, 'Settle Voided Game').getByRole('button', { name: 'Void', exact: true }).click();
  await expectToast(page, 'Bet settled', 'Voided Game: Void');
  await recent.getByRole('listitem').filter({ hasText: 'Voided Game' }).getByText('Void', { exact: true }).waitFor();

  // A parlay cashed out with its amount: asked for inline, refused without one.
  await settleGroup(recent, 'Settle Cash Double').getByRole('button', { name: 'Cashed out', exact: true }).click();
  const cashOut = settleGroup(recent, 'Settle Cash Double');
  await cashOut.getByRole('button', { name: 'Save cash-out', exact: true }).click();
  await cashOut.getByRole('alert').getByText('Cash-out amount is required for a cashed-out bet', { exact: true }).waitFor();
  await expectTallButtons(cashOut);
  await cashOut.getByLabel('Cash-out amount ($)', { exact: true }).fill('25');
  await screenshot(page, `settle-cash-out-${viewport.name}`);
  await cashOut.getByRole('button', { name: 'Save cash-out', exact: true }).click();
  await expectToast(page, 'Bet settled', 'Cash Double: Cashed out');
  await cash.getByText('+$15.00', { exact: true }).waitFor();
  await cash.getByText('Cashed out', { exact: true }).waitFor();

  // Each leg in one tap on the Parlays page; the parlay follows; Undo sets both back.
  await navigateTo(page, viewport, 'parlays');
  await page.getByRole('tab', { name: 'History', exact: true }).click();
  const card = page.getByRole('article', { name: 'Leg Double' });
  const legList = card.getByRole('list', { name: 'Legs of Leg Double' });
  const leg2 = settleGroup(card, 'Settle leg 2 of Leg Double');
  await expectTallButtons(leg2);
  expect(await leg2.getByRole('button', { name: 'Cashed out' }).count()).to.equal(0);
  await leg2.getByRole('button', { name: 'Loss', exact: true }).click();
  const lost = toastLocator(page, 'Bet settled', 'Leg 2 of Leg Double: Loss');
  await lost.waitFor();
  await card.getByText('-$10.00', { exact: true }).waitFor();
  await screenshot(page, `settle-leg-lost-${viewport.name}`);
  await lost.getByRole('button', { name: 'Undo', exact: true }).click();
  await expectToast(page, 'Settlement undone', 'Leg 2 of Leg Double is Pending again');
  await settleGroup(card, 'Settle Leg Double').waitFor(); // pending again: the parlay's own buttons are back
  for (const n of [1, 2]) {
    await settleGroup(card, `Settle leg ${n} of Leg Double`).getByRole('button', { name: 'Win', exact: true }).click();
    await expectToast(page, 'Bet settled', `Leg ${n} of Leg Double: Win`);
  }
  await card.getByText('+$30.00', { exact: true }).waitFor();
  expect(await legList.getByText('Win', { exact: true }).count()).to.equal(2);
  expect(await card.getByRole('group').count()).to.equal(0);

  // Goal ranges read with their last day: a month is Nov 1 - Nov 30, a day is one date.
  await navigateTo(page, viewport, 'goals');
  const month = page.getByRole('article', { name: 'November' });
  await month.getByText('Monthly · Nov 1, 2026 – Nov 30, 2026', { exact: true }).waitFor();
  await page.getByRole('article', { name: 'One day' }).getByText('Daily · Nov 1, 2026', { exact: true }).waitFor();
  await eventually(async () => expect(await page.getByText(/Dec 1, 2026|Nov 2, 2026/).count()).to.equal(0));
};

journey(
  'settle anything',
  'settles bets, parlays and legs in one tap (void, cash-out) with undo, pending first on phones, goal ranges inclusive',
  settleAnything,
);
