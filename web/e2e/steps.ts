import { expect } from 'chai';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { DESKTOP, newPage, PHONE, screenshot, seriousA11yViolations, sharedE2E, type E2E } from './harness';

/**
 * What the journeys share: a page per test at a viewport, signing up through the screen, toasts,
 * in-app navigation, and a small API client for seeding data a journey is not about.
 */

export interface Viewport {
  name: 'desktop' | 'phone';
  width: number;
  height: number;
}

/** Every journey runs at a desktop width and at 375 px. */
export const VIEWPORTS: readonly Viewport[] = [
  { name: 'desktop', ...DESKTOP },
  { name: 'phone', ...PHONE },
];

/** Fail an action or a wait after this long rather than at mocha's test timeout. */
const ACTION_TIMEOUT_MS = 15_000;

export interface TestPage {
  e2e: E2E;
  context: BrowserContext;
  page: Page;
}

const slug = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 120);

/**
 * A fresh browser context (its own storage, so its own session) for each test of the calling
 * describe block; a failing test leaves a screenshot under test-artifacts/screens/failed-* and adds
 * to its error (which the run's summary, the end of CI's log, prints) the page's address, its
 * toasts, the page's errors and its last API calls, with the message of each refused one.
 */
export const usePage = (viewport: Viewport, colorScheme: 'light' | 'dark' = 'light'): TestPage => {
  const state = {} as TestPage;
  const trail: string[] = [];
  const note = (line: string) => {
    trail.push(`${new Date().toISOString().slice(11, 23)} ${line}`);
    if (trail.length > 40) trail.shift();
  };
  beforeEach(async function () {
    this.timeout(120_000); // the first test of the run waits for the product to start
    state.e2e = await sharedE2E();
    const { context, page } = await newPage(state.e2e, viewport, colorScheme);
    context.setDefaultTimeout(ACTION_TIMEOUT_MS);
    context.setDefaultNavigationTimeout(ACTION_TIMEOUT_MS);
    state.context = context;
    state.page = page;
    trail.length = 0;
    page.on('response', (response) => {
      const url = new URL(response.url());
      if (!url.pathname.startsWith('/api/')) return;
      const call = `${response.request().method()} ${url.pathname} ${response.status()}`;
      if (response.status() < 400) return note(call);
      response.text().then(
        (body) => note(`${call} ${body.slice(0, 200)}`),
        () => note(call),
      );
    });
    page.on('requestfailed', (request) => note(`${request.method()} ${request.url()} failed: ${request.failure()?.errorText}`));
    page.on('pageerror', (error) => note(`page error: ${error.message}`));
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) note(`at ${frame.url()}`);
    });
  });
  afterEach(async function () {
    const test = this.currentTest;
    if (test?.state === 'failed' && state.page) {
      await screenshot(state.page, `failed-${slug(test.fullTitle())}`).catch(() => {});
      const toasts = await state.page
        .locator('[data-toast]')
        .allInnerTexts()
        .catch(() => []);
      const seen = [`failed at ${state.page.url()}; toasts: ${JSON.stringify(toasts)}`, ...trail].join('\n      ');
      const { err } = test;
      if (err) {
        // The summary prints the stack's text before its frames: the message is added there too.
        const message = `${err.message}\n      ${seen}`;
        err.stack = err.stack?.replace(err.message, message);
        err.message = message;
      }
    }
    await state.context?.close();
  });
  return state;
};

/** One journey as a describe block `${name} journey (e2e)` with one test per width in VIEWPORTS. */
export const journey = (name: string, title: string, run: (t: TestPage, viewport: Viewport) => Promise<void>): void => {
  describe(`${name} journey (e2e)`, () => {
    for (const viewport of VIEWPORTS) {
      describe(`at ${viewport.width} px`, () => {
        const t = usePage(viewport);
        it(title, () => run(t, viewport));
      });
    }
  });
};

let emailCounter = 0;
/** An e-mail no other test (or earlier run against the same data) has used. */
export const uniqueEmail = (tag: string): string =>
  `${tag}-${Date.now().toString(36)}${process.pid.toString(36)}${++emailCounter}@example.com`;

export const PASSWORD = 'secret-pass-1';

