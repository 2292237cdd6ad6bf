/**
 * `npm run fixture:old-log -- <name>`: writes the old-log fixture of a release ("Events
 * stay as they are"). Starts the product as it is today (embedded Postgres in a temporary
 * directory), drives it over HTTP as two users through every event type the domain has, then writes
 *   launcher/src/testing/fixtures/<name>.ndjson          the whole event log, one event a line
 *   launcher/src/testing/fixtures/<name>.expected.json   every read answer of both users, and the clock
 * `launcher/src/query-api/old-log.int.test.ts` appends that log to a fresh store and checks every answer is
 * still the same. A fixture is written once, by the release it is named after, and never again: a
 * later release adds its own fixture beside it.
 */
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { AuthResponse, BetRow, Goal, JournalEntry, Parlay } from '@bt/contracts';
import { commandLine } from '@bt/platform/cli';

const USAGE = 'npm run fixture:old-log -- release-YYYY-MM-DD';
const { positionals } = commandLine({
  usage: USAGE,
  about:
    "Writes a release's old-log fixture (its event log and every read answer) to launcher/src/testing/fixtures/. Once per release, never again.",
  options: {},
  positionals: { min: 1, max: 1, name: 'release name' },
});
const name = positionals[0]!;
if (!/^release-\d{4}-\d{2}-\d{2}$/.test(name)) {
  console.error(`A fixture is named release-YYYY-MM-DD (got '${name}')\nusage: ${USAGE}`);
  process.exit(2);
}
// The product's code loads once the command line is known good (`--help` answers at once).
const [{ createEventStore, START }, { unusedPort }, { readConfig }, { startProduct }] = await Promise.all([
  import('@bt/event-store'),
  import('@bt/event-store/testing'),
  import('../config'),
  import('../product'),
]);
const FIXTURES = resolve(import.meta.dirname, 'fixtures');

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** One signed-in user over HTTP; remembers the highest log position its writes answered. */
class Client {
  static position: string | undefined;
  token = '';
  constructor(private readonly url: string) {}

  async call<T = unknown>(method: Method, path: string, body?: unknown, contentType = 'application/json'): Promise<T> {
    const text = await this.raw(method, path, body, contentType);
    return (text ? JSON.parse(text) : null) as T;
  }

  async raw(method: Method, path: string, body?: unknown, contentType = 'application/json'): Promise<string> {
    const headers: Record<string, string> = {};
    if (this.token) headers.Authorization = `Bearer ${this.token}`;
    if (body !== undefined) headers['Content-Type'] = contentType;
    if (method === 'GET' && Client.position) headers['X-Min-Position'] = Client.position;
    const response = await fetch(`${this.url}/api${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} /api${path} answered ${response.status}: ${text}`);
    const position = response.headers.get('X-Log-Position');
    if (position) Client.position = position;
    return text;
  }
}

