import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { screenshot } from './harness';
import { ApiClient, eventually, expectToast, heading, journey, signUp } from './steps';

/** The Bankroll page's three figures, as shown. */
const figures = async (page: Page): Promise<Record<string, string>> => {
  const list = page.getByLabel('Bankroll figures');
  const names = await list.locator('dt').allInnerTexts();
  const values = await list.locator('dd').allInnerTexts();
  return Object.fromEntries(names.map((name, i) => [name, values[i]]));
};

const expectFigures = (page: Page, expected: Record<string, string>) =>
  eventually(async () => expect(await figures(page)).to.deep.equal(expected));

/** Chooses the kind of entry, fills the amount and note and submits. */
const enter = async (page: Page, kind: string, amount: string, note = '') => {
  const form = page.getByRole('form', { name: 'New bankroll entry' });
  await form.getByLabel('Entry').selectOption({ label: kind });
  await form.locator('input').first().fill(amount);
  await form.getByLabel('Note (optional)').fill(note);
  await form.locator('button[type="submit"]').click();
};

const ledgerLines = (page: Page) => page.getByRole('list', { name: 'Ledger' }).locator('li');

journey(
  'bankroll ledger',
  'records deposits, withdrawals and a counted balance with notes, undoes the last entry, and shows what is at risk and available',
  async ({ e2e, page }, viewport) => {
    await signUp(page, `ledger-${viewport.name}`);
    const api = await ApiClient.of(e2e, page);
    await api.addBets([
      { sport: 'football', event: 'Pending Game', betType: 'moneyline', odds: '+100', stake: 40, outcome: 'pending' },
      { sport: 'hockey', event: 'Won Game', betType: 'moneyline', odds: '+100', stake: 10, outcome: 'win' },
    ]);
    await api.settled();
    await page.reload();

    // The header's bankroll leads to the page, at every width.
    await page.getByTestId('header-bankroll').click();
    await heading(page, 'Bankroll').waitFor();
    await page.getByText('No deposits, withdrawals or adjustments yet.').waitFor();

    await enter(page, 'Deposit', '500', 'Opening deposit');
    await expectToast(page, 'Funds added', 'Added $500.00 to your bankroll');
    await enter(page, 'Deposit', '5000', 'Typo');
    await expectFigures(page, { Balance: '$5,510.00', 'At risk': '$40.00', Available: '$5,470.00' });
    await eventually(async () => expect(await page.getByTestId('header-bankroll').innerText()).to.contain('$40.00 at risk'));

    // The mistyped deposit is undone: it stays in the ledger, struck through, and no longer counts.
    await eventually(async () => expect(await ledgerLines(page).count()).to.equal(2));
    await page.getByText('Last entry: deposit of $5,000.00').waitFor();
    await page.getByRole('button', { name: 'Undo last entry' }).click();
    await expectToast(page, 'Entry undone', 'Undid the deposit of $5,000.00');
    await expectFigures(page, { Balance: '$510.00', 'At risk': '$40.00', Available: '$470.00' });
    await eventually(async () => expect(await ledgerLines(page).first().innerText()).to.contain('Undone'));
    await page.getByText('Last entry: deposit of $500.00').waitFor();

    // More than the balance: said under the amount, with the balance; nothing recorded.
    await enter(page, 'Withdrawal', '1000');
    await page.getByText('Withdrawal is larger than the bankroll: the balance is $510.00.').waitFor();
    expect(await ledgerLines(page).count()).to.equal(2);

    // The bettor counted $500: a -$10.00 adjustment with the count and the note.
    await enter(page, 'Counted balance (adjustment)', '500', 'Counted the account');
    await expectToast(page, 'Bankroll adjusted', 'Adjusted by -$10.00 to $500.00');
    await expectFigures(page, { Balance: '$500.00', 'At risk': '$40.00', Available: '$460.00' });
    await eventually(async () => {
      const newest = await ledgerLines(page).first().innerText();
      expect(newest).to.contain('Adjustment').and.contain('counted $500.00').and.contain('Counted the account').and.contain('-$10.00');
    });
    expect(await ledgerLines(page).count()).to.equal(3);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).to.equal(true);
    await screenshot(page, `bankroll-ledger-${viewport.name}`);
  },
);
