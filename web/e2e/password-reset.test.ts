import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'chai';
import { simpleParser, type AddressObject } from 'mailparser';
import type { Page } from 'playwright-core';
import { MESSAGES } from '@bt/contracts';
import { newPage, screenshot, type E2E } from './harness';
import { eventually, expectNoSeriousA11yViolations, expectToast, heading, journey, logIn, signUp, type Viewport } from './steps';

const addresses = (to: AddressObject | AddressObject[] | undefined) =>
  (Array.isArray(to) ? to : to ? [to] : []).flatMap((a) => a.value.map((v) => v.address));

/**
 * The "Forgot password" link e-mailed to `email`, as a person running `npm start` finds it: the
 * product has no SMTP_URL, so the message is an .eml file in DATA_DIR/outbox/.
 */
const linkInOutbox = async (e2e: E2E, email: string): Promise<string> => {
  const outbox = join(e2e.dataDir, 'outbox');
  let link: string | undefined;
  await eventually(async () => {
    const files = existsSync(outbox) ? readdirSync(outbox).filter((f) => f.endsWith('.eml')) : [];
    for (const file of files) {
      const mail = await simpleParser(readFileSync(join(outbox, file)));
      if (!addresses(mail.to).includes(email)) continue;
      link = /https?:\/\/\S+\/reset-password\?token=[\w-]+/.exec(mail.text ?? '')?.[0];
    }
    expect(link, `a mail to ${email} in ${outbox}`).to.be.a('string');
  });
  return link!;
};

/** The next request of a session that has ended is refused (401), and the page lands on /login. */
const expectSentToLogin = async (page: Page, viewport: Viewport) => {
  const refused = page.waitForResponse((response) => new URL(response.url()).pathname.startsWith('/api/') && response.status() === 401);
  const nav = viewport.width >= 1024 ? page.getByRole('navigation', { name: 'Main' }) : page.getByRole('navigation', { name: 'Mobile' });
  await nav.getByRole('link', { name: 'Journal', exact: true }).click();
  await refused;
  await page.waitForURL((url) => url.pathname === '/login');
  await heading(page, 'Welcome Back').waitFor();
};

const setPassword = async (page: Page, password: string, confirmation = password) => {
  await page.getByLabel('New Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm New Password', { exact: true }).fill(confirmation);
  await page.getByRole('button', { name: 'Set Password' }).click();
};

/**
 * Journey 11: "Forgot password?" on the sign-in page; the link from the outbox sets a new password
 * once; the session signed in before it has ended; the link does not work a second time.
 */
journey('password reset', 'sets a new password through the e-mailed link, which ends every session and works once', async (t, viewport) => {
  const account = await signUp(t.page, `reset-${viewport.name}`);
  const other = await newPage(t.e2e, viewport);
  try {
    const page = other.page;
    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.waitForURL((url) => url.pathname === '/forgot-password');
    await heading(page, 'Forgot Password').waitFor();
    await expectNoSeriousA11yViolations(page, `Forgot Password (${viewport.name})`);
    await screenshot(page, `forgot-password-${viewport.name}`);

    await page.getByLabel('Email', { exact: true }).fill('not-an-address');
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await expectToast(page, 'Validation Error', MESSAGES.invalidEmail);
    await page.getByLabel('Email', { exact: true }).fill(account.email);
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await page.getByRole('status').getByText(MESSAGES.resetLinkSent, { exact: true }).waitFor();

    const link = await linkInOutbox(t.e2e, account.email);
    expect(link.startsWith(`${t.e2e.product.url}/reset-password?token=`), link).to.equal(true);
    await page.goto(link);
    await heading(page, 'Set a New Password').waitFor();
    await expectNoSeriousA11yViolations(page, `Set a New Password (${viewport.name})`);
    await screenshot(page, `reset-password-${viewport.name}`);

    // The rules of registration, then a confirmation that must match.
    await setPassword(page, '12345');
    await page.getByText(MESSAGES.passwordTooShort, { exact: true }).waitFor();
    expect(await page.getByLabel('New Password', { exact: true }).getAttribute('aria-invalid')).to.equal('true');
    const newPassword = 'reset-new-pass';
    await setPassword(page, newPassword, `${newPassword}x`);
    await page.getByText(MESSAGES.passwordsDontMatch, { exact: true }).waitFor();
    await setPassword(page, newPassword);
    await expectToast(page, 'Password reset', MESSAGES.passwordReset);
    await page.waitForURL((url) => url.pathname === '/login');

    // The new password signs in; the session from before the reset has ended.
    await logIn(page, account.email, newPassword);
    await expectSentToLogin(t.page, viewport);

    // The link worked once.
    await page.goto(link);
    await setPassword(page, 'another-pass');
    await expectToast(page, 'Reset Failed', MESSAGES.resetLinkInvalid);
    expect(new URL(page.url()).pathname).to.equal('/reset-password');
  } finally {
    await other.context.close();
  }
});
