import { expect } from 'chai';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { BrowserContext, Page, Response } from 'playwright-core';
import { expectAssetHeaders, expectSecurityHeaders, sources } from '@bt/launcher/testing';
import { DESKTOP, newPage, screenshot, sharedE2E, type E2E } from './harness';
import { ApiClient, daysAgo, eventually, heading, logIn, logOut, signUp } from './steps';

/**
 * The whole app under the Content-Security-Policy the product serves: every screen, signed out and
 * signed in, with no violation (seen by a `securitypolicyviolation` listener in every document and
 * in Chromium's console), and the security headers on every answer the browser got.
 */

interface Violation {
  page: string;
  directive: string;
  blocked: string;
  sample: string;
}

/** Collects every CSP violation and every console message about the CSP in the context's pages. */
const watchCsp = async (context: BrowserContext, page: Page) => {
  const violations: Violation[] = [];
  const messages: string[] = [];
  await context.exposeBinding('reportCspViolation', (_source, violation: Violation) => void violations.push(violation));
  // Init scripts run in each new document before its own scripts (index.html's inline one included).
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      const report = (window as unknown as { reportCspViolation: (v: object) => void }).reportCspViolation;
      report({ page: location.pathname, directive: e.effectiveDirective, blocked: e.blockedURI, sample: e.sample });
    });
  });
  page.on('console', (message) => {
    if (/content[- ]security[- ]policy/i.test(message.text())) messages.push(message.text());
  });
  return { violations, messages };
};

/** Every answer the page got from the product, as they arrive. */
const recordAnswers = (e2e: E2E, page: Page): Response[] => {
  const answers: Response[] = [];
  page.on('response', (response) => {
    if (response.url().startsWith(e2e.product.url)) answers.push(response);
  });
  return answers;
};

const charts = (page: Page, count: number) =>
  page
    .locator('svg.apexcharts-svg')
    .nth(count - 1)
    .waitFor();

/** Enough data that the signed-in screens draw their charts, lists and cards. */
const seed = async (api: ApiClient) => {
  const outcomes = ['win', 'loss', 'win', 'win', 'push', 'loss', 'pending'];
  await api.addBets(
    outcomes.map((outcome, i) => ({
      sport: ['football', 'basketball', 'soccer', 'hockey'][i % 4],
      event: `Game ${i + 1}`,
      betType: 'moneyline',
      odds: ['+150', '-110', '+120'][i % 3],
      stake: 20 + i * 5,
      outcome,
      date: daysAgo(14 - i * 2),
    })),
  );
  await api.call('POST', '/parlays', {
    name: 'Weekend Double',
    stake: 25,
    outcome: 'pending',
    legs: [
      { sport: 'football', event: 'Chiefs vs Raiders', selection: 'Chiefs -7', odds: '-110', outcome: 'win' },
      { sport: 'soccer', event: 'Inter vs Milan', selection: 'Inter ML', odds: '+140', outcome: 'pending' },
    ],
  });
  await api.call('POST', '/journal', {
    title: 'Discipline',
    content: 'Flat stakes all week.',
    type: 'weekly',
    mood: 'positive',
    tags: ['bankroll'],
    date: daysAgo(1),
  });
  await api.call('POST', '/goals', {
    title: 'Monthly profit',
    targetAmount: 500,
    timeframe: 'monthly',
    description: '',
    startDate: daysAgo(10),
  });
  await api.call('POST', '/bankroll', { amount: 1000 });
  await api.settled();
};

const SIGNED_IN_SCREENS: readonly { path: string; ready: (page: Page) => Promise<unknown>; open?: (page: Page) => Promise<unknown> }[] = [
  {
    path: '/',
    ready: async (page) => {
      await page.getByRole('region', { name: 'Recent Bets' }).getByText('Game 7', { exact: true }).waitFor();
      await charts(page, 2);
    },
  },
  { path: '/history', ready: (page) => page.getByText(/^Showing 1–\d+ of \d+ bets$/).waitFor() },
  { path: '/parlays', ready: (page) => page.getByRole('group', { name: 'Leg 2', exact: true }).waitFor() },
  {
    path: '/parlays',
    open: (page) => page.getByRole('tab', { name: 'History', exact: true }).click(),
    ready: (page) => page.getByRole('article', { name: 'Weekend Double' }).waitFor(),
  },
  {
    path: '/streaks',
    ready: async (page) => {
      await page.getByRole('region', { name: 'Recent Streaks', exact: true }).getByRole('listitem').first().waitFor();
      await charts(page, 2);
    },
  },
  { path: '/journal', ready: (page) => page.getByRole('article', { name: 'Discipline' }).waitFor() },
  { path: '/goals', ready: (page) => page.getByRole('article', { name: 'Monthly profit' }).waitFor() },
  { path: '/settings', ready: (page) => page.getByRole('region', { name: 'Profile Information' }).waitFor() },
  { path: '/no-such-screen', ready: (page) => heading(page, '404 Page Not Found').waitFor() },
];

