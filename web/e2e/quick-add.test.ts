import { expect } from 'chai';
import type { Locator, Page } from 'playwright-core';
import { screenshot } from './harness';
import { expectNoSeriousA11yViolations, expectToast, heading, navigateTo, signUp, visible, journey, type Viewport } from './steps';

/** The 'Add Bet' button on screen: in the header on desktops, above the bottom bar on phones. */
const addBetButton = (page: Page): Locator => visible(page.getByRole('button', { name: 'Add Bet', exact: true }));

const openAddBet = async (page: Page): Promise<Locator> => {
  await addBetButton(page).click();
  const dialog = page.getByRole('dialog', { name: 'Add New Bet' });
  await dialog.waitFor();
  return dialog;
};

const toWin = (scope: Locator): Locator => scope.locator('[data-to-win]');

/** Odds are text the iPhone can type a minus sign into: no numeric or decimal keypad. */
const expectOddsKeyboard = async (odds: Locator, where: string) => {
  expect(await odds.getAttribute('type'), `${where} odds type`).to.equal('text');
  expect(await odds.getAttribute('inputmode'), `${where} odds inputmode`).to.equal('text');
};

/**
 * Faster daily use: Add Bet from any page opens the add-bet form in a dialog (with a live 'To win'),
 * the bet lands in history, and the next bet starts from the last sport, bet type and stake.
 */
const quickAdd = async (page: Page, viewport: Viewport) => {
  await signUp(page, `quick-add-${viewport.name}`);
  await navigateTo(page, viewport, 'journal');
  await heading(page, 'Betting Journal').waitFor();

  // In the header on desktops; in reach of the thumb on phones, above the bottom bar.
  const button = addBetButton(page);
  const box = (await button.boundingBox())!;
  // Add Funds (the bankroll, in the header) and Add Bet are told apart by name and by icon.
  const addFunds = visible(page.getByRole('banner').getByRole('button', { name: 'Add Funds', exact: true }));
  const icon = (target: Locator) => target.locator('svg').first().innerHTML();
  expect(await icon(addFunds), 'Add Funds and Add Bet icons').to.not.equal(await icon(button));
  if (viewport.name === 'desktop') {
    expect(await button.evaluate((el) => el.closest('header') !== null)).to.equal(true);
    // The button leaves the six header links their room.
    const nav = page.getByRole('navigation', { name: 'Main' });
    expect(await nav.evaluate((el) => el.scrollWidth - el.clientWidth), 'header links clipped').to.equal(0);
  } else {
    const bar = (await page.getByRole('navigation', { name: 'Mobile' }).boundingBox())!;
    expect(box.y + box.height, 'above the bottom bar').to.be.at.most(bar.y);
    expect(box.y, 'in the lower half of the screen').to.be.at.least(viewport.height / 2);
    expect(box.width, 'a thumb-sized target').to.be.at.least(44);
    // Scrolled to the end, the page's last links clear the round button.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const last = (await page.getByRole('contentinfo').getByRole('link').last().boundingBox())!;
    const button = (await addBetButton(page).boundingBox())!;
    expect(last.y + last.height, 'the last footer link above the round button').to.be.at.most(button.y);
  }

  const dialog = await openAddBet(page);
  await expectOddsKeyboard(dialog.getByLabel('Odds', { exact: true }), 'add dialog');
  expect(await toWin(dialog).innerText()).to.equal('To win: enter odds and stake');
  await dialog.getByLabel('Sport', { exact: true }).selectOption('hockey');
  await dialog.getByLabel('Bet Type', { exact: true }).selectOption('total');
  await dialog.getByLabel('Event', { exact: true }).fill('Rangers vs Bruins');
  await dialog.getByLabel('Odds', { exact: true }).fill('-110');
  expect(await toWin(dialog).innerText()).to.equal('To win: enter odds and stake');
  await dialog.getByLabel('Stake ($)', { exact: true }).fill('100');
  expect(await toWin(dialog).innerText()).to.equal('To win: $90.91');
  await dialog.getByLabel('Odds', { exact: true }).fill('+150');
  expect(await toWin(dialog).innerText()).to.equal('To win: $150.00');
  await expectNoSeriousA11yViolations(page, `Add Bet dialog (${viewport.name})`);
  await screenshot(page, `quick-add-dialog-${viewport.name}`);

  // The spec's validation still applies in the dialog.
  await dialog.getByLabel('Odds', { exact: true }).fill('+50');
  await dialog.getByRole('button', { name: 'Add Bet', exact: true }).click();
  await dialog.getByText('American odds must be +100 or more, or -100 or less', { exact: true }).waitFor();
  await dialog.getByLabel('Odds', { exact: true }).fill('-110');
  await dialog.getByRole('button', { name: 'Add Bet', exact: true }).click();
  await expectToast(page, 'Bet added successfully', 'Your bet has been recorded.');
  await dialog.waitFor({ state: 'hidden' });
  expect(new URL(page.url()).pathname).to.equal('/journal');

  await navigateTo(page, viewport, 'history');
  await visible(page.getByRole('button', { name: 'Edit Rangers vs Bruins', exact: true })).waitFor();

  // The next bet starts from the last sport, bet type and stake; the rest is blank.
  const again = await openAddBet(page);
  expect(await again.getByLabel('Sport', { exact: true }).inputValue()).to.equal('hockey');
  expect(await again.getByLabel('Bet Type', { exact: true }).inputValue()).to.equal('total');
  expect(await again.getByLabel('Stake ($)', { exact: true }).inputValue()).to.equal('100');
  expect(await again.getByLabel('Event', { exact: true }).inputValue()).to.equal('');
  expect(await again.getByLabel('Odds', { exact: true }).inputValue()).to.equal('');
  expect(await again.getByLabel('Outcome', { exact: true }).inputValue()).to.equal('pending');
  await screenshot(page, `quick-add-defaults-${viewport.name}`);
  await again.getByRole('button', { name: 'Close' }).click();
  await again.waitFor({ state: 'hidden' });

  // Remembered across a reload, and on the dashboard's own form too.
  await page.goto('/');
  const form = page.getByRole('form', { name: 'Add New Bet' });
  await form.waitFor();
  expect(await form.getByLabel('Sport', { exact: true }).inputValue()).to.equal('hockey');
  expect(await form.getByLabel('Bet Type', { exact: true }).inputValue()).to.equal('total');
  expect(await form.getByLabel('Stake ($)', { exact: true }).inputValue()).to.equal('100');
  expect(await toWin(form).innerText()).to.equal('To win: enter odds and stake');

  // The odds of the edit dialog and of parlay legs take a minus sign on an iPhone too.
  await navigateTo(page, viewport, 'history');
  await visible(page.getByRole('button', { name: 'Edit Rangers vs Bruins', exact: true })).click();
  const edit = page.getByRole('dialog', { name: 'Edit Bet' });
  await expectOddsKeyboard(edit.getByLabel('Odds', { exact: true }), 'edit dialog');
  expect(await toWin(edit).innerText()).to.equal('To win: $90.91');
  await edit.getByRole('button', { name: 'Cancel' }).click();
  await edit.waitFor({ state: 'hidden' });
  await navigateTo(page, viewport, 'parlays');
  const leg = page.getByRole('group', { name: 'Leg 1', exact: true });
  await expectOddsKeyboard(leg.getByLabel('Odds', { exact: true }), 'parlay leg');
};

journey('quick add', 'adds a bet from the Journal in a dialog with a To win preview, and remembers sport, type and stake', (t, viewport) =>
  quickAdd(t.page, viewport),
);