const dataDir = mkdtempSync(join(tmpdir(), 'bt-fixture-'));
chmodSync(dataDir, 0o755); // Postgres runs as its own OS user when we are root
const webDist = mkdtempSync(join(tmpdir(), 'bt-fixture-web-'));
const product = await startProduct(
  readConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    PG_PORT: String(await unusedPort()),
    WEB_DIST: webDist,
  }),
);
try {
  const alice = new Client(product.url);
  const bob = new Client(product.url);

  // Accounts: register, change e-mail, change password, log out of all devices (then sign in again).
  alice.token = (
    await alice.call<AuthResponse>('POST', '/auth/register', { email: 'alice@example.com', password: 'Alice-pass-1', username: 'alice' })
  ).token;
  bob.token = (await bob.call<AuthResponse>('POST', '/auth/register', { email: 'bob@example.com', password: 'Bob-pass-1' })).token;
  alice.token = (await alice.call<AuthResponse>('PUT', '/auth/update-email', { newEmail: 'alice.new@example.com' })).token;
  alice.token = (
    await alice.call<AuthResponse>('PUT', '/auth/update-password', {
      currentPassword: 'Alice-pass-1',
      newPassword: 'Alice-pass-2',
      confirmPassword: 'Alice-pass-2',
    })
  ).token;

  // Bankroll.
  await alice.call('POST', '/bankroll', { amount: 1000 });
  await alice.call('POST', '/bankroll', { amount: '250.50' });
  await bob.call('POST', '/bankroll', { amount: 500 });

  // Single bets: every sport, bet type and outcome, with and without notes and dates.
  const sports = ['football', 'basketball', 'baseball', 'hockey', 'soccer', 'other'];
  const types = ['moneyline', 'spread', 'total', 'prop', 'parlay'];
  const outcomes = ['win', 'loss', 'push', 'pending'];
  const odds = ['-110', '+150', '-200', '+320', '+100', '-105'];
  const days = ['2026-06-02', '2026-08-14', '2026-09-30', '2026-10-19', '2026-11-02', '2026-11-15', '2026-11-21'];
  const aliceBets: string[] = [];
  for (let i = 0; i < 14; i++) {
    const bet = await alice.call<BetRow>('POST', '/bets', {
      sport: sports[i % sports.length],
      event: `Fixture game ${i + 1}`,
      betType: types[i % types.length],
      odds: odds[i % odds.length],
      stake: 10 + i * 5,
      outcome: outcomes[i % outcomes.length],
      ...(i % 3 === 0 ? { notes: `Note ${i + 1}: line moved` } : {}),
      ...(i % 6 === 5 ? {} : { date: days[i % days.length] }),
    });
    aliceBets.push(bet.id);
  }
  const bobBets: string[] = [];
  for (let i = 0; i < 5; i++) {
    const bet = await bob.call<BetRow>('POST', '/bets', {
      sport: sports[(i + 2) % sports.length],
      event: `Bob game ${i + 1}`,
      betType: types[(i + 1) % types.length],
      odds: odds[(i + 3) % odds.length],
      stake: 20,
      outcome: outcomes[(i + 1) % outcomes.length],
      date: days[(i + 2) % days.length],
    });
    bobBets.push(bet.id);
  }
  // Amended (stake, notes, date), settled (pending -> win), re-settled (win -> loss), removed.
  await alice.call('PUT', `/bets/${aliceBets[0]}`, {
    sport: 'football',
    event: 'Fixture game 1 (edited)',
    betType: 'moneyline',
    odds: '-115',
    stake: 12.5,
    notes: 'Edited after the game',
    date: '2026-10-20',
  });
  const settle = async (client: Client, id: string, outcome: string) => {
    const bet = (await client.call<BetRow[]>('GET', '/bets')).find((b) => b.id === id)!;
    await client.call('PUT', `/bets/${id}`, { ...pick(bet, ['sport', 'event', 'betType', 'odds', 'stake']), outcome });
  };
  await settle(alice, aliceBets[3], 'win'); // was pending
  await settle(alice, aliceBets[4], 'loss'); // was win: re-settled
  await settle(alice, aliceBets[4], 'win'); // and back
  await settle(bob, bobBets[2], 'win'); // was pending
  await alice.call('DELETE', `/bets/${aliceBets[13]}`);
  await bob.call('DELETE', `/bets/${bobBets[4]}`);

  // Parlays: with and without a date, legs pushed, won, lost, pending.
  const leg = (sport: string, event: string, legOdds: string, outcome: string, date?: string) => ({
    sport,
    event,
    selection: `${event} winner`,
    odds: legOdds,
    outcome,
    ...(date ? { date } : {}),
  });
  const p1 = await alice.call<Parlay>('POST', '/parlays', {
    name: 'Sunday double',
    stake: 20,
    outcome: 'pending',
    notes: 'Two favourites',
    legs: [leg('football', 'Leg A', '-150', 'win', '2026-11-08'), leg('basketball', 'Leg B', '+120', 'win', '2026-11-09')],
  });
  const p2 = await alice.call<Parlay>('POST', '/parlays', {
    name: 'Long shot',
    stake: 5,
    outcome: 'pending',
    notes: null,
    date: '2026-10-05',
    legs: [
      leg('soccer', 'Leg C', '+200', 'win'),
      leg('hockey', 'Leg D', '+180', 'pending', '2026-10-06'),
      leg('baseball', 'Leg E', '-110', 'pending', '2026-10-07'),
    ],
  });
  const p3 = await alice.call<Parlay>('POST', '/parlays', {
    name: 'Pushed pair',
    stake: 15,
    outcome: 'pending',
    notes: null,
    legs: [leg('other', 'Leg F', '+100', 'push', '2026-11-18'), leg('football', 'Leg G', '-120', 'pending', '2026-11-19')],
  });
  const p4 = await alice.call<Parlay>('POST', '/parlays', {
    name: 'Deleted later',
    stake: 8,
    outcome: 'pending',
    notes: null,
    legs: [leg('basketball', 'Leg H', '+110', 'pending', '2026-11-20'), leg('basketball', 'Leg I', '+110', 'pending', '2026-11-20')],
  });
  const bp = await bob.call<Parlay>('POST', '/parlays', {
    name: 'Bob treble',
    stake: 10,
    outcome: 'pending',
    notes: null,
    legs: [
      leg('football', 'Leg J', '-110', 'win', '2026-11-01'),
      leg('football', 'Leg K', '-110', 'win', '2026-11-01'),
      leg('hockey', 'Leg L', '+130', 'win', '2026-11-02'),
    ],
  });
  // Amended: legs (settling the pending one: won) and date (set, then given back to the legs).
  await alice.call('PUT', `/parlays/${p3.id}`, {
    name: 'Pushed pair',
    stake: 15,
    notes: 'Second leg came in',
    date: '2026-11-19',
    legs: [leg('other', 'Leg F', '+100', 'push', '2026-11-18'), leg('football', 'Leg G', '-120', 'win', '2026-11-19')],
  });
  await alice.call('PUT', `/parlays/${p1.id}`, {
    name: 'Sunday double',
    stake: 25,
    date: '2026-11-10',
    legs: p1.legs,
  });
  await alice.call('PUT', `/parlays/${p1.id}`, { name: 'Sunday double', stake: 25, date: null, legs: p1.legs });
  // Settled while legs are pending (the chosen outcome), re-settled by a lost leg, and removed.
  await alice.call('PUT', `/parlays/${p2.id}`, { name: 'Long shot', stake: 5, outcome: 'win', legs: p2.legs });
  const lostLeg = p2.legs.map((l: { event: string }) => (l.event === 'Leg D' ? { ...l, outcome: 'loss' } : l));
  await alice.call('PUT', `/parlays/${p2.id}`, { name: 'Long shot', stake: 5, legs: lostLeg });
  await alice.call('DELETE', `/parlays/${p4.id}`);

  // Goals: set, revised (paused), removed.
  const g1 = await alice.call<Goal>('POST', '/goals', {
    title: 'Make $500 this month',
    targetAmount: 500,
    timeframe: 'monthly',
    description: 'Steady growth',
    startDate: '2026-11-01',
  });
  const g2 = await alice.call<Goal>('POST', '/goals', {
    title: 'Yearly target',
    targetAmount: 5000,
    timeframe: 'yearly',
    description: null,
    startDate: '2026-01-01',
  });
  const g3 = await alice.call<Goal>('POST', '/goals', {
    title: 'Weekly test',
    targetAmount: 50,
    timeframe: 'weekly',
    description: null,
    startDate: '2026-11-16',
  });
  await alice.call('PUT', `/goals/${g2.id}`, { title: 'Yearly target', targetAmount: 4000, status: 'paused' });
  await alice.call('DELETE', `/goals/${g3.id}`);
  await bob.call('POST', '/goals', {
    title: 'Bob week',
    targetAmount: 100,
    timeframe: 'weekly',
    description: null,
    startDate: '2026-11-16',
  });
  void g1;

  // Journal: written, revised, erased.
  const j1 = await alice.call<JournalEntry>('POST', '/journal', {
    title: 'Good week',
    content: 'Stuck to the plan.',
    type: 'weekly',
    mood: 'positive',
    tags: 'discipline, nfl',
    date: '2026-11-15',
  });
  const j2 = await alice.call<JournalEntry>('POST', '/journal', {
    title: 'Tilt',
    content: 'Chased losses.',
    type: 'daily',
    mood: 'negative',
    tags: [],
    date: '2026-11-03',
  });
  await alice.call('PUT', `/journal/${j1.id}`, { title: 'Good week', content: 'Stuck to the plan. Mostly.', mood: 'neutral' });
  await alice.call('DELETE', `/journal/${j2.id}`);
  await bob.call('POST', '/journal', {
    title: 'First entry',
    content: 'Starting out.',
    type: 'monthly',
    mood: 'neutral',
    tags: 'start',
    date: '2026-11-01',
  });

  // A CSV import (a single bet and a parlay), withdrawals, and "Log out of all devices".
  const csv = [
    'date,kind,sport,event,betType,odds,stake,outcome,notes,legs',
    '2026-07-04,bet,baseball,Imported game,total,-108,30,win,From my old tracker,',
    `2026-07-05,parlay,parlay,Imported parlay,parlay,+264,10,loss,,"${JSON.stringify([
      leg('soccer', 'Leg M', '+120', 'loss', '2026-07-05'),
      leg('soccer', 'Leg N', '+110', 'win', '2026-07-05'),
    ]).replaceAll('"', '""')}"`,
    '7/6/2026,bet,NFL,Imported with their words,ML,+140,"$1,250.00",W,,',
  ].join('\r\n');
  await alice.call('POST', '/import/bets', csv, 'text/csv');
  await alice.call('POST', '/bankroll/withdraw', { amount: 100 });
  await bob.call('POST', '/bankroll/withdraw', { amount: '20.25' });
  await alice.call('POST', '/auth/logout-all');
  await bob.call('POST', '/auth/logout-all');
  alice.token = (await alice.call<AuthResponse>('POST', '/auth/login', { email: 'alice.new@example.com', password: 'Alice-pass-2' })).token;
  bob.token = (await bob.call<AuthResponse>('POST', '/auth/login', { email: 'bob@example.com', password: 'Bob-pass-1' })).token;

  // Every read answer of both users (GET /api/events is left out: it shows the log, which the fixture is).
  const readsOf = async (client: Client, historyOf: string[]) => {
    const paths = [
      '/auth/me',
      '/bets',
      '/parlays',
      '/stats',
      ...['30', '90', '180', '365', 'all'].map((range) => `/stats?range=${range}`),
      '/stats/streaks',
      '/goals',
      '/journal',
      '/bankroll',
      ...historyOf.map((id) => `/bets/${id}/history`),
    ];
    const answers: Record<string, unknown> = {};
    for (const path of paths) answers[`/api${path}`] = await client.call('GET', path);
    answers['/api/export/bets.csv'] = await client.raw('GET', '/export/bets.csv');
    return answers;
  };
  const aliceAnswers = await readsOf(alice, [aliceBets[0], aliceBets[4], p1.id, p3.id]);
  const bobAnswers = await readsOf(bob, [bobBets[2], bp.id]);
  const clock = new Date().toISOString();

  const store = await createEventStore(product.eventStoreUrl);
  const lines: string[] = [];
  try {
    for await (const page of store.readAllPages(START))
      for (const e of page)
        lines.push(
          JSON.stringify({
            id: e.id,
            streamId: e.streamId,
            revision: String(e.revision),
            position: { commit: String(e.position.commit), prepare: String(e.position.prepare) },
            type: e.type,
            data: e.data,
            metadata: e.metadata,
            recordedAt: e.recordedAt,
          }),
        );
  } finally {
    await store.close();
  }
  mkdirSync(FIXTURES, { recursive: true });
  writeFileSync(join(FIXTURES, `${name}.ndjson`), lines.join('\n') + '\n');
  const expected = {
    about: `Every read answer of the users of ${name}.ndjson, as the release that wrote it answered them at "clock".`,
    clock,
    users: [
      { email: 'alice.new@example.com', answers: aliceAnswers },
      { email: 'bob@example.com', answers: bobAnswers },
    ],
  };
  writeFileSync(join(FIXTURES, `${name}.expected.json`), JSON.stringify(expected, null, 2) + '\n');
  console.log(`wrote ${lines.length} events and the answers of 2 users to ${FIXTURES}`);
} finally {
  await product.stop();
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(webDist, { recursive: true, force: true });
}

function pick(row: Record<string, unknown>, keys: string[]): Record<string, unknown> {
  return Object.fromEntries(keys.map((k) => [k, row[k]]));
}
