import { expect } from 'chai';
import type { BrowserContext, Page } from 'playwright-core';
import { newPage, screenshot, seriousA11yViolations, sharedE2E, type E2E } from './harness';
import { ApiClient, daysAgo, heading, horizontalOverflow, signUp, VIEWPORTS, type SeedBet, type Viewport } from './steps';

/**
 * Every screen in both themes at both widths: a screenshot each (test-artifacts/screens/), no
 * serious or critical axe-core violation, nothing scrolling sideways, and at desktop widths all six
 * header links in view. Problems are collected over all screens and asserted at the end, so one run
 * reports them all.
 */

type Theme = 'light' | 'dark';
const THEMES: readonly Theme[] = ['light', 'dark'];

interface Screen {
  name: string;
  path: string;
  /** Resolves once the screen shows its data. */
  ready: (page: Page) => Promise<void>;
  /** After the load, e.g. choosing a tab. */
  open?: (page: Page) => Promise<void>;
}

const PUBLIC_SCREENS: readonly Screen[] = [
  { name: 'landing', path: '/landing', ready: (page) => page.getByRole('link', { name: 'Start Tracking Now' }).first().waitFor() },
  { name: 'login', path: '/login', ready: (page) => heading(page, 'Welcome Back').waitFor() },
  { name: 'signup', path: '/signup', ready: (page) => heading(page, 'Create Account').waitFor() },
  { name: 'privacy', path: '/privacy', ready: (page) => heading(page, 'Privacy Policy').waitFor() },
  { name: 'terms', path: '/terms', ready: (page) => heading(page, 'Terms of Service').waitFor() },
  { name: 'contact', path: '/contact', ready: (page) => heading(page, 'Contact Us').waitFor() },
  { name: 'pricing', path: '/pricing', ready: (page) => heading(page, 'Simple, Transparent Pricing').waitFor() },
];

const charts = async (page: Page, count: number) => {
  await page
    .locator('svg.apexcharts-svg')
    .nth(count - 1)
    .waitFor();
};

const APP_SCREENS: readonly Screen[] = [
  {
    name: 'dashboard',
    path: '/',
    ready: async (page) => {
      await page.getByRole('region', { name: 'Recent Bets' }).getByText('Penguins vs Flyers', { exact: true }).waitFor();
      await charts(page, 2);
    },
  },
  { name: 'history', path: '/history', ready: (page) => page.getByText(/^Showing 1–\d+ of \d+ bets$/).waitFor() },
  { name: 'parlays-builder', path: '/parlays', ready: (page) => page.getByRole('group', { name: 'Leg 2', exact: true }).waitFor() },
  {
    name: 'parlays-history',
    path: '/parlays',
    open: (page) => page.getByRole('tab', { name: 'History', exact: true }).click(),
    ready: (page) => page.getByRole('article', { name: 'Weekend Treble' }).waitFor(),
  },
  {
    name: 'streaks',
    path: '/streaks',
    ready: async (page) => {
      await page.getByRole('region', { name: 'Recent Streaks', exact: true }).getByRole('listitem').first().waitFor();
      await charts(page, 2);
    },
  },
  { name: 'journal', path: '/journal', ready: (page) => page.getByRole('article', { name: 'Bankroll discipline' }).waitFor() },
  { name: 'goals', path: '/goals', ready: (page) => page.getByRole('article', { name: 'November profit' }).waitFor() },
  { name: 'settings', path: '/settings', ready: (page) => page.getByRole('region', { name: 'Profile Information' }).waitFor() },
  { name: '404', path: '/no-such-screen', ready: (page) => heading(page, '404 Page Not Found').waitFor() },
];

const SPORTS = ['football', 'basketball', 'baseball', 'hockey', 'soccer', 'other'] as const;
const OUTCOMES = ['win', 'win', 'loss', 'win', 'loss', 'loss', 'win', 'push', 'win', 'pending', 'win', 'loss'] as const;

/** Enough data that every screen shows its full layout: bets over three weeks, a parlay, entries, goals, funds. */
const seed = async (api: ApiClient) => {
  const bets: SeedBet[] = OUTCOMES.map((outcome, i) => ({
    sport: SPORTS[i % SPORTS.length],
    event: `${['Bills', 'Celtics', 'Dodgers', 'Rangers', 'Arsenal', 'Open'][i % 6]} game ${i + 1}`,
    betType: ['moneyline', 'spread', 'total', 'prop'][i % 4],
    odds: ['+150', '-110', '+120', '-135', '+200', '+105'][i % 6],
    stake: 20 + i * 5,
    outcome,
    date: daysAgo(24 - i * 2),
  }));
  bets.push({
    sport: 'hockey',
    event: 'Penguins vs Flyers',
    betType: 'moneyline',
    odds: '+125',
    stake: 40,
    outcome: 'win',
    date: daysAgo(0),
  });
  await api.addBets(bets);
  await api.call('POST', '/parlays', {
    name: 'Weekend Treble',
    stake: 25,
    outcome: 'pending',
    notes: 'Three favourites.',
    legs: [
      { sport: 'football', event: 'Chiefs vs Raiders', selection: 'Chiefs -7', odds: '-110', outcome: 'win' },
      { sport: 'basketball', event: 'Nuggets vs Suns', selection: 'Over 228.5', odds: '-105', outcome: 'pending' },
      { sport: 'soccer', event: 'Inter vs Milan', selection: 'Inter ML', odds: '+140', outcome: 'pending' },
    ],
  });
  await api.call('POST', '/journal', {
    title: 'Bankroll discipline',
    content: 'Kept every stake at 2% of the bankroll this week.\nNo chasing after the Sunday losses.',
    type: 'weekly',
    mood: 'positive',
    tags: ['discipline', 'bankroll'],
    date: daysAgo(1),
  });
  await api.call('POST', '/journal', {
    title: 'Late-night parlay',
    content: 'Should have skipped it.',
    type: 'daily',
    mood: 'negative',
    tags: ['tilt'],
    date: daysAgo(0),
  });
  await api.call('POST', '/goals', {
    title: 'November profit',
    targetAmount: 500,
    timeframe: 'monthly',
    description: 'Steady growth.',
    startDate: daysAgo(10),
  });
  await api.call('POST', '/goals', {
    title: 'Weekly target',
    targetAmount: 100,
    timeframe: 'weekly',
    description: '',
    startDate: daysAgo(2),
  });
  await api.call('POST', '/bankroll', { amount: 1000 });
  await api.settled();
};

