import { expect } from 'chai';
import { screenshot } from './harness';
import {
  ApiClient,
  cardText,
  eventually,
  expectNoSeriousA11yViolations,
  expectToast,
  heading,
  journey,
  navigateTo,
  openUserMenu,
  seedUnitSizeBetweenBets,
  signUp,
  visible,
} from './steps';

journey(
  'unit size applied to earlier bets',
  'applies the unit size to bets placed before it from Settings, asked first, and every unit total and the bet’s changes follow',
  async ({ e2e, page }, viewport) => {
    const account = await signUp(page, `apply-units-${viewport.name}`);
    const api = await ApiClient.of(e2e, page);
    await seedUnitSizeBetweenBets(api);
    await page.reload();
    await eventually(async () => expect(await cardText(page, 'Total Profit')).to.contain('+1u on 1 of 3 bets'));

    // Settings > Preferences offers to apply it, says what it does, and asks first.
    const menu = await openUserMenu(page, account.email.split('@')[0]);
    await menu.getByRole('menuitem', { name: 'Settings' }).click();
    await heading(page, 'Account Settings').waitFor();
    await page.getByRole('tab', { name: 'Preferences', exact: true }).click();
    const preferences = page.getByRole('tabpanel', { name: 'Preferences' });
    await preferences.getByText('2 earlier bets have no unit size, so unit totals leave them out.').waitFor();
    await preferences.getByRole('button', { name: 'Apply $10 unit size to 2 earlier bets', exact: true }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Apply $10 unit size to earlier bets?' });
    expect(await confirm.innerText()).to.contain("This is recorded, and each bet's change history shows it.");
    await screenshot(page, `unit-size-apply-confirm-${viewport.name}`);
    await confirm.getByRole('button', { name: 'Apply unit size', exact: true }).click();
    await expectToast(page, 'Unit size applied', '$10 unit size applied to 2 earlier bets.');
    await preferences.getByText('Every bet has a unit size.', { exact: true }).waitFor();
    await expectNoSeriousA11yViolations(page, `Preferences after applying (${viewport.name})`);
    await screenshot(page, `unit-size-applied-settings-${viewport.name}`);

    // The dashboard's unit total covers all three bets now (no "on 1 of 3" beside the money).
    await navigateTo(page, viewport, 'dashboard');
    await eventually(async () => {
      const text = await cardText(page, 'Total Profit');
      expect(text).to.contain('+$30.00').and.contain('+3u');
      expect(text).not.to.contain(' of 3 bets');
    });

    // And the bet's change history says what happened, in words.
    await navigateTo(page, viewport, 'history');
    await visible(page.getByRole('button', { name: 'Changes of Before One', exact: true })).click();
    const dialog = page.getByRole('dialog', { name: 'Changes' });
    const events = dialog.getByRole('list', { name: 'Changes, oldest first' }).locator(':scope > li');
    await eventually(async () => expect(await events.count()).to.equal(3));
    expect((await events.allInnerTexts())[2]).to.match(/^Unit size \$10 applied \(from Settings\)/);
    await screenshot(page, `unit-size-applied-changes-${viewport.name}`);
  },
);