/**
 * Waits for `locator` while moving the page's clock on (installed by `page.clock.install()`), so
 * the client's backoff between retries of a failed read (RTK Query's, up to about 6 s in all)
 * passes at once rather than in real time; the retried requests themselves still go out.
 */
export const waitThroughRetries = async (page: Page, locator: Locator, timeoutMs = ACTION_TIMEOUT_MS): Promise<void> => {
  const deadline = Date.now() + timeoutMs;
  while (!(await locator.isVisible())) {
    if (Date.now() > deadline) return locator.waitFor({ timeout: 1 });
    await page.clock.fastForward(1000);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
};

/** Retries a check (a chai assertion) until it passes, as the UI settles after an action. */
export const eventually = async (check: () => unknown, timeoutMs = ACTION_TIMEOUT_MS): Promise<void> => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      await check();
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
};

/** The toast showing this title (and description), matched exactly. */
export const toastLocator = (page: Page, title: string, description?: string): Locator => {
  let toast = page.locator('[data-toast]').filter({ has: page.getByText(title, { exact: true }) });
  if (description !== undefined) toast = toast.filter({ has: page.getByText(description, { exact: true }) });
  return toast;
};

/** Waits for the toast, then closes it so it covers nothing the next step clicks. */
export const expectToast = async (page: Page, title: string, description?: string): Promise<void> => {
  const toast = toastLocator(page, title, description);
  await toast.waitFor();
  try {
    await toast.getByRole('button', { name: 'Close notification' }).click({ timeout: 5_000 });
  } catch (error) {
    if ((await toast.count()) > 0) throw error; // still there but not clickable: covered
    // Otherwise it timed out by itself (5 s) before the click: fine.
  }
  await toast.waitFor({ state: 'detached' });
};

/** The element on screen among several matches (table rows and phone cards render both). */
export const visible = (locator: Locator): Locator => locator.filter({ visible: true }).first();

export const heading = (page: Page, name: string, level = 1): Locator => page.getByRole('heading', { name, exact: true, level });

/** A summary card of the dashboard, found by its title. */
export const statCard = (page: Page, title: string): Locator =>
  page.locator('section').filter({ has: page.getByRole('heading', { name: title, exact: true, level: 2 }) });

/** A summary card's text, its white space folded. */
export const cardText = async (page: Page, title: string): Promise<string> =>
  (await statCard(page, title).innerText()).replace(/\s+/g, ' ');

export interface Account {
  email: string;
  password: string;
  username?: string;
}

/** Creates an account on the signup screen and lands on the dashboard. */
export const signUp = async (page: Page, tag: string, username?: string): Promise<Account> => {
  const account: Account = { email: uniqueEmail(tag), password: PASSWORD, username };
  await page.goto('/signup');
  await page.getByLabel('Email', { exact: true }).fill(account.email);
  if (username) await page.getByLabel('Username (optional)', { exact: true }).fill(username);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expectToast(page, 'Welcome!', 'Your account has been created successfully.');
  await page.waitForURL((url) => url.pathname === '/');
  await heading(page, 'Dashboard').waitFor();
  return account;
};

/** Signs in on the login screen and lands on the dashboard. */
/** Signs in from /login; lands on the dashboard, or `landsOn` (the page a session that ended elsewhere was on). */
export const logIn = async (page: Page, email: string, password: string, landsOn = '/'): Promise<void> => {
  await page.goto('/login');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expectToast(page, 'Success!', 'You have been logged in successfully.');
  await page.waitForURL((url) => url.pathname === landsOn);
  if (landsOn === '/') await heading(page, 'Dashboard').waitFor();
};

/** The user menu (named by the username, else the e-mail before the @). */
export const openUserMenu = async (page: Page, name: string): Promise<Locator> => {
  await page.getByRole('banner').getByRole('button', { name, exact: true }).click();
  return page.getByRole('menu', { name, exact: true });
};

export const logOut = async (page: Page, menuName: string): Promise<void> => {
  const menu = await openUserMenu(page, menuName);
  await menu.getByRole('menuitem', { name: 'Logout' }).click();
  await page.waitForURL((url) => url.pathname === '/landing');
};

