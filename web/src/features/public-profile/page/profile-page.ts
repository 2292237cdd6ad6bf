import type { PublicBet, PublicProfile, PublicRecord } from '@bt/contracts';
import { capitalize, formatDate, formatMoney, formatPercent, formatProfit, formatUnits } from '../../../lib/format';
import { betTypeLabel, OUTCOME_LABELS, sportLabel } from '../../../lib/labels';
import { addStyle, h } from './dom';
import { PAGE_CSS } from './styles';
import { verificationCard } from './verification';

type Tone = 'win' | 'loss' | 'warning' | 'neutral';

const TIMING: Record<PublicBet['timing'], { text: string; tone: Tone }> = {
  'before-start': { text: 'Before start', tone: 'win' },
  'after-start': { text: 'After start', tone: 'warning' },
  imported: { text: 'Imported', tone: 'neutral' },
  'no-start-time': { text: 'No start time', tone: 'neutral' },
};

/** As components/badge.tsx's OutcomeBadge: win green, loss red, a cash-out amber, the rest grey. */
const outcomeTone = (outcome: string): Tone =>
  outcome === 'win' ? 'win' : outcome === 'loss' ? 'loss' : outcome === 'cashout' ? 'warning' : 'neutral';

const badge = (text: string, tone: Tone) => h('span', { class: tone === 'neutral' ? 'pp-badge' : `pp-badge pp-badge-${tone}` }, text);
const note = (text: string) => h('p', { class: 'pp-note' }, text);
const empty = (text: string) => h('p', { class: 'pp-empty' }, text);
const units = (value: number | null) => (value === null ? '—' : `${value > 0 ? '+' : ''}${formatUnits(value)}`);

const card = (title: string, ...content: Node[]) =>
  h(
    'section',
    { class: 'pp-card' },
    h('div', { class: 'pp-card-header' }, h('h2', {}, title)),
    h('div', { class: 'pp-card-content' }, ...content),
  );

const figure = (term: string, value: string) => h('div', {}, h('dt', {}, term), h('dd', {}, value));

const recordFigures = (record: PublicRecord, label: string) =>
  h(
    'dl',
    { class: 'pp-figures', 'aria-label': label },
    figure('Record (W-L-P-V)', `${record.wins}-${record.losses}-${record.pushes}-${record.voids}`),
    figure('Win rate', record.winRate === null ? '—' : formatPercent(record.winRate)),
    figure('ROI', record.roi === null ? '—' : formatPercent(record.roi)),
    figure('Units', units(record.unitsWon)),
    record.profit !== null && figure('Profit', formatProfit(record.profit)),
  );

const betItem = (bet: PublicBet) => {
  const timing = TIMING[bet.timing];
  const amount = bet.stake !== null ? ` · ${formatMoney(bet.stake)}` : bet.units !== null ? ` · ${formatUnits(bet.units)}` : '';
  const outcome = bet.outcome in OUTCOME_LABELS ? OUTCOME_LABELS[bet.outcome] : capitalize(bet.outcome);
  return h(
    'li',
    {},
    h(
      'div',
      {},
      h('h3', {}, bet.event),
      note(`${formatDate(bet.date)} · ${sportLabel(bet.sport)} · ${betTypeLabel(bet.betType)} · ${bet.odds}${amount}`),
    ),
    h('div', {}, badge(timing.text, timing.tone), ' ', badge(outcome, outcomeTone(bet.outcome))),
  );
};

/** Bets drawn a page at a time: ten thousand list items would hold a phone's first paint for seconds. */
const BETS_PAGE = 100;

