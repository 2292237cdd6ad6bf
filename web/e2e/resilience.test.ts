import { expect } from 'chai';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { screenshot, sharedE2E } from './harness';
import { ApiClient, expectToast, heading, navigateTo, signUp, journey, uniqueEmail, PASSWORD, type TestPage, type Viewport } from './steps';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/**
 * A POST whose answer is lost on the way back (the server recorded the bet, the
 * connection dropped) is tried again with the same Idempotency-Key, and the bet is recorded once.
 */
const retryKeepsTheKey = async ({ e2e, page }: TestPage, viewport: Viewport) => {
  await signUp(page, `idempotent-${viewport.name}`);
  const event = `Lost Answer ${viewport.name}`;

  const keys: (string | undefined)[] = [];
  await page.route('**/api/bets', async (route) => {
    if (route.request().method() !== 'POST') return route.fallback();
    keys.push(route.request().headers()['idempotency-key']);
    if (keys.length > 1) return route.continue();
    await route.fetch(); // the server gets the bet and records it...
    return route.abort('connectionreset'); // ...and its answer never reaches the page
  });

  const form = page.getByRole('form', { name: 'Add New Bet' });
  await form.getByLabel('Sport', { exact: true }).selectOption('basketball');
  await form.getByLabel('Bet Type', { exact: true }).selectOption('moneyline');
  await form.getByLabel('Event', { exact: true }).fill(event);
  await form.getByLabel('Odds', { exact: true }).fill('-110');
  await form.getByLabel('Stake ($)', { exact: true }).fill('20');
  await form.getByRole('button', { name: 'Add Bet', exact: true }).click();
  await expectToast(page, 'Bet added successfully', 'Your bet has been recorded.');
  await page.unroute('**/api/bets');

  expect(keys, 'the POST was tried again after the lost answer').to.have.length(2);
  expect(keys[0], 'Idempotency-Key').to.match(UUID);
  expect(keys[1], 'the retry carries the same key').to.equal(keys[0]);

  const api = await ApiClient.of(e2e, page);
  await api.settled();
  const bets = await api.call<{ event: string }[]>('GET', '/bets');
  expect(
    bets.filter((bet) => bet.event === event),
    'bets recorded',
  ).to.have.length(1);
  await screenshot(page, `idempotent-retry-one-bet-${viewport.name}`);
};

journey('idempotent retry', 'a bet whose answer was lost is retried with the same Idempotency-Key and recorded once', (t, viewport) =>
  retryKeepsTheKey(t, viewport),
);

/** Counts the page's own loads (a reload is one more). */
const countLoads = (page: Page): { count: number } => {
  const loads = { count: 0 };
  page.on('load', () => loads.count++);
  return loads;
};

const errorPage = (page: Page) => page.getByRole('alert').filter({ has: page.getByRole('heading', { name: 'Something went wrong' }) });

/**
 * A lazy page whose chunk is gone (a deploy replaced it) reloads the page once and
 * then shows; a chunk that stays gone after that one reload shows a friendly error page with
 * Reload under the header (never a blank screen, never a reload loop), and Reload recovers.
 */
