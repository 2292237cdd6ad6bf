import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createRequire } from 'node:module';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { readConfig, type RunningProduct, startProduct } from '@bt/launcher';

/**
 * Browser tests run against the real product as `npm start` starts it (embedded Postgres in a temp
 * dir, one port), driven by playwright-core in Debian's Chromium.
 */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const ARTIFACTS = resolve(process.cwd(), 'test-artifacts');
export const DESKTOP = { width: 1280, height: 800 };
export const PHONE = { width: 375, height: 740 };

const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

export interface E2E {
  product: RunningProduct;
  browser: Browser;
  /** The product's DATA_DIR (its mail, without SMTP_URL, is written to `outbox/` in it). */
  dataDir: string;
  stop(): Promise<void>;
}

/** Starts the product (web must be built: `npm test` builds it first) and Chromium. */
export const startE2E = async (): Promise<E2E> => {
  const webDist = resolve(process.cwd(), 'web/dist');
  if (!existsSync(join(webDist, 'index.html'))) throw new Error('web/dist is missing: run `npm run build -w @bt/web` first');
  if (!existsSync(CHROMIUM)) throw new Error(`Chromium not found at ${CHROMIUM}: apt-get install -y chromium`);
  const dataDir = mkdtempSync(join(tmpdir(), 'bt-e2e-'));
  chmodSync(dataDir, 0o755); // Postgres runs as its own OS user when we are root
  // Every journey signs up from 127.0.0.1: the per-address limits are lifted; the per-e-mail ones stay (a journey meets them).
  const product = await startProduct(
    readConfig({
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      WEB_DIST: webDist,
      REGISTRATIONS_PER_ADDRESS: '1000000',
      LOGIN_FAILURES_PER_ADDRESS: '1000000',
      // Public pages verify against signed checkpoints: a journey waits half a second, not a minute.
      TRANSPARENCY_SIGN_EVERY_MS: '500',
    }),
  );
  // playwright launches with a fresh temporary profile (its own --user-data-dir) every time.
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
  return {
    product,
    browser,
    dataDir,
    stop: async () => {
      await browser.close().catch(() => {});
      await product.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
};

let shared: Promise<E2E> | undefined;

/**
 * The one product and browser of a mocha run, started by the first e2e test that asks (startup
 * takes seconds) and stopped by a root-level hook after every test has run.
 */
export const sharedE2E = (): Promise<E2E> => {
  shared ??= startE2E();
  return shared;
};

// Registered while mocha loads the first spec file that imports this module: a root-level hook.
if (typeof after === 'function') {
  after(async function stopSharedE2E() {
    this.timeout(60_000);
    const running = shared;
    shared = undefined;
    if (running)
      await running.then(
        (e2e) => e2e.stop(),
        () => {},
      );
  });
}

/** A fresh browser context (its own localStorage) at a viewport, with an optional colour scheme. */
export const newPage = async (
  e2e: E2E,
  viewport = DESKTOP,
  colorScheme: 'light' | 'dark' = 'light',
): Promise<{ context: BrowserContext; page: Page }> => {
  const context = await e2e.browser.newContext({ viewport, colorScheme, baseURL: e2e.product.url });
  const page = await context.newPage();
  return { context, page };
};

/** Saves a full-page screenshot under test-artifacts/screens/. */
export const screenshot = async (page: Page, name: string): Promise<string> => {
  const dir = join(ARTIFACTS, 'screens');
  mkdirSync(dir, { recursive: true });
  const path = join(dir, `${name}.png`);
  await page.screenshot({ path, fullPage: true });
  return path;
};

const require = createRequire(import.meta.url);
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

/**
 * Runs axe-core on the page; returns violations of serious or critical impact. `rules` limits the
 * run to those rule ids (e.g. only 'color-contrast' when re-checking a page in its other theme).
 */
export const seriousA11yViolations = async (page: Page, rules?: readonly string[]) => {
  // Evaluated over DevTools, which the page's CSP does not govern: the <script> tag addScriptTag
  // would add is an inline script the CSP refuses.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const result = await page.evaluate(
    async (only) => {
      const axe = (
        window as unknown as {
          axe: {
            run: (
              ctx: Document,
              opts: object,
            ) => Promise<{ violations: { id: string; impact: string; help: string; nodes: { target: string[] }[] }[] }>;
          };
        }
      ).axe;
      return axe.run(document, { resultTypes: ['violations'], ...(only ? { runOnly: { type: 'rule', values: only } } : {}) });
    },
    rules ? [...rules] : null,
  );
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ id: v.id, impact: v.impact, help: v.help, targets: v.nodes.map((n) => n.target.join(' ')).slice(0, 5) }));
};
