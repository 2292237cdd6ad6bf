import { formatPercent, formatProfit, formatUnits } from '../../../lib/format';
import type { ProfileCheck } from '../verification/check-profile';
import { h } from './dom';

/** Where this browser keeps the last checkpoint of the log it verified a page against. */
const SEEN_KEY = 'bt-log-checkpoint';

const readSeen = (): string | null => {
  try {
    return localStorage.getItem(SEEN_KEY);
  } catch {
    return null;
  }
};

const keepSeen = (note: string) => {
  try {
    localStorage.setItem(SEEN_KEY, note);
  } catch {
    // Storage off (private mode): the next visit checks without it.
  }
};

const figuresText = ({ wins, losses, pushes, voids, winRate, roi, units, profit }: ProfileCheck['figures']['all']) =>
  [
    `${wins}-${losses}-${pushes}-${voids}`,
    `win rate ${winRate === null ? '—' : formatPercent(winRate)}`,
    `ROI ${roi === null ? '—' : formatPercent(roi)}`,
    ...(units === null ? [] : [`units ${units > 0 ? '+' : ''}${formatUnits(units)}`]),
    ...(profit === null ? [] : [`profit ${formatProfit(profit)}`]),
  ].join(' · ');

const summary = (text: string, failed: boolean) => h('p', { role: 'status', class: failed ? 'pp-summary pp-failed' : 'pp-summary' }, text);
const muted = (...text: (string | Node)[]) => h('p', { class: 'pp-muted' }, ...text);

const result = (check: ProfileCheck): Node[] => {
  const failed = check.failure !== null || check.failed.length > 0 || check.history !== null;
  return [
    summary(
      check.failure === null
        ? `${check.verified} of ${check.total} bets verified, ${check.beforeStart} logged before the start; figures recomputed in your browser`
        : `Verification failed: ${check.failure}`,
      failed,
    ),
    failed &&
      h(
        'ul',
        { class: 'pp-failures', 'aria-label': 'Verification failures' },
        check.history !== null && h('li', {}, check.history),
        ...check.failed.map((bet) => h('li', {}, `${bet.name}: ${bet.failures.join('; ')}`)),
      ),
    muted(`Verified bets: ${figuresText(check.figures.all)}`),
    muted(`Logged before the start: ${figuresText(check.figures.beforeStart)}`),
    check.checkpoint &&
      muted(`Against the log's checkpoint of ${check.checkpoint.size} leaves signed ${check.checkpoint.time}, in ${check.millis} ms.`),
  ].filter((node) => node !== false && node !== null);
};

/**
 * The 'Verified in your browser' card: the proofs and the log's key are fetched and checked in a
 * Web Worker (its own file, loaded only once the page is shown), and the checkpoint seen is kept
 * so the next visit checks that the log only grew. Returns the card and what stops the worker.
 */
export const verificationCard = (handle: string): { card: HTMLElement; stop: () => void } => {
  const status = h('div', {}, h('p', { role: 'status', class: 'pp-muted' }, 'Checking every bet against the signed transparency log…'));
  const proofs = `${window.location.origin}/api/public/profiles/${handle}/proofs`;
  const card = h(
    'section',
    { class: 'pp-card', 'aria-label': 'Verification' },
    h('div', { class: 'pp-card-header' }, h('h2', {}, 'Verified in your browser')),
    h(
      'div',
      { class: 'pp-card-content' },
      status,
      muted(
        "Outcomes are the bettor's own word; what is proven is when each pick, price and stake was committed. To check without this page's script: ",
        h('code', {}, `npm run verify -- ${proofs}`),
        '.',
      ),
    ),
  );
  const worker = new Worker(new URL('../verification/verify.worker.ts', import.meta.url), { type: 'module' });
  worker.onmessage = (event: MessageEvent<{ check: ProfileCheck } | { error: string }>) => {
    const message = event.data;
    if ('error' in message) status.replaceChildren(summary(`Could not verify this page: ${message.error}`, true));
    else {
      const { check } = message;
      if (check.checkpoint && check.failure === null && check.history === null) keepSeen(check.checkpoint.note);
      status.replaceChildren(...result(check));
    }
    worker.terminate();
  };
  worker.postMessage({ handle, seen: readSeen() });
  return { card, stop: () => worker.terminate() };
};
