import { readFileSync } from 'node:fs';
import { expect } from 'chai';
import type { Locator, Page } from 'playwright-core';
import { screenshot } from './harness';
import { ApiClient, eventually, expectNoSeriousA11yViolations, heading, horizontalOverflow, journey, openUserMenu, signUp } from './steps';

/*
 * Issue 38, Reports › Tax year: a bettor with a mixed 2026 (two books and none, a push, a void, two
 * cash-outs, two bonus bets, two parlays, a pending bet) and a 2025 opens the tax year, reads its
 * figures, downloads the diary as CSV, prints it, and turns to 2025.
 *
 *   DraftKings: +150 $20 win (+30), -110 $55.57 loss (55.57), +120 $30 cashed out for $12.45 (17.55),
 *               parlay $10 at 4.0 won (+30)                         -> 4 wagers, $60.00 won, $73.12 lost, -$13.12
 *   FanDuel:    push, void, -200 $40 cashed out for $60 (+20), bonus $25 lost (0), bonus +250 $10 won (+25)
 *                                                                   -> 5 wagers, $45.00 won, $0.00 lost, +$45.00
 *   No book:    parlay $15 lost (15); a $100 bet pending (left out)  -> 1 wager, $0.00 won, $15.00 lost, -$15.00
 *   2026 (90%): $105.00 won, $88.12 lost, +$16.88; deductible 90% of 88.12 = 79.308 -> $79.30.
 *   2025 (100%): +100 $40 win (+40), -110 $500 loss: $40.00 won, $500.00 lost; deductible $40.00 (capped by winnings).
 */
const bet = (event: string, odds: string, stake: number, outcome: string, date: string, extra: Record<string, unknown> = {}) => ({
  sport: 'basketball',
  event,
  betType: 'moneyline',
  odds,
  stake,
  outcome,
  date,
  ...extra,
});
const leg = (event: string, outcome: string, date: string) => ({
  sport: 'football',
  event,
  selection: 'Home',
  odds: '+100',
  outcome,
  date,
});

const BETS = [
  bet('Lakers vs Celtics', '+150', 20, 'win', '2026-01-10', { book: 'DraftKings' }),
  bet('Knicks vs Heat', '-110', 55.57, 'loss', '2026-03-01', { book: 'DraftKings' }),
  bet('Bulls vs Bucks', '+120', 30, 'cashout', '2026-03-15', { book: 'DraftKings', cashOutAmount: 12.45 }),
  bet('Suns vs Jazz', '+100', 40, 'push', '2026-05-01', { book: 'FanDuel' }),
  bet('Nets vs Magic', '-110', 50, 'void', '2026-05-02', { book: 'FanDuel' }),
  bet('Kings vs Spurs', '-200', 40, 'cashout', '2026-06-01', { book: 'FanDuel', cashOutAmount: 60 }),
  bet('Hawks vs Hornets', '+300', 25, 'loss', '2026-07-04', { book: 'FanDuel', bonusBet: true }),
  bet('Pistons vs Pacers', '+250', 10, 'win', '2026-07-05', { book: 'FanDuel', bonusBet: true }),
  bet('Clippers vs Thunder', '+100', 100, 'pending', '2026-12-31'),
  bet('Warriors vs Rockets', '+100', 40, 'win', '2025-06-01', { book: 'FanDuel' }),
  bet('Celtics vs Heat', '-110', 500, 'loss', '2025-12-31', { book: 'DraftKings' }),
];
const PARLAYS = [
  {
    name: 'April double',
    stake: 10,
    book: 'DraftKings',
    date: '2026-04-01',
    legs: [leg('Chiefs vs Bills', 'win', '2026-04-01'), leg('Eagles vs Giants', 'win', '2026-04-01')],
  },
  {
    name: 'September double',
    stake: 15,
    date: '2026-09-01',
    legs: [leg('Jets vs Dolphins', 'loss', '2026-09-01'), leg('Bears vs Lions', 'win', '2026-09-01')],
  },
];

/** 8.5 in less Chromium's default margins (0.4 in each side), in CSS pixels. */
const PRINTABLE_WIDTH = Math.floor((8.5 - 0.8) * 96);

const region = (page: Page, name: string): Locator => page.getByRole('region', { name, exact: true });

