import { expect } from 'chai';
import type { Parlay } from '@bt/contracts';
import { screenshot } from './harness';
import { ApiClient, daysAgo, eventually, expectToast, heading, navigateTo, signUp, journey, type TestPage, type Viewport } from './steps';

const legs = [
  { sport: 'football', event: 'Chiefs vs Bills', selection: 'Chiefs', odds: '-110', date: daysAgo(2), outcome: 'pending' },
  { sport: 'basketball', event: 'Lakers vs Celtics', selection: 'Lakers', odds: '+150', date: daysAgo(1), outcome: 'pending' },
];

/**
 * A parlay can be deleted from the Parlays page's History tab, with Bet History's confirm
 * text and toasts, and If-Match: a parlay changed meanwhile is not deleted unseen.
 */
const deleteParlay = async ({ e2e, page }: TestPage, viewport: Viewport) => {
  await signUp(page, `parlay-delete-${viewport.name}`);
  const api = await ApiClient.of(e2e, page);
  const parlay = await api.call<Parlay>('POST', '/parlays', { name: 'Doomed Double', stake: 20, legs });
  await api.settled();

  await navigateTo(page, viewport, 'parlays');
  await heading(page, 'Parlay Builder').waitFor();
  await page.getByRole('tab', { name: 'History', exact: true }).click();
  const card = page.getByRole('article', { name: 'Doomed Double' });
  await card.waitFor();

  // Cancel keeps it.
  await card.getByRole('button', { name: 'Delete Doomed Double', exact: true }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete Parlay' });
  await confirm.getByText('Are you sure you want to delete this bet? You can undo this right after.', { exact: true }).waitFor();
  await screenshot(page, `parlay-delete-confirm-${viewport.name}`);
  await confirm.getByRole('button', { name: 'Cancel', exact: true }).click();
  await confirm.waitFor({ state: 'detached' });
  await card.waitFor();

  // Changed elsewhere since it was listed: the delete is refused (If-Match) and the parlay stays, as it is now.
  await api.call('PUT', `/parlays/${parlay.id}`, { name: 'Renamed Double', stake: 20, legs });
  await card.getByRole('button', { name: 'Delete Doomed Double', exact: true }).click();
  await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
  await expectToast(page, 'Error', 'Failed to delete bet');
  const renamed = page.getByRole('article', { name: 'Renamed Double' });
  await renamed.waitFor();

  // Deleted after the confirmation.
  await renamed.getByRole('button', { name: 'Delete Renamed Double', exact: true }).click();
  await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
  await expectToast(page, 'Success', 'Bet deleted successfully');
  await page.getByText('No parlays found', { exact: true }).waitFor();
  await screenshot(page, `parlay-delete-done-${viewport.name}`);
  await eventually(async () => expect(await api.call<Parlay[]>('GET', '/parlays')).to.deep.equal([]));
};

journey('parlay-delete', 'deletes a parlay from the Parlays page after a confirmation, never one changed meanwhile', deleteParlay);
