import { expect } from 'chai';
import { MESSAGES } from '@bt/contracts';
import { expectToast, heading, journey, openUserMenu, signUp, type TestPage, type Viewport } from './steps';

/**
 * Journey: Settings › Delete account. It offers "Download my data" first and says what happens; a
 * wrong password deletes nothing; the right one erases the account, signs out, and the e-mail can
 * be registered again from nothing.
 */
const deleteAccount = async ({ page }: TestPage, viewport: Viewport) => {
  const username = `del${viewport.name}`;
  const account = await signUp(page, `deletion-${viewport.name}`, username);
  const menu = await openUserMenu(page, username);
  await menu.getByRole('menuitem', { name: 'Settings' }).click();
  await heading(page, 'Account Settings').waitFor();

  const card = page.getByRole('region', { name: 'Delete account' });
  await card.getByText('Deleting your account cannot be undone.').waitFor();
  expect(await card.getByRole('link', { name: 'Download my data' }).getAttribute('href')).to.equal('#my-data-title');

  await card.getByLabel('Password to confirm', { exact: true }).fill('not-my-password');
  await card.getByRole('button', { name: 'Delete account' }).click();
  await expectToast(page, 'Error', MESSAGES.accountPasswordWrong);
  expect(new URL(page.url()).pathname).to.equal('/settings');

  await card.getByLabel('Password to confirm', { exact: true }).fill(account.password);
  await card.getByRole('button', { name: 'Delete account' }).click();
  await expectToast(page, 'Account deleted', 'Everything in it is gone. You are signed out everywhere.');
  await page.waitForURL((url) => url.pathname === '/login');
  expect(await page.evaluate(() => localStorage.getItem('token'))).to.equal(null);

  // The address is free again: a new account, with nothing in it.
  await page.goto('/signup');
  await page.getByLabel('Email', { exact: true }).fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await page.waitForURL((url) => url.pathname === '/');
};

journey('account deletion', 'deletes the account for good after the password, signs out, and frees the e-mail', deleteAccount);
