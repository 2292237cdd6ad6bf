import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { screenshot } from './harness';
import { ApiClient, eventually, journey, signUp } from './steps';

/** Sport name -> the colour of its legend marker, read from the page. */
const markerColours = (page: Page, list: string): Promise<Record<string, string>> =>
  page
    .getByRole('list', { name: list, exact: true })
    .getByRole('listitem')
    .evaluateAll((items) =>
      Object.fromEntries(
        items.map((li) => {
          const swatch = li.querySelector('[data-swatch]') ?? li.querySelector('span');
          const name = [...li.querySelectorAll('span:not([data-swatch])')].map((s) => s.textContent?.trim()).find((t) => t);
          return [name ?? '', swatch ? getComputedStyle(swatch).backgroundColor : 'none'];
        }),
      ),
    );

const useTheme = async (page: Page, theme: 'light' | 'dark') => {
  await page.emulateMedia({ colorScheme: theme });
  await page.waitForFunction((t) => document.documentElement.classList.contains(t), theme);
};

journey(
  'sport chart',
  'shows a losing sport in the profit view and keeps each sport’s colour in every view',
  async ({ e2e, page }, viewport) => {
    await signUp(page, `sports-${viewport.name}`);
    // Football +$150; Basketball two losses, -$100; Hockey a push, $0.
    const api = await ApiClient.of(e2e, page);
    await api.addBets([
      { sport: 'football', event: 'Chiefs vs Bills', betType: 'moneyline', odds: '+150', stake: 100, outcome: 'win' },
      { sport: 'basketball', event: 'Lakers vs Celtics', betType: 'spread', odds: '-110', stake: 50, outcome: 'loss' },
      { sport: 'basketball', event: 'Knicks vs Heat', betType: 'spread', odds: '-110', stake: 50, outcome: 'loss' },
      { sport: 'hockey', event: 'Rangers vs Bruins', betType: 'moneyline', odds: '+120', stake: 20, outcome: 'push' },
    ]);
    await api.settled();
    await page.reload();

    const card = page.locator('section').filter({ has: page.getByRole('heading', { name: 'Sport Distribution', exact: true }) });
    const measure = card.getByLabel('Measure', { exact: true });
    const legend = card.getByRole('list', { name: 'Chart legend, top 5', exact: true });

    // By count: a doughnut, Basketball has half the bets.
    await legend.getByRole('listitem').filter({ hasText: 'Basketball' }).getByText('50.0%', { exact: true }).waitFor();
    const byCount = await markerColours(page, 'Chart legend, top 5');
    expect(Object.keys(byCount).sort()).to.deep.equal(['Basketball', 'Football', 'Hockey']);
    expect(new Set(Object.values(byCount)).size, 'one colour per sport').to.equal(3);

    // By amount: a doughnut again, ranked differently, each sport in the same colour.
    await measure.selectOption('amount');
    await legend.getByRole('listitem').filter({ hasText: 'Football' }).getByText('45.5%', { exact: true }).waitFor();
    expect(await markerColours(page, 'Chart legend, top 5')).to.deep.equal(byCount);

    // By profit: every sport, the loser included, on one zero line.
    await measure.selectOption('profit');
    const profits = card.getByRole('list', { name: 'Profit by sport', exact: true });
    await profits.waitFor();
    expect(await profits.getByRole('listitem').allInnerTexts()).to.have.length(3);
    const row = (sport: string) => profits.getByRole('listitem').filter({ hasText: sport });
    await row('Basketball').getByText('-$100.00', { exact: true }).waitFor();
    await row('Football').getByText('+$150.00', { exact: true }).waitFor();
    await row('Hockey').getByText('$0.00', { exact: true }).waitFor();
    expect(await markerColours(page, 'Profit by sport')).to.deep.equal(byCount);

    // The loss is a red bar left of the zero line, the gain a green bar right of it, both on screen.
    const barOf = async (sport: string) =>
      row(sport).evaluate((li) => {
        const bar = li.querySelector('[data-bar]');
        const track = bar?.parentElement;
        if (!bar || !track) return null;
        const b = bar.getBoundingClientRect();
        const t = track.getBoundingClientRect();
        return { kind: bar.getAttribute('data-bar'), left: b.left, right: b.right, width: b.width, zero: t.left + t.width / 2 };
      });
    await eventually(async () => {
      const loss = await barOf('Basketball');
      const gain = await barOf('Football');
      expect(loss?.kind).to.equal('loss');
      expect(gain?.kind).to.equal('win');
      expect(loss!.width).to.be.greaterThan(10);
      expect(loss!.right).to.be.closeTo(loss!.zero, 1);
      expect(loss!.left).to.be.at.least(0);
      expect(gain!.left).to.be.closeTo(gain!.zero, 1);
      expect(gain!.right).to.be.at.most(viewport.width);
      // Bars are scaled to the largest: the $150 gain is longer than the $100 loss.
      expect(gain!.width).to.be.greaterThan(loss!.width);
    });
    expect(await barOf('Hockey')).to.equal(null);

    await card.scrollIntoViewIfNeeded();
    await screenshot(page, `sport-chart-profit-${viewport.name}-light`);
    await useTheme(page, 'dark');
    await screenshot(page, `sport-chart-profit-${viewport.name}-dark`);
    await measure.selectOption('count');
    await legend.waitFor();
    await screenshot(page, `sport-chart-count-${viewport.name}-dark`);
    await useTheme(page, 'light');
    await screenshot(page, `sport-chart-count-${viewport.name}-light`);
  },
);