/** The summary's figures as shown: term -> first value. */
const figures = async (page: Page): Promise<Record<string, string>> =>
  Object.fromEntries(
    await region(page, 'Summary')
      .locator('dl > div')
      .evaluateAll((items) => items.map((div) => [div.querySelector('dt')?.textContent ?? '', div.querySelector('dd')?.textContent ?? ''])),
  );

const tableRows = (table: Locator, part: 'tbody' | 'tfoot' = 'tbody'): Promise<string[][]> =>
  table
    .locator(`${part} tr`)
    .evaluateAll((rows) => rows.map((tr) => [...tr.querySelectorAll('th, td')].map((cell) => (cell.textContent ?? '').trim())));

/** Whether an element is laid out at all (display: none leaves no box); find it with includeHidden. */
const shown = (locator: Locator): Promise<boolean> => locator.evaluate((el) => el.getClientRects().length > 0);

journey(
  'tax year',
  'opens the tax year, reads its figures and diary, downloads the diary as CSV, prints it and turns to another year',
  async ({ e2e, page }, viewport) => {
    const menuName = `tax-${viewport.name}`;
    await signUp(page, menuName, menuName);
    const api = await ApiClient.of(e2e, page);
    for (const body of BETS) await api.call('POST', '/bets', body);
    for (const body of PARLAYS) await api.call('POST', '/parlays', body);
    await api.settled();

    // From the user menu (at every width): the current year.
    const menu = await openUserMenu(page, menuName);
    await menu.getByRole('menuitem', { name: 'Tax year' }).click();
    await page.waitForURL((url) => url.pathname === '/reports/tax');
    await heading(page, `Tax year ${new Date().getFullYear()}`).waitFor();

    // 2026, by its address.
    await page.goto('/reports/tax?year=2026');
    await heading(page, 'Tax year 2026').waitFor();
    await region(page, 'Summary').locator('dl').waitFor();
    expect(await figures(page)).to.deep.equal({
      Winnings: '$105.00',
      Losses: '$88.12',
      'Net result': '+$16.88',
      'Deductible losses': '$79.30',
    });
    await page.getByText('1 pending wager dated 2026 is left out until it settles.', { exact: true }).waitFor();
    const note = page.getByRole('note');
    expect(await note.textContent()).to.match(/^For tax years after 2025, 90% of wagering losses are deductible/);
    expect(await note.textContent()).to.contain('This is not tax advice');
    await page.getByRole('heading', { name: 'How these figures are worked out' }).waitFor();

    const books = region(page, 'Winnings and losses by book, 2026');
    expect(await tableRows(books)).to.deep.equal([
      ['DraftKings', '4', '$60.00', '$73.12', '-$13.12'],
      ['FanDuel', '5', '$45.00', '$0.00', '+$45.00'],
      ['No book', '1', '$0.00', '$15.00', '-$15.00'],
    ]);
    expect(await tableRows(books, 'tfoot')).to.deep.equal([['Total', '10', '$105.00', '$88.12', '+$16.88']]);

    // The diary: every wager of the year, oldest first, the pending one without figures.
    const diary = region(page, 'Wagering diary, 2026');
    await diary.locator('tbody tr').first().waitFor();
    const rows = await tableRows(diary);
    expect(rows.map((r) => [r[0], r[1], r[3], r[5], r[6]])).to.deep.equal([
      ['Jan 10, 2026', 'DraftKings', '$20.00', '$30.00', '$0.00'],
      ['Mar 1, 2026', 'DraftKings', '$55.57', '$0.00', '$55.57'],
      ['Mar 15, 2026', 'DraftKings', '$30.00', '$0.00', '$17.55'],
      ['Apr 1, 2026', 'DraftKings', '$10.00', '$30.00', '$0.00'],
      ['May 1, 2026', 'FanDuel', '$40.00', '$0.00', '$0.00'],
      ['May 2, 2026', 'FanDuel', '$50.00', '$0.00', '$0.00'],
      ['Jun 1, 2026', 'FanDuel', '$40.00', '$20.00', '$0.00'],
      ['Jul 4, 2026', 'FanDuel', '$25.00', '$0.00', '$0.00'],
      ['Jul 5, 2026', 'FanDuel', '$10.00', '$25.00', '$0.00'],
      ['Sep 1, 2026', 'No book', '$15.00', '$0.00', '$15.00'],
      ['Dec 31, 2026', 'No book', '$100.00', '—', '—'],
    ]);
    expect(rows[2][4]).to.equal('Cashed outfor $12.45');
    expect(rows[3][2]).to.equal('April doubleParlay');
    expect(rows[7][2]).to.equal('Hawks vs HornetsMoneyline, bonus bet');
    expect(
      rows.every((r) => r[7] !== ''),
      'every wager says when it was recorded',
    ).to.equal(true);
    expect(await horizontalOverflow(page).then((o) => o.scrollWidth <= o.innerWidth), 'no sideways page scroll').to.equal(true);
    await expectNoSeriousA11yViolations(page, `tax year at ${viewport.width} px`);
    await screenshot(page, `tax-year-2026-${viewport.name}`);

    // The diary as CSV: the same rows, plain numbers.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download diary CSV', exact: true }).click(),
    ]);
    expect(download.suggestedFilename()).to.equal('wagering-diary-2026.csv');
    const csv = readFileSync(await download.path(), 'utf8')
      .trimEnd()
      .split('\r\n');
    expect(csv[0]).to.equal('date,book,event,betType,stake,bonusBet,outcome,cashOutAmount,winnings,loss,recordedAt');
    expect(csv).to.have.length(12);
    expect(csv[3]).to.match(/^2026-03-15,DraftKings,Bulls vs Bucks,moneyline,30\.00,false,cashout,12\.45,0\.00,17\.55,20\d\d-/);

    // Printing (laid out at a Letter page's printable width, whatever the screen): the diary is there,
    // the navigation and the controls are not.
    await page.setViewportSize({ width: PRINTABLE_WIDTH, height: viewport.height });
    await page.emulateMedia({ media: 'print' });
    expect(await shown(page.getByRole('banner', { includeHidden: true })), 'header hidden on paper').to.equal(false);
    expect(await shown(page.locator('nav[aria-label="Mobile"]')), 'bottom bar hidden on paper').to.equal(false);
    expect(await shown(page.locator('nav[aria-label="Main"]')), 'header links hidden on paper').to.equal(false);
    expect(await shown(page.getByRole('contentinfo', { includeHidden: true })), 'footer hidden on paper').to.equal(false);
    expect(await shown(page.getByRole('button', { name: 'Print', exact: true, includeHidden: true })), 'controls hidden on paper').to.equal(
      false,
    );
    expect(await shown(diary.locator('table')), 'the diary prints').to.equal(true);
    expect(await diary.locator('tbody tr').count()).to.equal(11);
    expect(
      await diary.locator('table').evaluate((t) => t.getBoundingClientRect().right <= window.innerWidth + 0.5),
      'the diary fits the paper',
    ).to.equal(true);
    await screenshot(page, `tax-year-2026-print-${viewport.name}`);
    const pdf = await page.pdf({ format: 'Letter' });
    expect(pdf.subarray(0, 5).toString('latin1')).to.equal('%PDF-');
    expect(pdf.toString('latin1').match(/\/Type\s*\/Page[^s]/g)?.length ?? 0, 'pages').to.be.at.least(1);
    await page.emulateMedia({ media: 'screen' });
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    expect(await shown(page.getByRole('banner'))).to.equal(true);

    // Another year from the picker: 2025, under the 100% rule, its deduction capped by its winnings.
    await page.getByLabel('Year', { exact: true }).selectOption('2025');
    await heading(page, 'Tax year 2025').waitFor();
    await page.waitForURL((url) => url.searchParams.get('year') === '2025');
    await region(page, 'Winnings and losses by book, 2025').waitFor();
    expect(await figures(page)).to.deep.equal({
      Winnings: '$40.00',
      Losses: '$500.00',
      'Net result': '-$460.00',
      'Deductible losses': '$40.00',
    });
    expect(await page.getByRole('note').textContent()).to.match(/^For tax years up to 2025, wagering losses are deductible only up to/);
    // The diary comes from a request of its own: its rows may show after the figures.
    await eventually(async () => expect(await region(page, 'Wagering diary, 2025').locator('tbody tr').count()).to.equal(2));
  },
);
