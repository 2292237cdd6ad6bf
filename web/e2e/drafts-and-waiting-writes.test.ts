import { expect } from 'chai';
import type { Locator, Page } from 'playwright-core';
import { newPage, screenshot } from './harness';
import { ApiClient, expectToast, heading, journey, logIn, navigateTo, signUp, visible, type TestPage, type Viewport } from './steps';

const API = '**/api/**';
const cutApi = (page: Page) => page.route(API, (route) => route.abort('connectionrefused'));
const restoreApi = (page: Page) => page.unroute(API);
const banner = (page: Page) => page.getByRole('status').filter({ hasText: "Can't reach the server. Your data is safe; we'll retry." });

const TITLE = 'Why I faded the favourite';
const CONTENT = 'Line moved two points after the injury news; I should have waited for the close.';

/**
 * A session ended elsewhere while a bettor writes: the journal text is kept and comes back, open, on
 * the page they were on, after a sign-in page that says why they were signed out. A signed-out link
 * to a signed-in screen lands there after signing in too.
 */
const draftAcrossEndedSession = async ({ e2e, page }: TestPage, viewport: Viewport) => {
  const account = await signUp(page, `drafts-${viewport.name}`);
  const api = await ApiClient.of(e2e, page);
  await navigateTo(page, viewport, 'journal');
  await heading(page, 'Betting Journal').waitFor();
  await page.getByRole('button', { name: 'New Entry' }).click();
  let dialog = page.getByRole('dialog', { name: 'New Journal Entry' });
  await dialog.getByLabel('Title', { exact: true }).fill(TITLE);
  await dialog.getByLabel('Content', { exact: true }).fill(CONTENT);

  // "Log out of all devices" from another device, then Save here: refused, sent to sign in.
  await api.call('POST', '/auth/logout-all');
  await dialog.getByRole('button', { name: 'Save Entry' }).click();
  await page.waitForURL((url) => url.pathname === '/login');
  await page.getByRole('status').filter({ hasText: 'You were signed out because your session ended' }).waitFor();
  await screenshot(page, `drafts-signed-out-${viewport.name}`);

  // Back in: on the journal, the entry open with its text, and saved once.
  await logIn(page, account.email, account.password, '/journal');
  dialog = page.getByRole('dialog', { name: 'New Journal Entry' });
  await dialog.getByText('Restored your unsaved draft.', { exact: true }).waitFor();
  expect(await dialog.getByLabel('Title', { exact: true }).inputValue()).to.equal(TITLE);
  expect(await dialog.getByLabel('Content', { exact: true }).inputValue()).to.equal(CONTENT);
  await screenshot(page, `drafts-restored-${viewport.name}`);
  await dialog.getByRole('button', { name: 'Save Entry' }).click();
  await expectToast(page, 'Journal entry saved');
  await visible(page.getByText(TITLE, { exact: true })).waitFor();
  // Saved, the draft is gone: the journal opens closed next time.
  await page.reload();
  await heading(page, 'Betting Journal').waitFor();
  expect(await page.getByRole('dialog', { name: 'New Journal Entry' }).count()).to.equal(0);

  // A link to /history while signed out: the landing page, then /history once signed in.
  const other = await newPage(e2e, viewport);
  try {
    await other.page.goto('/history');
    await other.page
      .getByRole('link', { name: /log in|sign in/i })
      .first()
      .waitFor();
    await logIn(other.page, account.email, account.password, '/history');
    await heading(other.page, 'Bet History').waitFor();
  } finally {
    await other.context.close();
  }
};

journey('drafts', 'keeps a journal draft across a session ended elsewhere and returns to the page', draftAcrossEndedSession);

const addBetButton = (page: Page): Locator => visible(page.getByRole('button', { name: 'Add Bet', exact: true }));

/**
 * The server out of reach: an idle page says so (its probe), a bet added meanwhile waits, counted in
 * the banner (shown over the dialog too), and is sent once the server answers: recorded once.
 */
const writeWaitsForServer = async ({ e2e, page }: TestPage, viewport: Viewport) => {
  await page.clock.install();
  await signUp(page, `waiting-${viewport.name}`);
  const api = await ApiClient.of(e2e, page);
  await heading(page, 'Dashboard').waitFor();

  // Idle, the server goes away: the banner comes without a click.
  await cutApi(page);
  await page.clock.fastForward(16_000);
  await banner(page).waitFor();

  // A bet added now: the dialog keeps saving, the banner counts it and shows above the dialog.
  await addBetButton(page).click();
  const dialog = page.getByRole('dialog', { name: 'Add New Bet' });
  await dialog.getByLabel('Sport', { exact: true }).selectOption('hockey');
  await dialog.getByLabel('Bet Type', { exact: true }).selectOption('moneyline');
  await dialog.getByLabel('Event', { exact: true }).fill('Waiting Game');
  await dialog.getByLabel('Odds', { exact: true }).fill('-110');
  await dialog.getByLabel('Stake ($)', { exact: true }).fill('20');
  await dialog.getByRole('button', { name: 'Add Bet', exact: true }).click();
  for (let i = 0; i < 20 && !(await banner(page).filter({ hasText: '1 change waits to be sent' }).isVisible()); i++) {
    await page.clock.fastForward(2_000); // through the quick retries' backoff
  }
  await banner(page).filter({ hasText: '1 change waits to be sent' }).waitFor();
  await page.locator('dialog[open]').getByText("Can't reach the server", { exact: false }).waitFor();
  await screenshot(page, `waiting-write-${viewport.name}`);

  // The server answers again: the bet goes, once.
  await restoreApi(page);
  await page.clock.fastForward(4_000);
  await expectToast(page, 'Bet added successfully', 'Your bet has been recorded.');
  await banner(page).waitFor({ state: 'detached' });
  const bets = await api.call<{ items: { event: string }[] }>('GET', '/bets?page=1&pageSize=25');
  expect(bets.items.filter((bet) => bet.event === 'Waiting Game')).to.have.length(1);
};

journey('waiting writes', 'shows an outage on an idle page and sends a write made during it once the server answers', writeWaitsForServer);