const betList = (bets: readonly PublicBet[]): Node => {
  const list = h('ul', { class: 'pp-bets' }, ...bets.slice(0, BETS_PAGE).map(betItem));
  if (bets.length <= BETS_PAGE) return list;
  const more = h('button', { type: 'button', class: 'pp-button pp-more' });
  const label = () => {
    const left = bets.length - list.children.length;
    more.textContent = `Show ${Math.min(BETS_PAGE, left)} more (${left.toLocaleString('en-US')} not shown)`;
  };
  more.onclick = () => {
    list.append(...bets.slice(list.children.length, list.children.length + BETS_PAGE).map(betItem));
    if (list.children.length >= bets.length) more.remove();
    else label();
  };
  label();
  return h('div', {}, list, more);
};

const profileBody = (profile: PublicProfile, verification: HTMLElement): Node[] => [
  verification,
  card(
    'Logged before the start',
    recordFigures(profile.beforeStart, 'Bets logged before their start'),
    note(`${profile.beforeStart.bets} of ${profile.record.bets} bets were recorded before their event started.`),
  ),
  card('All bets', recordFigures(profile.record, 'All bets')),
  card('Bets', profile.bets.length === 0 ? empty('No bets shown yet.') : betList(profile.bets)),
];

const loading = () =>
  h(
    'div',
    { class: 'pp-loading', role: 'status', 'aria-live': 'polite' },
    h('span', { class: 'pp-spinner', 'aria-hidden': 'true' }),
    h('span', {}, 'Loading'),
  );

/** The answer of GET /api/public/profiles/:handle: the profile, 'gone' (404), or why it failed. */
const readProfile = async (handle: string, signal: AbortSignal): Promise<PublicProfile | 'gone' | { reason: string }> => {
  let answer: Response;
  try {
    answer = await fetch(`/api/public/profiles/${encodeURIComponent(handle)}`, { signal });
  } catch {
    return { reason: 'The server could not be reached.' };
  }
  if (answer.ok) return (await answer.json()) as PublicProfile;
  if (answer.status === 404) return 'gone';
  const text = await answer.text().catch(() => '');
  let message: unknown;
  try {
    message = (JSON.parse(text) as { message?: unknown }).message;
  } catch {
    // Not JSON: the text itself says what failed.
  }
  return { reason: typeof message === 'string' ? message : `${answer.status}: ${text || answer.statusText}` };
};

/**
 * /u/:handle (no sign-in): a bettor's public record, when they turned it on in Settings, drawn
 * into `host`; then its verification runs. Returns what stops it (the read and the worker).
 */
export const showPublicProfile = (host: HTMLElement, handle: string): (() => void) => {
  addStyle('pp-style', PAGE_CSS);
  const content = h('div', { class: 'pp-page' });
  const header = h('div', {}, h('div', {}, h('h1', {}, `@${handle}`), h('p', { class: 'pp-subtitle' }, 'A public betting record')));
  content.append(header, loading());
  host.replaceChildren(content);
  const reading = new AbortController();
  // The proofs are fetched and checked while the page's own data loads and draws: on two cores the
  // verification is done about when the bets show, not a second after.
  let verification: ReturnType<typeof verificationCard> | null = verificationCard(handle);
  const stopVerification = () => {
    verification?.stop();
    verification = null;
  };
  const load = async () => {
    const profile = await readProfile(handle, reading.signal);
    if (reading.signal.aborted) return;
    if (profile === 'gone' || 'reason' in profile) stopVerification();
    if (profile === 'gone') content.replaceChildren(header, empty('This page does not exist, or its owner has turned it off.'));
    else if ('reason' in profile) {
      const again = h('button', { type: 'button', class: 'pp-button' }, 'Try again');
      again.onclick = () => {
        again.disabled = true;
        again.textContent = 'Trying again...';
        void load();
      };
      content.replaceChildren(
        header,
        h('div', { class: 'pp-error', role: 'alert' }, h('strong', {}, 'Could not load this record'), h('span', {}, profile.reason), again),
      );
    } else {
      if (verification === null || profile.handle !== handle) {
        stopVerification();
        verification = verificationCard(profile.handle);
      }
      content.replaceChildren(header, ...profileBody(profile, verification.card));
    }
  };
  void load();
  return () => {
    reading.abort();
    stopVerification();
  };
};
