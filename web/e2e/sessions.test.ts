import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { newPage } from './harness';
import {
  expectToast,
  heading,
  journey,
  logIn,
  navigateTo,
  openUserMenu,
  signUp,
  waitThroughRetries,
  type TestPage,
  type Viewport,
} from './steps';

const openSettings = async (page: Page, menuName: string) => {
  const menu = await openUserMenu(page, menuName);
  await menu.getByRole('menuitem', { name: 'Settings' }).click();
  await page.waitForURL((url) => url.pathname === '/settings');
  await heading(page, 'Account Settings').waitFor();
};

/**
 * The screen's first reads have answered (no skeleton is left): a read still on its way when the
 * session ends elsewhere would be refused before the click that a test means to be the next request.
 */
const readsAnswered = (page: Page) => page.waitForFunction(() => document.querySelector('[aria-busy="true"]') === null);

/**
 * The next request of a session that was ended elsewhere is refused (401), and the page lands on
 * /login. The screen must be one whose data this page has not loaded yet (loaded data is kept).
 */
const expectSentToLogin = async (page: Page, viewport: Viewport, screen: 'Journal' | 'Goals') => {
  const refused = page.waitForResponse((response) => new URL(response.url()).pathname.startsWith('/api/') && response.status() === 401);
  // A click on the navigation (not navigateTo, which waits on the screen this visit never reaches).
  const nav = viewport.width >= 1024 ? page.getByRole('navigation', { name: 'Main' }) : page.getByRole('navigation', { name: 'Mobile' });
  await nav.getByRole('link', { name: screen, exact: true }).click();
  await refused;
  await page.waitForURL((url) => url.pathname === '/login');
  await heading(page, 'Welcome Back').waitFor();
  expect(await page.evaluate(() => [localStorage.getItem('token'), localStorage.getItem('user')])).to.deep.equal([null, null]);
};

/**
 * Journey 9: a change of password in one browser ends the session of another (its next request is
 * a 401 and it lands on /login) while the browser that made it stays signed in; "Log out of all
 * devices" ends every session, its own included.
 */
const revokeSessions = async (t: TestPage, viewport: Viewport) => {
  const username = `ses${viewport.name}`;
  const account = await signUp(t.page, `sessions-${viewport.name}`, username);
  const other = await newPage(t.e2e, viewport);
  try {
    const phone = other.page;
    await logIn(phone, account.email, account.password);
    await readsAnswered(phone);

    // The password changes on the first browser.
    const laptop = t.page;
    await openSettings(laptop, username);
    await laptop.getByRole('tab', { name: 'Change Password' }).click();
    const newPassword = 'brand-new-pass';
    await laptop.getByLabel('Current Password', { exact: true }).fill(account.password);
    await laptop.getByLabel('New Password', { exact: true }).fill(newPassword);
    await laptop.getByLabel('Confirm New Password', { exact: true }).fill(newPassword);
    await laptop.getByRole('button', { name: 'Update Password' }).click();
    await expectToast(laptop, 'Password updated successfully');

    // The second browser is signed out at its next request.
    await expectSentToLogin(phone, viewport, 'Journal');

    // The first one keeps working with its fresh token, across a reload too.
    await navigateTo(laptop, viewport, 'journal');
    await laptop.reload();
    await heading(laptop, 'Betting Journal').waitFor();
    expect(laptop.url()).not.to.match(/\/login$/);

    // Signed in again on the second browser; then "Log out of all devices" on the first ends both.
    await logIn(phone, account.email, newPassword, '/journal');
    await heading(phone, 'Betting Journal').waitFor();
    await readsAnswered(phone);
    await openSettings(laptop, username);
    await laptop.getByRole('button', { name: 'Log out of all devices' }).click();
    await laptop.getByRole('alertdialog', { name: 'Log out of all devices?' }).getByRole('button', { name: 'Log out everywhere' }).click();
    await expectToast(laptop, 'Logged out of all devices', 'Log in again to continue.');
    await laptop.waitForURL((url) => url.pathname === '/login');
    expect(await laptop.evaluate(() => localStorage.getItem('token'))).to.equal(null);
    await expectSentToLogin(phone, viewport, 'Goals');

    // A new session starts as usual, back on the page it was on.
    await logIn(laptop, account.email, newPassword, '/settings');
  } finally {
    await other.context.close();
  }
};

journey(
  'sessions',
  'signs another browser out after a change of password, and every browser after "Log out of all devices"',
  revokeSessions,
);

/** Journey 10: a server error or a network failure ends no session; only a 401 does. */
const keepSessionThroughFaults = async (t: TestPage, viewport: Viewport) => {
  const { page } = t;
  await page.clock.install(); // time flows as usual until waitThroughRetries moves it on
  const username = `flt${viewport.name}`;
  await signUp(page, `faults-${viewport.name}`, username);
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const stillSignedIn = async () => {
    await waitThroughRetries(page, page.getByRole('banner').getByRole('button', { name: username, exact: true }));
    expect(await page.evaluate(() => localStorage.getItem('token'))).to.equal(token);
  };

  // Every API call fails with a 503, the identity check on reload included.
  await page.route('**/api/**', (route) =>
    route.fulfill({ status: 503, contentType: 'application/json', body: '{"message":"Service unavailable"}' }),
  );
  await page.reload();
  await stillSignedIn();
  expect(new URL(page.url()).pathname).to.equal('/');

  // No answer at all.
  await page.unroute('**/api/**');
  await page.route('**/api/**', (route) => route.abort('internetdisconnected'));
  await page.reload();
  await stillSignedIn();
  await navigateTo(page, viewport, 'goals');
  await stillSignedIn();

  // Back online: the same session carries on.
  await page.unroute('**/api/**');
  await page.reload();
  await heading(page, 'Profit Goals').waitFor();
  await stillSignedIn();
};

journey('session faults', 'keeps the session through a server error and a network failure', keepSessionThroughFaults);
