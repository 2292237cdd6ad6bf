import { expect } from 'chai';
import { MESSAGES } from '@bt/contracts';
import { screenshot } from './harness';
import {
  daysAgo,
  eventually,
  expectNoSeriousA11yViolations,
  expectToast,
  heading,
  horizontalOverflow,
  navigateTo,
  signUp,
  journey,
  type TestPage,
  type Viewport,
  visible,
} from './steps';

const csv = (rows: string[][]) => rows.map((row) => row.join(',')).join('\n') + '\n';
const usDate = (iso: string) => `${Number(iso.slice(5, 7))}/${Number(iso.slice(8, 10))}/${iso.slice(0, 4)}`;

/**
 * Another tracker's CSV is previewed before anything is written (how each column reads,
 * the rows as they will be stored); the user maps a column the server could not place or guess,
 * sees the preview change, then imports the bets. A Pikkit export is recognised by its header.
 */
const importWithPreview = async ({ page }: TestPage, viewport: Viewport) => {
  await signUp(page, `import-preview-${viewport.name}`);
  await navigateTo(page, viewport, 'history');
  await heading(page, 'Bet History').waitFor();
  await page.getByRole('button', { name: 'Import CSV' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import Bets' });

  // "Contest" is not one of our names nor one we guess: every row lacks its event until it is mapped.
  const theirs = csv([
    ['Placed', 'Sport', 'Contest', 'Bet Type', 'Odds', 'Stake', 'Outcome'],
    [usDate(daysAgo(2)), 'NBA', 'Lakers @ Celtics', 'ML', '2.50', '$20.00', 'Won'],
    [usDate(daysAgo(1)), 'NHL', 'Leafs @ Habs', 'ML', '-120', '$30.00', 'Lost'],
  ]);
  await dialog
    .getByLabel('CSV file', { exact: true })
    .setInputFiles({ name: 'other.csv', mimeType: 'text/csv', buffer: Buffer.from(theirs) });
  const notImported = dialog.getByRole('list', { name: 'Rows not imported' });
  await eventually(async () =>
    expect(await notImported.getByRole('listitem').allInnerTexts()).to.deep.equal([
      `Row 2: ${MESSAGES.eventRequired}`,
      `Row 3: ${MESSAGES.eventRequired}`,
    ]),
  );
  expect(await dialog.getByRole('button', { name: 'Import', exact: true }).isDisabled()).to.equal(true);
  expect(await dialog.getByLabel('Read "Sport" as').inputValue()).to.equal('sport');
  expect(await dialog.getByLabel('Read "Placed" as').inputValue()).to.equal('date');
  expect(await dialog.getByLabel('Read "Contest" as').inputValue()).to.equal('');
  await screenshot(page, `import-preview-unmapped-${viewport.name}`);

  // Map Contest -> Event (Placed was guessed as the date): the preview reads every row.
  await dialog.getByLabel('Read "Contest" as').selectOption('event');
  const preview = dialog.getByRole('region', { name: 'Preview' });
  await eventually(async () => expect(await preview.getByRole('row').count()).to.equal(3));
  expect(await notImported.count()).to.equal(0);
  const cells = await preview.getByRole('row').nth(1).getByRole('cell').allInnerTexts();
  expect(cells.slice(2)).to.deep.equal(['Basketball', 'Lakers @ Celtics', 'Moneyline', '+150', '$20.00', 'Win', '+$30.00']);
  expect(await dialog.getByLabel('Read "Contest" as').inputValue()).to.equal('event');
  if (viewport.width < 600) expect((await horizontalOverflow(page)).scrollWidth).to.be.at.most(viewport.width);
  await expectNoSeriousA11yViolations(page, 'import preview');
  await screenshot(page, `import-preview-mapped-${viewport.name}`);

  await dialog.getByRole('button', { name: 'Import 2 new bets' }).click();
  await expectToast(page, 'Import complete', '2 bets imported, 0 skipped.');
  await dialog.getByText('2 bets imported, 0 skipped.', { exact: true }).waitFor();
  await screenshot(page, `import-preview-done-${viewport.name}`);
  await dialog.getByRole('button', { name: 'Close' }).last().click();
  await visible(page.getByText('Lakers @ Celtics')).waitFor();

  // A Pikkit export: recognised, its columns shown as read; its parlay keeps the file's total odds
  // and its legs show "No price" on the Parlays screen.
  await page.getByRole('button', { name: 'Import CSV' }).click();
  const placed = `${usDate(daysAgo(3)).replace(/\b(\d)\b/g, '0$1')} 15:52:19 GMT`;
  const pikkit = [
    'bet_id,sportsbook,type,status,odds,closing_line,amount,profit,time_placed,time_placed_iso,time_settled,time_settled_iso,bet_info,tags,sports,leagues',
    `p-1,DraftKings,straight,SETTLED_WIN,1.91,,100,91,${placed},,,,Bucks -3.5,,Basketball,NBA`,
    `p-2,FanDuel,parlay,PENDING,3.64,,10,0,${placed},,,,Celtics ML | Rangers ML,,Basketball | Ice Hockey,NBA | NHL`,
  ].join('\n');
  await dialog
    .getByLabel('CSV file', { exact: true })
    .setInputFiles({ name: 'transactions.csv', mimeType: 'text/csv', buffer: Buffer.from(pikkit) });
  await dialog.getByText('Pikkit export: how each column is read').waitFor();
  await screenshot(page, `import-preview-pikkit-${viewport.name}`);
  await dialog.getByRole('button', { name: 'Import 2 new bets' }).click();
  await expectToast(page, 'Import complete', '2 bets imported, 0 skipped.');
  await dialog.getByRole('button', { name: 'Close' }).last().click();

  await navigateTo(page, viewport, 'parlays');
  await page.getByRole('tab', { name: 'History', exact: true }).click();
  const legs = page.getByRole('list', { name: 'Legs of Celtics ML | Rangers ML' });
  await eventually(async () => expect(await legs.getByText('No price', { exact: true }).count()).to.equal(2));
  await visible(page.getByText('+264')).waitFor();
  await screenshot(page, `import-pikkit-parlay-no-price-${viewport.name}`);

  // Editing it keeps its legs without prices and its total.
  await page.getByRole('button', { name: 'Edit Parlay' }).click();
  expect(await page.getByPlaceholder('No price').count()).to.equal(2);
  await page.getByLabel('Notes').fill('Imported from Pikkit');
  await page.getByRole('button', { name: 'Update Parlay' }).click();
  await expectToast(page, 'Parlay updated successfully');
  await page.getByRole('tab', { name: 'History', exact: true }).click();
  await visible(page.getByText('Imported from Pikkit')).waitFor();
  expect(await legs.getByText('No price', { exact: true }).count()).to.equal(2);
  await visible(page.getByText('+264')).waitFor();
};

journey(
  'import-preview',
  'previews another tracker’s file, changes the mapping and imports; recognises a Pikkit export',
  importWithPreview,
);