describe('content security policy (e2e)', function () {
  this.timeout(180_000);
  let e2e: E2E;
  let context: BrowserContext;
  let page: Page;
  before(async () => {
    e2e = await sharedE2E();
  });
  beforeEach(async () => {
    ({ context, page } = await newPage(e2e, DESKTOP));
    context.setDefaultTimeout(30_000);
  });
  afterEach(async function () {
    if (this.currentTest?.state === 'failed')
      await screenshot(page, `failed-csp-${this.currentTest.title.slice(0, 40).replace(/\W+/g, '-')}`).catch(() => {});
    await context.close();
  });

  it('runs every screen under the CSP without a violation, with the headers on the page, its assets and the API', async () => {
    const csp = await watchCsp(context, page);
    const answers = recordAnswers(e2e, page);

    await page.goto('/landing');
    await page.getByRole('link', { name: 'Start Tracking Now' }).first().waitFor();
    await page.goto('/login');
    await heading(page, 'Welcome Back').waitFor();
    const account = await signUp(page, 'csp', 'cspuser');
    await seed(await ApiClient.of(e2e, page));
    for (const screen of SIGNED_IN_SCREENS) {
      await page.goto(screen.path);
      await screen.open?.(page);
      await screen.ready(page);
    }
    await logOut(page, 'cspuser');
    await logIn(page, account.email, account.password);
    await charts(page, 2);

    expect(csp.violations, JSON.stringify(csp.violations, null, 2)).to.deep.equal([]);
    expect(csp.messages).to.deep.equal([]);
    // The inline theme script ran: allowed by its hash, not refused.
    expect(await page.evaluate(() => document.documentElement.style.colorScheme)).to.equal('light');

    const html = answers.filter((a) => a.request().resourceType() === 'document');
    const assets = answers.filter((a) => new URL(a.url()).pathname.startsWith('/assets/'));
    const api = answers.filter((a) => new URL(a.url()).pathname.startsWith('/api/'));
    const apiReads = api.filter((a) => a.request().method() === 'GET');
    expect(html.length, 'pages').to.be.greaterThan(5);
    expect(assets.length, 'assets').to.be.greaterThan(5);
    expect(apiReads.length, 'API reads').to.be.greaterThan(5);
    expect(
      api.some((a) => a.url().endsWith('/api/auth/login')),
      'the login answer',
    ).to.equal(true);
    for (const answer of answers) {
      const headers = new Headers(await answer.allHeaders());
      const where = `${answer.request().method()} ${new URL(answer.url()).pathname}`;
      if (assets.includes(answer)) expectAssetHeaders(headers, where);
      else expectSecurityHeaders(headers, where);
      if (api.includes(answer)) expect(headers.get('cache-control'), where).to.include('no-store');
    }
    const pageCsp = new Headers(await html[0].allHeaders()).get('content-security-policy');
    const scriptSrc = sources(pageCsp, 'script-src');
    expect(scriptSrc).to.include("'self'").and.not.include("'unsafe-inline'").and.not.include("'unsafe-eval'");
    expect(scriptSrc.some((source) => source.startsWith("'sha256-"))).to.equal(true);
  });

  it('refuses an inline script the page did not ship, and reports it', async () => {
    const csp = await watchCsp(context, page);
    await page.goto('/landing');
    await page.getByRole('link', { name: 'Start Tracking Now' }).first().waitFor();
    await page.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = 'window.injected = true;';
      document.head.append(script);
    });
    await eventually(() => expect(csp.violations.map((v) => v.directive)).to.deep.equal(['script-src-elem']));
    expect(await page.evaluate(() => 'injected' in window)).to.equal(false);
    await eventually(() => expect(csp.messages).to.have.length(1));
  });

  it('refuses to be shown in a frame of another site', async () => {
    const framed = `${e2e.product.url}/landing`;
    // Another origin (same host, another port) whose page frames the app.
    const framer = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end(`<!doctype html><title>framer</title><iframe src="${framed}"></iframe>`);
    });
    await new Promise<void>((resolve) => framer.listen(0, '127.0.0.1', resolve));
    try {
      const answer = page.waitForResponse(framed);
      await page.goto(`http://127.0.0.1:${(framer.address() as AddressInfo).port}/`, { waitUntil: 'load' });
      const headers = new Headers(await (await answer).allHeaders());
      expect(headers.get('x-frame-options')).to.equal('DENY');
      expect(sources(headers.get('content-security-policy'), 'frame-ancestors')).to.deep.equal(["'none'"]);
      const frame = page.frames().find((f) => f !== page.mainFrame());
      expect(frame, 'the iframe').to.not.equal(undefined);
      expect(frame!.url()).not.to.equal(framed);
      expect(await frame!.locator('#root').count()).to.equal(0);
    } finally {
      framer.closeAllConnections();
      await new Promise((resolve) => framer.close(resolve));
    }
  });
});
