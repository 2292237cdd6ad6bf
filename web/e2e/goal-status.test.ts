import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { screenshot } from './harness';
import { ApiClient, eventually, expectToast, heading, navigateTo, signUp, journey, type TestPage, type Viewport } from './steps';

const openEdit = async (page: Page, title: string) => {
  await page
    .getByRole('article', { name: title })
    .getByRole('button', { name: `Edit ${title}`, exact: true })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Edit Goal' });
  await dialog.waitFor();
  return dialog;
};

/**
 * The goal edit dialog offers only what has an effect (Active or Paused); completed
 * and failed are computed from the bets and shown, not chosen.
 */
const pauseAndResume = async ({ e2e, page }: TestPage, viewport: Viewport) => {
  await signUp(page, `goal-status-${viewport.name}`);
  const api = await ApiClient.of(e2e, page);
  // $100 won today: a $50 goal is completed, a $400 one is active.
  await api.addBets([{ sport: 'hockey', event: 'Oilers vs Flames', betType: 'moneyline', odds: '+100', stake: 100, outcome: 'win' }]);
  await api.call('POST', '/goals', { title: 'Reached', targetAmount: 50, timeframe: 'monthly', description: null });
  await api.call('POST', '/goals', { title: 'Monthly target', targetAmount: 400, timeframe: 'monthly', description: null });
  await api.settled();
  await navigateTo(page, viewport, 'goals');
  await heading(page, 'Profit Goals').waitFor();
  const card = page.getByRole('article', { name: 'Monthly target' });
  await card.getByText('Active', { exact: true }).waitFor();

  // Only Active and Paused are offered; pausing shows Paused.
  let dialog = await openEdit(page, 'Monthly target');
  const status = dialog.getByLabel('Status', { exact: true });
  expect(await status.locator('option').allInnerTexts()).to.deep.equal(['Active', 'Paused']);
  await status.selectOption('paused');
  await screenshot(page, `goal-status-pause-${viewport.name}`);
  await dialog.getByRole('button', { name: 'Update Goal' }).click();
  await expectToast(page, 'Goal updated successfully');
  await card.getByText('Paused', { exact: true }).waitFor();

  // Resume it.
  dialog = await openEdit(page, 'Monthly target');
  expect(await dialog.getByLabel('Status', { exact: true }).inputValue()).to.equal('paused');
  await dialog.getByLabel('Status', { exact: true }).selectOption('active');
  await dialog.getByRole('button', { name: 'Update Goal' }).click();
  await expectToast(page, 'Goal updated successfully');
  await card.getByText('Active', { exact: true }).waitFor();

  // A reached goal shows Completed; its dialog says so, and saving it keeps it Completed.
  const reached = page.getByRole('article', { name: 'Reached' });
  await reached.getByText('Completed', { exact: true }).waitFor();
  dialog = await openEdit(page, 'Reached');
  await dialog.getByText('Completed: worked out from your bets.', { exact: true }).waitFor();
  expect(await dialog.getByLabel('Status', { exact: true }).inputValue()).to.equal('active');
  await screenshot(page, `goal-status-completed-${viewport.name}`);
  await dialog.getByRole('button', { name: 'Update Goal' }).click();
  await expectToast(page, 'Goal updated successfully');
  await eventually(async () => expect(await page.getByRole('dialog', { name: 'Edit Goal' }).count()).to.equal(0));
  await reached.getByText('Completed', { exact: true }).waitFor();
};

journey(
  'goal-status',
  'offers Active and Paused in the goal edit dialog: pauses and resumes a goal, shows a computed status',
  pauseAndResume,
);
