import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { MESSAGES } from '@bt/contracts';
import type { E2E } from './harness';
import {
  expectNoSeriousA11yViolations,
  expectToast,
  heading,
  logIn,
  logOut,
  openUserMenu,
  signUp,
  uniqueEmail,
  journey,
  PASSWORD,
  type Viewport,
} from './steps';

const bankroll = (page: Page) => page.getByRole('banner').getByText(/^-?\$[\d,]+\.\d\d$/);

/** Journey 6: Add Funds in the header; a bad amount is refused. */
const addFunds = async (page: Page, viewport: Viewport) => {
  await signUp(page, `funds-${viewport.name}`);
  expect(await bankroll(page).innerText()).to.equal('$0.00');

  await page.getByRole('banner').getByRole('button', { name: 'Add Funds' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Funds' });
  await dialog.waitFor();
  await expectNoSeriousA11yViolations(page, `Add Funds dialog (${viewport.name})`);
  await dialog.getByLabel('Amount ($)', { exact: true }).fill('0');
  await dialog.getByRole('button', { name: 'Add Funds' }).click();
  await expectToast(page, 'Invalid amount', 'Please enter a valid positive amount');
  await dialog.getByLabel('Amount ($)', { exact: true }).fill('250');
  await dialog.getByRole('button', { name: 'Add Funds' }).click();
  await expectToast(page, 'Funds added', 'Successfully added $250.00 to your bankroll');
  await dialog.waitFor({ state: 'hidden' });
  await page.getByRole('banner').getByText('$250.00', { exact: true }).waitFor();

  // A second deposit adds to the first.
  await page.getByRole('banner').getByRole('button', { name: 'Add Funds' }).click();
  await dialog.getByLabel('Amount ($)', { exact: true }).fill('49.99');
  await dialog.getByRole('button', { name: 'Add Funds' }).click();
  await expectToast(page, 'Funds added', 'Successfully added $49.99 to your bankroll');
  await page.getByRole('banner').getByText('$299.99', { exact: true }).waitFor();
};

/** Journey 7: change e-mail and password in Settings, log out, log in with the new credentials. */
const changeCredentials = async (page: Page, viewport: Viewport) => {
  const username = `set${viewport.name}`;
  const account = await signUp(page, `settings-${viewport.name}`, username);
  const menu = await openUserMenu(page, username);
  await menu.getByRole('menuitem', { name: 'Settings' }).click();
  await page.waitForURL((url) => url.pathname === '/settings');
  await heading(page, 'Account Settings').waitFor();
  const profile = page.getByRole('region', { name: 'Profile Information' });
  await profile.getByText(account.email, { exact: true }).waitFor();
  expect(await page.getByRole('tab', { name: 'Change Email' }).getAttribute('aria-selected')).to.equal('true');

  // E-mail.
  const newEmail = uniqueEmail(`moved-${viewport.name}`);
  await page.getByLabel('New Email', { exact: true }).fill('not-an-address');
  await page.getByRole('button', { name: 'Update Email' }).click();
  await page.getByText('Please enter a valid email address', { exact: true }).waitFor();
  await page.getByLabel('New Email', { exact: true }).fill(newEmail);
  await page.getByRole('button', { name: 'Update Email' }).click();
  await expectToast(page, 'Email updated successfully');
  await profile.getByText(newEmail, { exact: true }).waitFor();

  // Password: the confirmation must match; the current one must be right.
  await page.getByRole('tab', { name: 'Change Password' }).click();
  const newPassword = 'brand-new-pass';
  await page.getByLabel('Current Password', { exact: true }).fill(account.password);
  await page.getByLabel('New Password', { exact: true }).fill(newPassword);
  await page.getByLabel('Confirm New Password', { exact: true }).fill(`${newPassword}x`);
  await page.getByRole('button', { name: 'Update Password' }).click();
  await page.getByText("Passwords don't match", { exact: true }).waitFor();
  expect(await page.getByLabel('Confirm New Password', { exact: true }).getAttribute('aria-invalid')).to.equal('true');

  await page.getByLabel('Current Password', { exact: true }).fill('not-my-password');
  await page.getByLabel('Confirm New Password', { exact: true }).fill(newPassword);
  await page.getByRole('button', { name: 'Update Password' }).click();
  await expectToast(page, 'Error', 'Current password is incorrect');

  await page.getByLabel('Current Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Update Password' }).click();
  await expectToast(page, 'Password updated successfully');
  expect(await page.getByLabel('New Password', { exact: true }).inputValue()).to.equal('');

  // Out, and back in: the old e-mail no longer works, the new credentials do.
  await logOut(page, username);
  await page.goto('/login');
  await heading(page, 'Welcome Back').waitFor();
  await page.getByText('Sign in to your sports betting tracker', { exact: true }).waitFor();
  await page.getByLabel('Email', { exact: true }).fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(newPassword);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expectToast(page, 'Login Failed', 'Invalid email or password');
  await logIn(page, newEmail, newPassword);
  await page.getByRole('banner').getByRole('button', { name: username, exact: true }).waitFor();
};

/** Journey 8: logout lands on /landing; an unknown path is the 404 screen signed in and the landing page signed out. */
const unknownPaths = async (page: Page, viewport: Viewport) => {
  await signUp(page, `paths-${viewport.name}`);
  await page.goto('/no/such/page');
  await heading(page, '404 Page Not Found').waitFor();
  await page.getByText('Did you forget to add the page to the router?', { exact: true }).waitFor();
  // Signed-in chrome around it.
  await page.getByRole('banner').waitFor();

  const menuName = (await page.evaluate(() => JSON.parse(localStorage.getItem('user') ?? '{}').email as string)).split('@')[0];
  await logOut(page, menuName);
  await page.getByRole('link', { name: 'Start Tracking Now' }).first().waitFor();
  expect(await page.evaluate(() => [localStorage.getItem('token'), localStorage.getItem('user')])).to.deep.equal([null, null]);
  expect(await page.getByRole('banner').count()).to.equal(0);

  await page.goto('/no/such/page');
  await page.getByRole('link', { name: 'Start Tracking Now' }).first().waitFor();
  expect(await page.getByText('404 Page Not Found').count()).to.equal(0);
  // Signed-in screens are the landing page too.
  await page.goto('/history');
  await page.getByRole('link', { name: 'Start Tracking Now' }).first().waitFor();
  expect(await page.getByRole('link', { name: 'Sign In', exact: true }).first().getAttribute('href')).to.equal('/login');
};

/** Journey 9: past the attempts an e-mail gets, the login and signup forms say when to try again. */
const tooManyAttempts = async (e2e: E2E, page: Page, viewport: Viewport) => {
  const post = (path: string, body: object) =>
    fetch(`${e2e.product.url}/api/auth/${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
  const email = uniqueEmail(`guessed-${viewport.name}`);
  expect((await post('register', { email, password: PASSWORD })).status).to.equal(201);
  // Ten wrong passwords (the default limit per e-mail), then even the right one is refused.
  for (let i = 0; i < 10; i++) expect((await post('login', { email, password: `guess-${i}` })).status).to.equal(401);
  await page.goto('/login');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expectToast(page, 'Login Failed', MESSAGES.tooManyAttempts(15 * 60));
  expect(new URL(page.url()).pathname).to.equal('/login');

  // Registration: ten attempts for one address (the first made the account), then the form is told to wait.
  for (let i = 0; i < 9; i++) expect((await post('register', { email, password: PASSWORD })).status).to.equal(409);
  await page.goto('/signup');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expectToast(page, 'Registration Failed', 'Too many attempts. Please try again in 15 minutes.');
};

journey('bankroll', 'adds funds in the header dialog and shows the new bankroll, refusing an amount of 0', (t, viewport) =>
  addFunds(t.page, viewport),
);

journey('settings', 'changes e-mail and password, logs out and logs in with the new credentials', (t, viewport) =>
  changeCredentials(t.page, viewport),
);

journey('routes', 'shows the 404 screen for an unknown path signed in, and the landing page after logout and signed out', (t, viewport) =>
  unknownPaths(t.page, viewport),
);

journey('sign-in limits', 'tells the login and signup forms to try again later once an e-mail has had too many attempts', (t, viewport) =>
  tooManyAttempts(t.e2e, t.page, viewport),
);
