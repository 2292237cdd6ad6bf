import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { newPage, screenshot, type E2E } from './harness';
import {
  ApiClient,
  expectNoSeriousA11yViolations,
  expectToast,
  horizontalOverflow,
  journey,
  signUp,
  visible,
  winAtEvens,
  type Viewport,
} from './steps';

/** A day ahead of today in local time, at 19:30, as a datetime-local input takes it. */
const kickoff = (): { input: string; shown: string } => {
  const at = new Date();
  at.setDate(at.getDate() + 7);
  at.setHours(19, 30, 0, 0);
  const pad = (n: number) => String(n).padStart(2, '0');
  const input = `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T19:30`;
  const shown = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' }).format(at);
  return { input, shown };
};

/** Start times: the bet form offers one beside the date; history and the edit dialog show it back. */
const addBetWithStartTime = async (page: Page, viewport: Viewport) => {
  await signUp(page, `starts-at-${viewport.name}`);
  await visible(page.getByRole('button', { name: 'Add Bet', exact: true })).click();
  const dialog = page.getByRole('dialog', { name: 'Add New Bet' });
  await dialog.getByLabel('Sport', { exact: true }).selectOption('football');
  await dialog.getByLabel('Bet Type', { exact: true }).selectOption('spread');
  await dialog.getByLabel('Event', { exact: true }).fill('Bills @ Jets');
  await dialog.getByLabel('Odds', { exact: true }).fill('-110');
  await dialog.getByLabel('Stake ($)', { exact: true }).fill('50');
  const { input, shown } = kickoff();
  const starts = dialog.getByLabel('Event starts', { exact: true });
  expect(await starts.getAttribute('type')).to.equal('datetime-local');
  await starts.fill(input);
  await screenshot(page, `starts-at-form-${viewport.name}`);
  await dialog.getByRole('button', { name: 'Add Bet', exact: true }).click();
  await expectToast(page, 'Bet added successfully', 'Your bet has been recorded.');

  await page.goto('/history');
  await visible(page.getByText(`Starts ${shown}`).or(page.getByText(`starts ${shown}`, { exact: false }))).waitFor();
  if (viewport.name === 'phone') expect((await horizontalOverflow(page)).scrollWidth).to.be.at.most(viewport.width);
  await screenshot(page, `starts-at-history-${viewport.name}`);
  await visible(page.getByRole('button', { name: 'Edit Bills @ Jets', exact: true })).click();
  const edit = page.getByRole('dialog', { name: 'Edit Bet' });
  expect(await edit.getByLabel('Event starts', { exact: true }).inputValue()).to.equal(input);
};

const publicStatus = async (e2e: E2E, handle: string) => (await fetch(`${e2e.product.url}/api/public/profiles/${handle}`)).status;

/** Settings › Public profile: off by default; on with a handle shows the link; off takes the page down at once. */
const optInAndOut = async (e2e: E2E, page: Page, viewport: Viewport) => {
  await signUp(page, `public-profile-${viewport.name}`);
  await page.goto('/settings');
  const card = page.getByRole('region', { name: 'Public profile' });
  await card.waitFor();
  const show = card.getByLabel('Show my public profile');
  expect(await show.isChecked(), 'off by default').to.equal(false);
  const handle = card.getByLabel('Handle', { exact: true });

  // Inline errors, in the server's words.
  await show.check();
  await handle.fill('Admin');
  await card.getByRole('button', { name: 'Save Public Profile' }).click();
  await card.getByText('The handle "admin" is reserved: choose another', { exact: true }).waitFor();
  await handle.fill('ann bets');
  await card.getByRole('button', { name: 'Save Public Profile' }).click();
  await card.getByText(/A handle can use only the letters a-z/).waitFor();
  await expectNoSeriousA11yViolations(page, `public profile settings (${viewport.name})`);

  const name = `pp-${viewport.name}-${Date.now().toString(36)}`;
  await handle.fill(name.toUpperCase());
  await card.getByLabel('Amounts', { exact: true }).selectOption('units');
  await card.getByRole('button', { name: 'Save Public Profile' }).click();
  await expectToast(page, 'Public profile on');
  const link = card.getByRole('link', { name: `/u/${name}` });
  await link.waitFor();
  expect(await link.getAttribute('href')).to.equal(`/u/${name}`);
  expect(await handle.inputValue(), 'lowered').to.equal(name);
  expect(await publicStatus(e2e, name)).to.equal(200);
  if (viewport.name === 'phone') expect((await horizontalOverflow(page)).scrollWidth).to.be.at.most(viewport.width);
  await screenshot(page, `public-profile-on-${viewport.name}`);

  // A signed-out visitor follows the link: the record, and a bet typed before its start marked so.
  const api = await ApiClient.of(e2e, page);
  const start = new Date(Date.now() + 86_400_000).toISOString();
  await api.call('POST', '/bets', {
    sport: 'hockey',
    event: 'Public Opener',
    betType: 'moneyline',
    odds: '+120',
    stake: 10,
    outcome: 'win',
    startsAt: start,
  });
  await api.settled();
  const visitor = await newPage(e2e, viewport);
  try {
    await visitor.page.goto(`/u/${name}`);
    await visitor.page.getByRole('heading', { name: `@${name}`, level: 1 }).waitFor();
    const bet = visitor.page.getByRole('listitem').filter({ hasText: 'Public Opener' });
    await bet.getByText('Before start', { exact: true }).waitFor();
    expect(await visitor.page.getByLabel('All bets').innerText()).to.contain('1-0-0-0');
    if (viewport.name === 'phone') expect((await horizontalOverflow(visitor.page)).scrollWidth).to.be.at.most(viewport.width);
    await screenshot(visitor.page, `public-page-${viewport.name}`);

    // A long record is drawn a hundred bets at a time, the rest a tap away.
    await api.addBets(Array.from({ length: 100 }, (_, i) => winAtEvens(`Later Game ${i}`, new Date().toISOString().slice(0, 10))));
    await api.settled();
    await visitor.page.reload();
    const items = visitor.page.locator('.pp-bets > li');
    const more = visitor.page.getByRole('button', { name: 'Show 1 more (1 not shown)', exact: true });
    await more.waitFor();
    expect(await items.count()).to.equal(100);
    await more.click();
    await more.waitFor({ state: 'detached' });
    expect(await items.count()).to.equal(101);

    await show.uncheck();
    await card.getByRole('button', { name: 'Save Public Profile' }).click();
    await expectToast(page, 'Public profile off');
    // At once: the answer of the save has come back, and the page is gone.
    expect(await publicStatus(e2e, name)).to.equal(404);
    await link.waitFor({ state: 'detached' });
    await visitor.page.reload();
    await visitor.page.getByText('This page does not exist, or its owner has turned it off.', { exact: true }).waitFor();
  } finally {
    await visitor.context.close();
  }
};

journey('start times', 'adds a bet with the start of its event and sees it in history and the edit dialog', (t, viewport) =>
  addBetWithStartTime(t.page, viewport),
);

journey('public profile', 'opts in with a handle, sees the link, turns it off, and the public API answers 404 at once', (t, viewport) =>
  optInAndOut(t.e2e, t.page, viewport),
);
