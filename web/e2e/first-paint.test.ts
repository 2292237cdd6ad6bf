import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { eventually, heading, journey, signUp } from './steps';

/** Whether zod has been evaluated in the page: zod's core sets this global when it loads. */
const zodLoaded = (page: Page): Promise<boolean> => page.evaluate(() => '__zod_globalRegistry' in globalThis);

/**
 * Issue 37, first paint: evaluating zod and the request schemas was the longest task of the
 * dashboard's load on a phone's CPU. The dashboard now paints, with its add-bet form, without
 * zod; the form's checks arrive once the bettor uses the page, and refuse what they refused before.
 */
journey('dashboard first paint', 'shows the dashboard and its bet form without zod, and checks the form once used', async ({ page }) => {
  await signUp(page, 'first-paint');
  // A fresh load with the session kept, and no input since.
  await page.reload();
  await heading(page, 'Dashboard').waitFor();
  const form = page.getByRole('form', { name: 'Add New Bet' });
  await form.getByLabel('Stake ($)', { exact: true }).waitFor();
  await page.getByRole('region', { name: 'Recent Bets' }).getByText('No bets recorded yet. Add your first bet!', { exact: true }).waitFor();
  await page.waitForLoadState('networkidle');
  expect(await zodLoaded(page), 'zod loaded before any input').to.equal(false);

  await form.getByLabel('Stake ($)', { exact: true }).fill('0');
  await form.getByRole('button', { name: 'Add Bet' }).click();
  await form.getByText('Stake must be a positive number', { exact: true }).waitFor();
  await eventually(async () => expect(await zodLoaded(page)).to.equal(true));
});