interface Problem {
  screen: string;
  kind: string;
  detail: unknown;
}

/** Shows the theme (the app follows the system preference unless a user picks one) and waits for it. */
const useTheme = async (page: Page, theme: Theme) => {
  await page.emulateMedia({ colorScheme: theme, reducedMotion: 'reduce' });
  await page.waitForFunction((t) => document.documentElement.classList.contains(t), theme);
  await nextFrames(page); // styles and charts repaint in the new colours
};

const nextFrames = (page: Page) =>
  page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));

/**
 * A screenshot of the whole page as one tall window shows it: a full-page capture of a normal
 * window would paint the fixed bottom bar over the middle of the page.
 */
const screenshotWhole = async (page: Page, viewport: Viewport, name: string) => {
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  await page.setViewportSize({ width: viewport.width, height: Math.max(height, viewport.height) });
  await nextFrames(page);
  await screenshot(page, name);
  await page.setViewportSize({ width: viewport.width, height: viewport.height });
};

const settle = async (page: Page) => {
  await page.waitForFunction(
    () =>
      !document.querySelector('[aria-busy="true"]') &&
      ![...document.querySelectorAll('[role="status"]')].some((el) => el.textContent?.trim() === 'Loading'),
  );
};

const checkScreen = async (page: Page, viewport: Viewport, screen: Screen, signedIn: boolean, problems: Problem[]) => {
  await page.goto(screen.path);
  await screen.open?.(page);
  await screen.ready(page);
  await settle(page);
  for (const theme of THEMES) {
    const where = `${screen.name} (${viewport.name}, ${theme})`;
    await useTheme(page, theme);
    await screenshotWhole(page, viewport, `${screen.name}-${viewport.name}-${theme}`);
    // Every rule in the light theme; in the dark one only what the theme changes: contrast.
    const violations = await seriousA11yViolations(page, theme === 'dark' ? ['color-contrast'] : undefined);
    if (violations.length > 0) problems.push({ screen: where, kind: 'axe', detail: violations });
  }
  await useTheme(page, 'light');
  const { scrollWidth, innerWidth } = await horizontalOverflow(page);
  if (scrollWidth > innerWidth)
    problems.push({ screen: `${screen.name} (${viewport.name})`, kind: 'horizontal scroll', detail: { scrollWidth, innerWidth } });
  if (signedIn && viewport.name === 'desktop') {
    const nav = await page
      .getByRole('navigation', { name: 'Main' })
      .evaluate((el) => ({ scrollWidth: el.scrollWidth, clientWidth: el.clientWidth }));
    if (nav.scrollWidth > nav.clientWidth)
      problems.push({ screen: `${screen.name} (${viewport.name})`, kind: 'header links cut off', detail: nav });
  }
};

/** One width's tour: the public screens signed out, then sign up, seed, and the signed-in screens. */
const tourScreens = async (e2e: E2E, page: Page, viewport: Viewport): Promise<Problem[]> => {
  const problems: Problem[] = [];
  try {
    for (const screen of PUBLIC_SCREENS) await checkScreen(page, viewport, screen, false, problems);
    await signUp(page, `screens-${viewport.name}`);
    await seed(await ApiClient.of(e2e, page));
    for (const screen of APP_SCREENS) await checkScreen(page, viewport, screen, true, problems);
    return problems;
  } catch (error) {
    await screenshot(page, `failed-screens-${viewport.name}`).catch(() => {});
    throw error;
  }
};

describe('every screen, both themes (e2e)', function () {
  // The two widths tour at once (in two contexts of the one browser): it halves the wall time.
  this.timeout(180_000);
  const tours = new Map<string, Promise<Problem[]>>();
  const contexts: BrowserContext[] = [];

  before(async () => {
    const e2e = await sharedE2E();
    for (const viewport of VIEWPORTS) {
      const { context, page } = await newPage(e2e, viewport);
      context.setDefaultTimeout(30_000);
      contexts.push(context);
      const tour = tourScreens(e2e, page, viewport);
      tour.catch(() => {}); // reported by the width's own test
      tours.set(viewport.name, tour);
    }
  });

  after(async () => {
    await Promise.allSettled(tours.values());
    await Promise.all(contexts.map((context) => context.close()));
  });

  for (const viewport of VIEWPORTS) {
    it(`renders every public and signed-in screen at ${viewport.width} px without serious a11y violations or sideways scrolling`, async () => {
      const problems = await tours.get(viewport.name);
      expect(problems, JSON.stringify(problems, null, 2)).to.deep.equal([]);
    });
  }
});