type Screen = 'dashboard' | 'history' | 'parlays' | 'streaks' | 'journal' | 'goals';
/** Header link (large screens and up) and bottom-bar link (below) of each screen. */
const NAV_LABELS: Record<Screen, { header: string; bar: string; path: string }> = {
  dashboard: { header: 'Dashboard', bar: 'Home', path: '/' },
  history: { header: 'Bet History', bar: 'Bets', path: '/history' },
  parlays: { header: 'Parlays', bar: 'Parlays', path: '/parlays' },
  streaks: { header: 'Streaks', bar: 'Streaks', path: '/streaks' },
  journal: { header: 'Journal', bar: 'Journal', path: '/journal' },
  goals: { header: 'Goals', bar: 'Goals', path: '/goals' },
};

/** Goes to a screen the way a user does at this width: header navigation or the bottom bar. */
export const navigateTo = async (page: Page, viewport: Viewport, screen: Screen): Promise<void> => {
  const labels = NAV_LABELS[screen];
  const link =
    viewport.width >= 1024
      ? page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: labels.header, exact: true })
      : page.getByRole('navigation', { name: 'Mobile' }).getByRole('link', { name: labels.bar, exact: true });
  await link.click();
  await page.waitForURL((url) => url.pathname === labels.path);
  await eventually(async () => expect(await link.getAttribute('aria-current')).to.equal('page'));
};

/** Spec section 2: nothing may scroll sideways (asserted at 375 px on every screen). */
export const horizontalOverflow = (page: Page) =>
  page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));

export const expectNoSeriousA11yViolations = async (page: Page, where: string): Promise<void> => {
  const violations = await seriousA11yViolations(page);
  expect(violations, `${where}: ${JSON.stringify(violations, null, 2)}`).to.deep.equal([]);
};

/** YYYY-MM-DD of `days` days ago in the local calendar (the browser's and the client's "today"). */
export const daysAgo = (days: number): string => {
  const date = new Date();
  date.setDate(date.getDate() - days);
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
};

export interface SeedBet {
  sport: string;
  event: string;
  betType: string;
  odds: string;
  stake: number;
  outcome: string;
  date?: string;
  notes?: string;
}

/**
 * The product's HTTP API as the signed-in user of a page, for data a journey is not about. It
 * remembers the log position of its writes so `settled()` can wait until the read side has them.
 */
export class ApiClient {
  private position: string | undefined;

  constructor(
    private readonly baseUrl: string,
    private readonly token: string,
  ) {}

  static async of(e2e: E2E, page: Page): Promise<ApiClient> {
    const token = await page.evaluate(() => localStorage.getItem('token'));
    if (!token) throw new Error('no session token in the page');
    return new ApiClient(e2e.product.url, token);
  }

  async call<T = unknown>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown): Promise<T> {
    const headers: Record<string, string> = { Authorization: `Bearer ${this.token}`, Accept: 'application/json' };
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    if (method === 'GET' && this.position) headers['X-Min-Position'] = this.position;
    const response = await fetch(`${this.baseUrl}/api${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} /api${path} answered ${response.status}: ${text}`);
    this.position = response.headers.get('X-Log-Position') ?? this.position;
    return (text ? JSON.parse(text) : null) as T;
  }

  async addBets(bets: readonly SeedBet[]): Promise<void> {
    for (const bet of bets) await this.call('POST', '/bets', bet);
  }

  /** Returns once every write made through this client shows in the read models. */
  async settled(): Promise<void> {
    await this.call('GET', '/bets');
  }
}

/** A settled $10 win at +100 on `date`: $10 profit, 1u at a $10 unit size. */
export const winAtEvens = (event: string, date: string): SeedBet => ({
  sport: 'football',
  event,
  betType: 'moneyline',
  odds: '+100',
  stake: 10,
  outcome: 'win',
  date,
});

/**
 * Two bets before a unit size was set, one after ("Before One", "Before Two", "After", each
 * winAtEvens): +$30.00 over three bets, +1u over one of them. Returns once the read side has them.
 */
export const seedUnitSizeBetweenBets = async (api: ApiClient): Promise<void> => {
  await api.addBets([winAtEvens('Before One', daysAgo(3)), winAtEvens('Before Two', daysAgo(2))]);
  await api.call('PUT', '/settings', { unitSize: 10 });
  await api.addBets([winAtEvens('After', daysAgo(1))]);
  await api.settled();
};
