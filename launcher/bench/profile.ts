import { gzipSync } from 'node:zlib';
import puppeteer from 'puppeteer-core';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { buildWeb } from '../src/build-web';
import { startBenchProduct } from './product';
import { load, send } from './http-load';
import { fmt, ms } from './report';
import { javascriptFiles } from './web-budget';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const ARGS = ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-dev-shm-usage'];
const kb = (bytes: number) => `${fmt(bytes / 1024, 1)} KB`;
const json = (token: string, body: unknown) => ({
  method: 'POST',
  headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
  body: JSON.stringify(body),
});

/** How many times the bench pays for a making of the proofs document. */
const MISSES = 5;

/**
 * What a visitor pays right after the bettor logs one more bet (MISSES times, ascending): the bet is
 * signed into the log and shown on the page (its data, a kept answer of its own), so the proofs'
 * key has moved and the document is made anew, rows, leaves and proof. Each is checked to be a new
 * document holding the new bet.
 */
const missesOf = async (url: string, handle: string, bets: number, another: (i: number) => ReturnType<typeof json> & { url: string }) => {
  const proofsUrl = `${url}/api/public/profiles/${handle}/proofs`;
  const signedSize = async () => Number((await send(`${url}/api/log/checkpoint`)).body.split('\n')[1]);
  const shownBets = async () => (JSON.parse((await send(`${url}/api/public/profiles/${handle}`)).body) as { bets: unknown[] }).bets.length;
  let etag = (await send(proofsUrl)).headers.etag;
  const misses: number[] = [];
  for (let i = 0; i < MISSES; i++) {
    const size = await signedSize();
    const placed = await send(another(i).url, another(i));
    if (placed.status !== 201) throw new Error(`POST /api/bets: ${placed.status} ${placed.body.slice(0, 200)}`);
    while ((await signedSize()) <= size || (await shownBets()) < bets + i + 1) await new Promise((done) => setTimeout(done, 200));
    const started = performance.now();
    const answer = await send(proofsUrl, { headers: { 'accept-encoding': 'gzip' } });
    misses.push(performance.now() - started);
    const kept = await send(proofsUrl);
    const held = (JSON.parse(kept.body) as { bets: unknown[] }).bets.length;
    if (answer.headers.etag === etag || kept.headers.etag !== answer.headers.etag || held !== bets + i + 1)
      throw new Error(`the proofs after one more bet are not a new document holding it (${held} bets)`);
    etag = answer.headers.etag;
  }
  return misses.sort((a, b) => a - b);
};

/**
 * A public profile of `bets` bets (half before their start), all in signed checkpoints: p99 of its
 * proofs document against the same page's data without proofs, what a making of the document costs
 * (missesOf) against a visit to the kept one, the document's size, the time
 * Chromium takes to verify it all against the time to show the page, and the page's JavaScript.
 */