const chunkGone = async ({ page }: TestPage, viewport: Viewport) => {
  await signUp(page, `chunk-${viewport.name}`);
  const loads = countLoads(page);

  // Gone for the first request only: the one reload fetches it afresh and the page shows.
  let streaksRequests = 0;
  await page.route(/\/assets\/streaks-[^/]+\.js$/, (route) => (++streaksRequests === 1 ? route.abort('failed') : route.continue()));
  await navigateTo(page, viewport, 'streaks');
  await heading(page, 'Hot/Cold Streaks Analysis').waitFor();
  expect(loads.count, 'reloads').to.equal(1);
  expect(streaksRequests, 'chunk requests').to.equal(2);
  expect(await errorPage(page).count()).to.equal(0);

  // Gone for good: one reload, then the error page, and no further reload.
  const chunk = /\/assets\/journal-[^/]+\.js$/;
  await page.route(chunk, (route) => route.abort('failed'));
  await navigateTo(page, viewport, 'journal');
  await errorPage(page).waitFor();
  expect(loads.count, 'reloads').to.equal(2);
  expect(new URL(page.url()).pathname).to.equal('/journal');
  await page.getByText('This page could not be shown. Reloading usually fixes it; your data is safe.', { exact: true }).waitFor();
  await page.getByRole('banner').waitFor(); // the header stays: the user can go elsewhere
  await screenshot(page, `error-boundary-chunk-gone-${viewport.name}`);

  // Another page still works and clears the error; back on the broken page, no reload loop.
  await navigateTo(page, viewport, 'goals');
  expect(await errorPage(page).count()).to.equal(0);
  await navigateTo(page, viewport, 'journal');
  await errorPage(page).waitFor();
  expect(loads.count, 'reloads').to.equal(2);

  // The chunk is back: Reload shows the page.
  await page.unroute(chunk);
  await errorPage(page).getByRole('button', { name: 'Reload' }).click();
  await heading(page, 'Betting Journal').waitFor();
  expect(loads.count, 'reloads').to.equal(3);
  await screenshot(page, `error-boundary-reloaded-${viewport.name}`);
};

journey(
  'chunk gone after a deploy',
  'reloads once for a missing page chunk, then shows an error page whose Reload recovers',
  (t, viewport) => chunkGone(t, viewport),
);

/** A raw GET (no automatic decompression), the whole body as bytes. */
const rawGet = (url: string, headers: Record<string, string>) =>
  new Promise<{ response: IncomingMessage; body: Buffer }>((resolve, reject) => {
    httpRequest(url, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ response, body: Buffer.concat(chunks) }));
      response.on('error', reject);
    })
      .on('error', reject)
      .end();
  });

describe('/api answers compressed like the static files (e2e)', () => {
  it('answers JSON and the NDJSON and CSV streams with br or gzip when asked, and the same content', async function () {
    this.timeout(120_000);
    const e2e = await sharedE2E();
    const base = e2e.product.url;
    const email = uniqueEmail('compress');
    const registered = await fetch(`${base}/api/auth/register`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email, password: PASSWORD }),
    });
    expect(registered.status).to.equal(201);
    const { token } = (await registered.json()) as { token: string };
    const api = new ApiClient(base, token);
    await api.addBets(
      Array.from({ length: 20 }, (_, i) => ({
        sport: 'soccer',
        event: `Compressed Match ${i}`,
        betType: 'moneyline',
        odds: '+120',
        stake: 10,
        outcome: 'win',
      })),
    );
    await api.settled();

    const auth = { Authorization: `Bearer ${token}` };
    for (const path of ['/api/bets', '/api/events', '/api/export/bets.csv']) {
      const plain = await rawGet(`${base}${path}`, { ...auth, 'Accept-Encoding': 'identity' });
      expect(plain.response.statusCode, path).to.equal(200);
      expect(plain.response.headers['content-encoding'], `${path} identity`).to.equal(undefined);
      const br = await rawGet(`${base}${path}`, { ...auth, 'Accept-Encoding': 'gzip, deflate, br' });
      expect(br.response.headers['content-encoding'], `${path} br`).to.equal('br');
      expect(br.response.headers.vary ?? '', `${path} Vary`).to.match(/accept-encoding/i);
      expect(brotliDecompressSync(br.body).toString('utf8'), `${path} br content`).to.equal(plain.body.toString('utf8'));
      const gzip = await rawGet(`${base}${path}`, { ...auth, 'Accept-Encoding': 'gzip' });
      expect(gzip.response.headers['content-encoding'], `${path} gzip`).to.equal('gzip');
      expect(gunzipSync(gzip.body).toString('utf8'), `${path} gzip content`).to.equal(plain.body.toString('utf8'));
    }
    // The static files, for comparison, answer the same way.
    const page = await rawGet(`${base}/`, { 'Accept-Encoding': 'gzip, deflate, br' });
    expect(page.response.headers['content-encoding'], 'the app page').to.equal('br');
  });
});
