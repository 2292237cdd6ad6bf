import { expect } from 'chai';
import type { Locator, Page } from 'playwright-core';
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
} from './steps';

const csv = (rows: string[][]) => rows.map((row) => row.join(',')).join('\n') + '\n';
const usDate = (iso: string) => `${Number(iso.slice(5, 7))}/${Number(iso.slice(8, 10))}/${iso.slice(0, 4)}`;

/** Another tracker's names: all but Category are guessed; the bettor maps Category to the bet type. */
const HEADER = ['When', 'Game', 'Category', 'Price', 'Risked', 'Book', 'Result'];
const first = csv([
  HEADER,
  [`${usDate(daysAgo(3))} 7:30 PM`, 'Lakers @ Celtics', 'spread', '-110', '$20.00', 'DraftKings', 'Won'],
  [usDate(daysAgo(2)), 'Leafs @ Habs', 'total', '+120', '$10.00', 'FanDuel', 'Lost'],
  [usDate(daysAgo(1)), 'Bills @ Jets', 'moneyline', '2.50', '$5.00', 'DraftKings', ''],
]);
const second = csv([
  HEADER,
  [usDate(daysAgo(1)), 'Mahomes 300+ passing yards', 'prop', '+105', '$8.00', 'BetMGM', ''],
  [usDate(daysAgo(1)), 'Arsenal v Spurs', 'moneyline', '+200', '$4.00', 'BetMGM', 'Won'],
]);

const upload = (dialog: Locator, name: string, text: string) =>
  dialog.getByLabel('CSV file', { exact: true }).setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(text) });

const fieldOf = (dialog: Locator, header: string) => dialog.getByLabel(`Read "${header}" as`).inputValue();

/** The preview is never cut off: inside the viewport and the dialog, its table fitting its box or scrolling in it. */
const expectPreviewNotCutOff = async (page: Page, dialog: Locator, viewport: Viewport) => {
  const region = dialog.getByRole('region', { name: 'Preview' });
  const box = await region.evaluate((el) => {
    const rect = el.getBoundingClientRect();
    const outer = el.closest('dialog')!.getBoundingClientRect();
    return {
      right: rect.right,
      dialogRight: outer.right,
      scrollWidth: el.scrollWidth,
      clientWidth: el.clientWidth,
      overflowX: getComputedStyle(el).overflowX,
    };
  });
  expect(box.right, 'the preview’s right edge is on screen').to.be.at.most(viewport.width);
  expect(box.right, 'and inside the dialog').to.be.at.most(box.dialogRight);
  if (viewport.width >= 1280) expect(box.scrollWidth, 'at 1280 px every column shows').to.be.at.most(box.clientWidth + 1);
  else expect(box.overflowX, 'a narrow screen scrolls the table inside its box').to.equal('auto');
  expect((await horizontalOverflow(page)).scrollWidth).to.be.at.most(viewport.width);
};

/**
 * Issue 37: a CSV with headers we do not know is offered its mapping with our guesses; the preview
 * says what the import will do (new rows, rows imported before) and the button says it too; the
 * mapping the bettor chose is remembered for the next file with those headers.
 */
const importNeverDeadEnds = async ({ page }: TestPage, viewport: Viewport) => {
  await signUp(page, `import-mapping-${viewport.name}`);
  await navigateTo(page, viewport, 'history');
  await heading(page, 'Bet History').waitFor();
  await page.getByRole('button', { name: 'Import CSV' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import Bets' });

  // Every column is offered, with our guesses.
  await upload(dialog, 'their-tracker.csv', first);
  await dialog.getByText('3 rows: 3 new, 0 already imported', { exact: true }).waitFor();
  const guessed = await Promise.all(HEADER.map((h) => fieldOf(dialog, h)));
  expect(guessed).to.deep.equal(['date', 'event', '', 'odds', 'stake', 'book', 'outcome']);
  await dialog.getByText('No column is read as Sport: the bets are imported as Other.').waitFor();
  await dialog.getByRole('button', { name: 'Import 3 new bets' }).waitFor();

  // The bettor maps Category to the bet type: the preview reads it.
  await dialog.getByLabel('Read "Category" as').selectOption('betType');
  const preview = dialog.getByRole('region', { name: 'Preview' });
  await eventually(async () =>
    expect(await preview.getByRole('row').nth(1).getByRole('cell').allInnerTexts()).to.deep.equal([
      '2',
      new Date(`${daysAgo(3)}T12:00:00`).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' }),
      'Other',
      'Lakers @ Celtics',
      'Spread',
      '-110',
      '$20.00',
      'Win',
      '+$18.18',
    ]),
  );
  await expectPreviewNotCutOff(page, dialog, viewport);
  await expectNoSeriousA11yViolations(page, 'import mapping');
  await screenshot(page, `import-mapping-guessed-${viewport.name}`);

  await dialog.getByRole('button', { name: 'Import 3 new bets' }).click();
  await expectToast(page, 'Import complete', '3 bets imported, 0 skipped.');
  await dialog.getByText('3 bets imported, 0 skipped.', { exact: true }).waitFor();

  // The same file again: the mapping as chosen, nothing new, and a button that says so.
  await upload(dialog, 'their-tracker.csv', first);
  await dialog.getByText('3 rows: 0 new, 3 already imported', { exact: true }).waitFor();
  await dialog.getByText('Read as you mapped these columns last time.').waitFor();
  expect(await fieldOf(dialog, 'Category')).to.equal('betType');
  const nothing = dialog.getByRole('button', { name: 'Nothing new to import' });
  expect(await nothing.isDisabled()).to.equal(true);
  await expectPreviewNotCutOff(page, dialog, viewport);
  await screenshot(page, `import-nothing-new-${viewport.name}`);

  // Another file with the same headers is read by the remembered mapping.
  await upload(dialog, 'their-tracker-2.csv', second);
  await dialog.getByText('2 rows: 2 new, 0 already imported', { exact: true }).waitFor();
  expect(await fieldOf(dialog, 'Category')).to.equal('betType');
  await eventually(async () => expect(await preview.getByRole('row').nth(1).getByRole('cell').nth(4).innerText()).to.equal('Prop Bet'));
  await dialog.getByRole('button', { name: 'Import 2 new bets' }).click();
  await expectToast(page, 'Import complete', '2 bets imported, 0 skipped.');
  await screenshot(page, `import-remembered-${viewport.name}`);
};

journey(
  'import-never-dead-ends',
  'maps an unknown header by our guesses, counts rows imported before, and remembers the mapping for those headers',
  importNeverDeadEnds,
);
