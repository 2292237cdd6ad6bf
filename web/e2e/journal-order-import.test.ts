import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { MESSAGES } from '@bt/contracts';
import { screenshot } from './harness';
import { ApiClient, daysAgo, eventually, expectToast, heading, navigateTo, signUp, journey, type TestPage, type Viewport } from './steps';

const entryTitles = (page: Page) => page.getByRole('article').getByRole('heading', { level: 2 }).allInnerTexts();

/** Journal entries listed by their own date, newest first (ties: newest written first). */
const journalByDate = async ({ e2e, page }: TestPage, viewport: Viewport) => {
  await signUp(page, `journal-order-${viewport.name}`);
  const api = await ApiClient.of(e2e, page);
  const entry = (title: string, date: string) => ({ title, content: `${title}.`, type: 'daily', mood: 'neutral', tags: [], date });
  // Written in this order, dated otherwise.
  await api.call('POST', '/journal', entry('Today', daysAgo(0)));
  await api.call('POST', '/journal', entry('Last week, written later', daysAgo(7)));
  await api.call('POST', '/journal', entry('Yesterday', daysAgo(1)));
  await api.call('POST', '/journal', entry('Today, written last', daysAgo(0)));
  await api.settled();
  await navigateTo(page, viewport, 'journal');
  await heading(page, 'Betting Journal').waitFor();
  await eventually(async () =>
    expect(await entryTitles(page)).to.deep.equal(['Today, written last', 'Today', 'Yesterday', 'Last week, written later']),
  );
  await screenshot(page, `journal-by-date-${viewport.name}`);
};

const csv = (rows: string[][]) => rows.map((row) => row.join(',')).join('\n') + '\n';
const HEADER = ['date', 'sport', 'event', 'betType', 'odds', 'stake', 'outcome', 'notes'];

/** An import's per-row report reads as "Row n: message", never raw JSON; an unknown sport is a warning row. */
const importReport = async ({ page }: TestPage, viewport: Viewport) => {
  await signUp(page, `import-report-${viewport.name}`);
  await navigateTo(page, viewport, 'history');
  await heading(page, 'Bet History').waitFor();
  await page.getByRole('button', { name: 'Import CSV' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import Bets' });
  const file = dialog.getByLabel('CSV file', { exact: true });

  // A bad row stops the import: the toast and the dialog name it.
  const bad = csv([
    HEADER,
    [daysAgo(1), 'basketball', 'Good row', 'spread', '-110', '50', 'win', ''],
    [daysAgo(1), 'basketball', 'Bad row', 'spread', '-110', 'fifty', 'win', ''],
  ]);
  // The preview lists it before anything is sent to be imported, and nothing can be imported.
  await file.setInputFiles({ name: 'bad.csv', mimeType: 'text/csv', buffer: Buffer.from(bad) });
  const notImported = dialog.getByRole('list', { name: 'Rows not imported' });
  await eventually(async () =>
    expect(await notImported.getByRole('listitem').allInnerTexts()).to.deep.equal([`Row 3: ${MESSAGES.stakePositive}`]),
  );
  expect(await dialog.getByRole('button', { name: 'Import', exact: true }).isDisabled()).to.equal(true);
  expect(await dialog.innerText()).to.not.contain('{');
  await screenshot(page, `import-refused-${viewport.name}`);

  // A sport we do not track is imported as Other, with a warning row.
  const unknownSport = csv([
    HEADER,
    [daysAgo(1), 'basketball', 'Lakers @ Celtics', 'spread', '-110', '50', 'win', ''],
    [daysAgo(1), 'Cricket', 'India v England', 'moneyline', '+120', '20', 'loss', ''],
  ]);
  await file.setInputFiles({ name: 'cricket.csv', mimeType: 'text/csv', buffer: Buffer.from(unknownSport) });
  await dialog.getByRole('button', { name: 'Import 2 new bets' }).click();
  const warning = `Row 3: ${MESSAGES.csvUnknownSport('Cricket')}`;
  await expectToast(page, 'Import complete', `2 bets imported, 0 skipped. ${warning}.`);
  await dialog.getByText('2 bets imported, 0 skipped.', { exact: true }).waitFor();
  expect(await dialog.getByRole('list', { name: 'Rows imported with a warning' }).getByRole('listitem').allInnerTexts()).to.deep.equal([
    warning,
  ]);
  await screenshot(page, `import-warning-${viewport.name}`);
};

journey('journal-order', 'lists journal entries by their date, newest first, ties newest written first', journalByDate);
journey('import-report', 'reports an import row by row in the toast and the dialog, with an unknown sport as a warning', importReport);
