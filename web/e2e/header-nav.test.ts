import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { DESKTOP, screenshot } from './harness';
import { signUp, usePage } from './steps';

/** Widths from the smallest phone to a wide desktop, with the old trouble spot (768-1,000 px) in between. */
const WIDTHS = [320, 375, 640, 768, 800, 900, 1000, 1023, 1024, 1100, 1280, 1440];
const SCREENSHOT_WIDTHS = new Set([800, 900, 1000]);

interface Box {
  left: number;
  right: number;
  top: number;
  bottom: number;
}

interface NavLayout {
  label: string;
  shown: boolean;
  links: { text: string; box: Box; textCut: boolean; clips: { tag: string; box: Box }[] }[];
  /** The other controls in the same bar (links, buttons), which a nav link must not run into. */
  others: { name: string; box: Box }[];
}

/** Where each navigation and its links are. (Plain loops: helpers defined in here would not survive the transpiler.) */
const navLayouts = (page: Page): Promise<NavLayout[]> =>
  page.evaluate(() =>
    ['Main', 'Mobile'].map((label) => {
      const nav = document.querySelector(`nav[aria-label="${label}"]`) as HTMLElement;
      const bar = nav.closest('header') ?? nav;
      return {
        label,
        shown: nav.getClientRects().length > 0 && getComputedStyle(nav).visibility !== 'hidden',
        links: [...nav.querySelectorAll('a')].map((a) => {
          const clips: { tag: string; box: Box }[] = [];
          for (let el = a.parentElement; el && el !== document.documentElement; el = el.parentElement) {
            const style = getComputedStyle(el);
            if (style.overflowX !== 'visible' || style.overflowY !== 'visible') {
              const r = el.getBoundingClientRect();
              clips.push({ tag: el.tagName.toLowerCase(), box: { left: r.left, right: r.right, top: r.top, bottom: r.bottom } });
            }
          }
          const r = a.getBoundingClientRect();
          return {
            text: (a.textContent ?? '').trim(),
            box: { left: r.left, right: r.right, top: r.top, bottom: r.bottom },
            textCut: a.scrollWidth > a.clientWidth,
            clips,
          };
        }),
        others: [...bar.querySelectorAll('a, button')]
          .filter((el) => !nav.contains(el) && el.getClientRects().length > 0)
          .map((el) => {
            const r = el.getBoundingClientRect();
            return {
              name: el.getAttribute('aria-label') ?? (el.textContent ?? '').trim(),
              box: { left: r.left, right: r.right, top: r.top, bottom: r.bottom },
            };
          }),
      };
    }),
  );

const SLACK = 0.5;
const inside = (r: Box, c: Box) =>
  r.left >= c.left - SLACK && r.right <= c.right + SLACK && r.top >= c.top - SLACK && r.bottom <= c.bottom + SLACK;
const intersects = (a: Box, b: Box) =>
  a.left < b.right - SLACK && b.left < a.right - SLACK && a.top < b.bottom - SLACK && b.top < a.bottom - SLACK;

describe('header navigation journey (e2e)', () => {
  const t = usePage({ name: 'desktop', ...DESKTOP });

  it('shows the whole navigation exactly once at every width from 320 to 1,440 px', async () => {
    const { page } = t;
    await signUp(page, 'nav-widths');
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: DESKTOP.height });
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
      const viewport: Box = { left: 0, top: 0, right: width, bottom: DESKTOP.height };
      const shown = (await navLayouts(page)).filter((nav) => nav.shown);
      // One navigation, never both: the header links from the large breakpoint, the bottom bar below it.
      expect(
        shown.map((nav) => nav.label),
        `navigation shown at ${width} px`,
      ).to.deep.equal([width >= 1024 ? 'Main' : 'Mobile']);
      const [nav] = shown;
      // The header adds Analytics to the bottom bar's six (on phones it is in the user menu).
      expect(nav.links, `links at ${width} px`).to.have.length(nav.label === 'Main' ? 7 : 6);
      for (const link of nav.links) {
        const where = `${nav.label} link "${link.text}" at ${width} px`;
        expect(inside(link.box, viewport), `${where} is inside the viewport`).to.equal(true);
        expect(link.textCut, `${where} shows its whole label`).to.equal(false);
        for (const clip of link.clips) expect(inside(link.box, clip.box), `${where} is not clipped by its ${clip.tag}`).to.equal(true);
        for (const other of nav.others) expect(intersects(link.box, other.box), `${where} runs into "${other.name}"`).to.equal(false);
      }
      const header = await page.getByRole('banner').evaluate((el) => ({ scrollWidth: el.scrollWidth, clientWidth: el.clientWidth }));
      expect(header.scrollWidth, `header fits at ${width} px`).to.be.at.most(header.clientWidth);
      if (SCREENSHOT_WIDTHS.has(width)) await screenshot(page, `header-nav-${width}px`);
    }
  });
});