export const profileBench = async (databaseUrl: string, dataDir: string, bets: number, reads: number): Promise<string[][]> => {
  if (!existsSync(resolve('web/dist/index.html'))) buildWeb();
  const product = await startBenchProduct(databaseUrl, dataDir, { TRANSPARENCY_SIGN_EVERY_MS: '500' });
  try {
    const reg = await send(`${product.url}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: `profile-${Date.now()}@bench.test`, password: 'secret123', username: 'profile' }),
    });
    const { token } = JSON.parse(reg.body) as { token: string };
    const handle = `bench-${Date.now().toString(36)}`;
    await send(`${product.url}/api/profile`, { ...json(token, { handle, enabled: true }), method: 'PUT' });
    const day = 86_400_000;
    const bet = (i: number) => ({
      url: `${product.url}/api/bets`,
      ...json(token, {
        sport: 'hockey',
        event: `Game ${i}`,
        betType: 'moneyline',
        odds: i % 2 ? '+120' : '-110',
        stake: 10 + (i % 7),
        outcome: i % 3 ? 'win' : 'loss',
        startsAt: new Date(Date.now() + (i % 2 ? day : -day)).toISOString(),
      }),
    });
    await load(bets, 8, bet, 201);
    const proofsUrl = `${product.url}/api/public/profiles/${handle}/proofs`;
    for (;;) {
      const doc = JSON.parse((await send(proofsUrl)).body) as { bets: { commitments: unknown[] }[] };
      if (doc.bets.length === bets && doc.bets.every((bet) => bet.commitments.length > 0)) break;
      await new Promise((done) => setTimeout(done, 500));
    }
    const plain = (await send(proofsUrl)).body;
    const page = (await send(`${product.url}/api/public/profiles/${handle}`)).body;
    const gzip = { 'accept-encoding': 'gzip' };
    const withProofs = await load(reads, 4, () => ({ url: proofsUrl, headers: gzip }), 200);
    const without = await load(reads, 4, () => ({ url: `${product.url}/api/public/profiles/${handle}`, headers: gzip }), 200);
    const misses = await missesOf(product.url, handle, bets, (i) => bet(bets + i));

    const browser = await puppeteer.launch({ executablePath: CHROMIUM, headless: true, args: ARGS });
    try {
      const tab = await (await browser.createBrowserContext()).newPage();
      // As a phone's first visit loads it: every script of the page and of its verification's worker.
      const scripts = await javascriptFiles(tab, `${product.url}/u/${handle}`, () =>
        /\d+ of \d+ bets verified/.test(document.body.innerText),
      );
      // Each file's own gzip (what a phone is sent), not the wire's count: Chromium may put a worker's bytes elsewhere.
      const sizes = await Promise.all(
        [...scripts.keys()].map(async (url) => [url, gzipSync(await (await fetch(url)).text()).length] as const),
      );
      const pageJs = sizes.reduce((sum, [, bytes]) => sum + bytes, 0);
      const files = sizes.map(([url, bytes]) => `${url.split('/').pop()} ${kb(bytes)}`).join(', ');
      const timed = await (await browser.createBrowserContext()).newPage();
      const started = Date.now();
      await timed.goto(`${product.url}/u/${handle}`);
      await timed.waitForFunction(() => document.querySelector('.pp-bets li') !== null, { timeout: 120_000 });
      const shown = Date.now() - started;
      await timed.waitForFunction(() => /\d+ of \d+ bets verified/.test(document.body.innerText), { timeout: 300_000 });
      const verified = Date.now() - started;
      const summary = await timed.evaluate(() => /\d+ of \d+ bets verified[^;]*/.exec(document.body.innerText)?.[0] ?? '');
      const worker = await timed.evaluate(() => /in (\d+) ms\./.exec(document.body.innerText)?.[1] ?? '');
      return [
        [
          `profile of ${fmt(bets)} bets: proofs p99`,
          ms(withProofs.p99),
          `page data ${ms(without.p99)}`,
          `${(withProofs.p99 / without.p99).toFixed(2)}x`,
          '< 100 ms',
        ],
        [
          `profile of ${fmt(bets)} bets: proofs, a miss (after one more bet)`,
          `median ${ms(misses[misses.length >> 1])}, max ${ms(misses[misses.length - 1])} (${misses.length})`,
          `a kept one: p50 ${ms(withProofs.p50)}`,
          `${(misses[misses.length >> 1] / withProofs.p50).toFixed(1)}x`,
          '-',
        ],
        [
          `profile of ${fmt(bets)} bets: proofs document`,
          `${kb(plain.length)} (gzip ${kb(gzipSync(plain).length)})`,
          `page data ${kb(page.length)} (gzip ${kb(gzipSync(page).length)})`,
          `${(plain.length / page.length).toFixed(2)}x`,
          '-',
        ],
        [
          `profile of ${fmt(bets)} bets: verified in Chromium`,
          `${ms(verified - shown)} after the page showed (worker ${worker} ms; ${summary})`,
          `page shown ${ms(shown)}`,
          '-',
          '< 1 s',
        ],
        [`JavaScript downloaded by /u/<handle> (gzip, worker included)`, `${kb(pageJs)} (${files})`, '-', '-', '< 100 KB'],
      ];
    } finally {
      await browser.close();
    }
  } finally {
    await product.stop();
  }
};
