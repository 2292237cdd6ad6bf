import { expect } from 'chai';
import type { Locator, Page } from 'playwright-core';
import {
  eventually,
  expectNoSeriousA11yViolations,
  expectToast,
  heading,
  navigateTo,
  signUp,
  visible,
  journey,
  type Viewport,
} from './steps';

const leg = (page: Page, n: number): Locator => page.getByRole('group', { name: `Leg ${n}`, exact: true });

const fillLeg = async (group: Locator, fields: { sport: string; event: string; selection: string; odds: string }) => {
  await group.getByLabel('Sport', { exact: true }).selectOption(fields.sport);
  await group.getByLabel('Event', { exact: true }).fill(fields.event);
  await group.getByLabel('Selection', { exact: true }).fill(fields.selection);
  await group.getByLabel('Odds', { exact: true }).fill(fields.odds);
};

/** The live totals under the legs. */
const expectTotals = async (page: Page, totalOdds: string, potentialProfit: string) => {
  const dl = page.locator('dl[aria-label="Parlay totals"]');
  await eventually(async () => {
    expect(await dl.locator('dd').allInnerTexts()).to.deep.equal([totalOdds, potentialProfit]);
  });
};

/** Journey 3: build a parlay (live odds, add and remove a leg, Calculate Odds), save, edit, find it in Bet History. */
const buildParlay = async (page: Page, viewport: Viewport) => {
  await signUp(page, `parlay-${viewport.name}`);
  await navigateTo(page, viewport, 'parlays');
  await heading(page, 'Parlay Builder').waitFor();
  const builderTab = page.getByRole('tab', { name: 'Builder', exact: true });
  const historyTab = page.getByRole('tab', { name: 'History', exact: true });
  expect(await builderTab.getAttribute('aria-selected')).to.equal('true');

  // The empty History tab first.
  await historyTab.click();
  await page.getByText('No parlays found', { exact: true }).waitFor();
  await builderTab.click();

  // Two empty legs to start, no stake, and totals that say nothing yet (no "+300 / $150" of legs not typed).
  expect(await page.getByRole('group', { name: /^Leg \d+$/ }).count()).to.equal(2);
  expect(await page.getByLabel('Stake Amount ($)', { exact: true }).inputValue()).to.equal('');
  expect(await leg(page, 1).getByLabel('Odds', { exact: true }).inputValue()).to.equal('');
  await expectTotals(page, '—', '—');
  await page.getByLabel('Stake Amount ($)', { exact: true }).fill('50');
  expect(await page.getByRole('button', { name: 'Remove leg 1' }).isDisabled()).to.equal(true);

  await page.getByLabel('Parlay Name', { exact: true }).fill('Sunday Double');
  await fillLeg(leg(page, 1), { sport: 'football', event: 'Chiefs vs Bills', selection: 'Chiefs -3.5', odds: '-110' });
  await fillLeg(leg(page, 2), { sport: 'basketball', event: 'Lakers vs Celtics', selection: 'Lakers ML', odds: '+150' });
  // -110 (1.9091) x +150 (2.5) = 4.7727: +377, and $188.64 on $50.
  await expectTotals(page, '+377', '$188.64');
  await expectNoSeriousA11yViolations(page, `filled parlay builder (${viewport.name})`);

  // A third leg moves the odds once it has a price; removing it brings them back.
  await page.getByRole('button', { name: 'Add Leg' }).click();
  await leg(page, 3).waitFor();
  await expectTotals(page, '+377', '$188.64');
  await leg(page, 3).getByLabel('Odds', { exact: true }).fill('+100');
  await expectTotals(page, '+855', '$427.27');
  expect(await page.getByRole('button', { name: 'Remove leg 1' }).isEnabled()).to.equal(true);
  await page.getByRole('button', { name: 'Remove leg 3' }).click();
  await leg(page, 3).waitFor({ state: 'detached' });
  await expectTotals(page, '+377', '$188.64');
  expect(await page.getByRole('button', { name: 'Remove leg 2' }).isDisabled()).to.equal(true);

  await page.getByRole('button', { name: 'Calculate Odds' }).click();
  await expectToast(page, 'Odds calculated', 'Total odds +377, potential profit $188.64.');

  await page.getByRole('button', { name: 'Create Parlay' }).click();
  await expectToast(page, 'Parlay added successfully');
  // Saved: the form starts over and the History tab opens with the parlay.
  await eventually(async () => expect(await historyTab.getAttribute('aria-selected')).to.equal('true'));
  const card = page.getByRole('article', { name: 'Sunday Double' });
  await card.waitFor();
  await card.getByText('+377', { exact: true }).waitFor();
  await card.getByText('$188.64', { exact: true }).waitFor();
  expect(await card.getByRole('list', { name: 'Legs of Sunday Double' }).getByRole('listitem').count()).to.equal(2);

  // Edit it: the builder fills in, the button reads 'Update Parlay'.
  await card.getByRole('button', { name: 'Edit Parlay' }).click();
  await eventually(async () => expect(await builderTab.getAttribute('aria-selected')).to.equal('true'));
  expect(await page.getByLabel('Parlay Name', { exact: true }).inputValue()).to.equal('Sunday Double');
  expect(await leg(page, 2).getByLabel('Selection', { exact: true }).inputValue()).to.equal('Lakers ML');
  await page.getByLabel('Parlay Name', { exact: true }).fill('Sunday Double Won');
  await page.getByLabel('Stake Amount ($)', { exact: true }).fill('20');
  // The parlay's outcome follows the legs as they are set, before anything is saved.
  const parlayOutcome = page.getByLabel('Parlay Outcome', { exact: true });
  expect(await parlayOutcome.inputValue()).to.equal('pending');
  await leg(page, 1).getByLabel('Outcome', { exact: true }).selectOption('loss');
  await eventually(async () => expect(await parlayOutcome.inputValue()).to.equal('loss'));
  await leg(page, 1).getByLabel('Outcome', { exact: true }).selectOption('win');
  expect(await parlayOutcome.inputValue()).to.equal('pending');
  await leg(page, 2).getByLabel('Outcome', { exact: true }).selectOption('win');
  await eventually(async () => expect(await parlayOutcome.inputValue()).to.equal('win'));
  await expectTotals(page, '+377', '$75.45');
  await page.getByRole('button', { name: 'Update Parlay' }).click();
  await expectToast(page, 'Parlay updated successfully');
  const edited = page.getByRole('article', { name: 'Sunday Double Won' });
  await edited.waitFor();
  await edited.getByText('Win', { exact: true }).first().waitFor();
  await edited.getByText('+$75.45', { exact: true }).waitFor();
  expect(await page.getByRole('article', { name: 'Sunday Double', exact: true }).count()).to.equal(0);
  await builderTab.click();
  await page.getByRole('button', { name: 'Create Parlay' }).waitFor();
  expect(await page.getByLabel('Parlay Name', { exact: true }).inputValue()).to.equal('');

  // In Bet History it is one parlay row: its name, sport and type 'parlay', its total odds, '2 legs'.
  await navigateTo(page, viewport, 'history');
  await page.getByText('Showing 1–1 of 1 bet', { exact: true }).waitFor();
  const row =
    viewport.name === 'desktop'
      ? page.getByRole('row').filter({ hasText: 'Sunday Double Won' })
      : page.getByRole('listitem').filter({ hasText: 'Sunday Double Won' });
  await row.getByText('2 legs').waitFor();
  const text = await row.innerText();
  expect(text).to.contain('Parlay');
  expect(text).not.to.contain('Parlay · Parlay');
  expect(text).to.contain('+377');
  expect(text).to.contain('+$75.45');
  await visible(page.getByRole('link', { name: 'Edit Sunday Double Won', exact: true })).waitFor();
};

journey('parlay', 'builds a parlay with live odds, saves it, edits it and finds it in Bet History', (t, viewport) =>
  buildParlay(t.page, viewport),
);
