import { z } from 'zod';
import {
  betAmendBody,
  betBody,
  forgotPasswordBody,
  fundsBody,
  adjustBankrollBody,
  goalAmendBody,
  goalBody,
  journalAmendBody,
  journalBody,
  legSettleBody,
  loginBody,
  parlayAmendBody,
  parlayBody,
  registerBody,
  resetPasswordBody,
  settingsBody,
  settleBody,
  updateEmailBody,
  updatePasswordBody,
  deleteAccountBody,
} from './requests';
import {
  analytics,
  authResponse,
  betChange,
  betRow,
  betsPage,
  betsTotals,
  emailChangedResponse,
  goal,
  goalWritten,
  importPreview,
  importStatus,
  importReport,
  journalEntry,
  messageResponse,
  parlay,
  passwordChangedResponse,
  settings,
  stats,
  unitSizeCoverage,
  streakStats,
  user,
} from './responses';
import { bankroll, fundsMoved, bankrollAdjustment, bankrollLedger, bankrollUndone } from './bankroll';
import {
  analyticsQuery,
  bankrollQuery,
  betsQuery,
  betsTotalsQuery,
  goalsQuery,
  historyFiltersQuery,
  statsQuery,
  streaksQuery,
} from './query-params';
import { taxDiary, taxYear, taxYearQuery } from './reports';
import { profileAnswer, profileBody, publicProfile } from './profiles';

/**
 * The HTTP API in one table: every route the product serves (command-api, query-api and the front
 * door's own), with its body, query, answers and auth. The OpenAPI document (`openApiDocument` in
 * openapi.ts, served at GET /api/openapi.json, rendered at /api/docs) is generated from it, and the
 * HTTP tests check every answer against it (`checkAnswer` in check-answer.ts). A new route is one
 * entry here.
 */

type Method = 'get' | 'post' | 'put' | 'delete';

interface Answer {
  description: string;
  /** A JSON answer's schema; absent for other content types. */
  schema?: z.ZodType;
  /** Content type when not JSON (text/csv, application/x-ndjson, text/html). */
  contentType?: string;
}

export interface ApiRoute {
  method: Method;
  /** OpenAPI style: `/api/bets/{id}`. */
  path: string;
  /** Which process answers it. */
  service: 'command-api' | 'query-api' | 'front-door';
  tag: string;
  summary: string;
  /** Bearer token required (401 without it). */
  auth: boolean;
  body?: { schema: z.ZodType; contentType?: 'application/json' | 'text/csv' };
  query?: z.ZodObject;
  /** POSTs that take an Idempotency-Key. */
  idempotent?: boolean;
  /** Success answers by status; every route also documents its errors as `{ message }`. */
  responses: Record<number, Answer>;
}

const json = (description: string, schema: z.ZodType): Answer => ({ description, schema });
const message = (description: string) => json(description, messageResponse);

const write = (
  method: Method,
  path: string,
  tag: string,
  summary: string,
  body: z.ZodType | undefined,
  responses: Record<number, Answer>,
  extra: Partial<ApiRoute> = {},
): ApiRoute => ({
  method,
  path,
  service: 'command-api',
  tag,
  summary,
  auth: true,
  ...(body ? { body: { schema: body } } : {}),
  idempotent: method === 'post' && extra.idempotent !== false,
  responses,
  ...extra,
});

const read = (path: string, tag: string, summary: string, answer: Answer, extra: Partial<ApiRoute> = {}): ApiRoute => ({
  method: 'get',
  path,
  service: 'query-api',
  tag,
  summary,
  auth: true,
  responses: { 200: answer },
  ...extra,
});

export const API_ROUTES: readonly ApiRoute[] = [
  // Auth
  write('post', '/api/auth/register', 'Auth', 'Create an account', registerBody, { 201: json('Signed in', authResponse) }, { auth: false }),
  write(
    'post',
    '/api/auth/login',
    'Auth',
    'Sign in',
    loginBody,
    { 200: json('Signed in', authResponse) },
    {
      auth: false,
      idempotent: false,
    },
  ),
  read('/api/auth/me', 'Auth', 'The signed-in user', json('The user', user)),
  write('put', '/api/auth/update-email', 'Auth', 'Change e-mail (ends every other session)', updateEmailBody, {
    200: json('Changed; a fresh token for this session', emailChangedResponse),
  }),
  write('put', '/api/auth/update-password', 'Auth', 'Change password (ends every other session)', updatePasswordBody, {
    200: json('Changed; a fresh token for this session', passwordChangedResponse),
  }),
  write(
    'post',
    '/api/auth/logout-all',
    'Auth',
    'Log out of all devices',
    undefined,
    { 200: message('Every session ended') },
    {
      idempotent: false,
    },
  ),
  write('delete', '/api/account', 'Auth', 'Delete the account for good (asks for its password; ends every session)', deleteAccountBody, {
    204: { description: 'Erased: the account, its streams and every row of it' },
  }),
  write(
    'post',
    '/api/auth/forgot-password',
    'Auth',
    'Ask for a link to set a new password (e-mailed when an account uses the address)',
    forgotPasswordBody,
    { 202: message('The same answer whether or not an account uses the address') },
    { auth: false, idempotent: false },
  ),
  write(
    'post',
    '/api/auth/reset-password',
    'Auth',
    'Set a new password with the e-mailed link (ends every session)',
    resetPasswordBody,
    { 200: message('Password set; sign in with it') },
    { auth: false, idempotent: false },
  ),
  // Bets
  read(
    '/api/bets',
    'Bets',
    'History rows, newest first; with page: one page of Bet History as the web shows it; deleted=true: the removed ones',
    json('Rows, or a page of them when page is given', z.union([z.array(betRow), betsPage])),
    { query: betsQuery },
  ),
  read(
    '/api/bets/totals',
    'Bets',
    "Totals of every row Bet History's filters keep (bets, record, staked, profit, ROI, units); asOf: replayed as of then",
    json('Totals', betsTotals),
    { query: betsTotalsQuery },
  ),
  write('post', '/api/bets', 'Bets', 'Place a bet', betBody, { 201: json('The bet', betRow) }),
  write('put', '/api/bets/{id}', 'Bets', 'Amend a bet (outcome, notes and date stay when left out)', betAmendBody, {
    200: json('The bet', betRow),
  }),
  write('delete', '/api/bets/{id}', 'Bets', 'Delete a bet (a parlay id deletes the parlay)', undefined, { 200: message('Deleted') }),
  write('post', '/api/bets/{id}/restore', 'Bets', 'Restore a deleted bet (a parlay id restores the parlay)', undefined, {
    200: json('The restored row', betRow),
  }),
  write(
    'post',
    '/api/bets/{id}/settle',
    'Bets',
    "Settle a bet or a parlay in one tap (a parlay id settles the parlay; 'pending' undoes)",
    settleBody,
    {
      200: json('The row as settled', betRow),
    },
  ),
  read('/api/bets/{id}/history', 'Bets', "A bet's changes, oldest first", json('Changes', z.array(betChange))),
  // Parlays
  read('/api/parlays', 'Parlays', 'Parlays, newest first', json('Parlays', z.array(parlay))),
  write('post', '/api/parlays', 'Parlays', 'Create a parlay (priced by the server)', parlayBody, { 201: json('The parlay', parlay) }),
  write('put', '/api/parlays/{id}', 'Parlays', 'Amend a parlay (the legs replace the old ones)', parlayAmendBody, {
    200: json('The parlay', parlay),
  }),
  write('delete', '/api/parlays/{id}', 'Parlays', 'Delete a parlay', undefined, { 200: message('Deleted') }),
  write('post', '/api/parlays/{id}/legs/{index}/settle', 'Parlays', "Settle one leg (0 is the first; 'pending' undoes)", legSettleBody, {
    200: json('The parlay', parlay),
  }),
  write('post', '/api/parlays/{id}/restore', 'Parlays', 'Restore a deleted parlay', undefined, { 200: json('The parlay', parlay) }),
  // Stats
  read('/api/stats', 'Stats', 'Dashboard stats (asOf: replayed as of then)', json('Stats', stats), { query: statsQuery }),
  read('/api/stats/streaks', 'Stats', 'Win and loss streaks', json('Streaks', streakStats), { query: streaksQuery }),
  read(
    '/api/analytics',
    'Stats',
    'Breakdowns by sport, league, book, bet type, tag, odds range, weekday or stake size',
    json('Analytics', analytics),
    {
      query: analyticsQuery,
    },
  ),
  // Reports
  read(
    '/api/reports/tax',
    'Reports',
    "A tax year's winnings, losses and deductible losses, per book and in total",
    json('Tax year', taxYear),
    {
      query: taxYearQuery,
    },
  ),
  read('/api/reports/tax/diary', 'Reports', "The year's wagering diary: every wager dated in it, oldest first", json('Diary', taxDiary), {
    query: taxYearQuery,
  }),
  read(
    '/api/reports/tax/diary.csv',
    'Reports',
    "The year's wagering diary as CSV",
    { description: 'CSV, oldest first', contentType: 'text/csv' },
    { query: taxYearQuery },
  ),
  // Settings (Preferences)
  read('/api/settings', 'Settings', 'The odds format and unit size (american and null until set)', json('Settings', settings)),
  write('put', '/api/settings', 'Settings', 'Choose the odds format and/or the unit size (null clears it)', settingsBody, {
    200: json('Settings', settings),
  }),
  read(
    '/api/settings/unit-size/earlier',
    'Settings',
    'The bets and parlays placed without a unit size (what applying it would cover)',
    json('Unit size coverage', unitSizeCoverage),
  ),
  write('post', '/api/settings/unit-size/apply', 'Settings', 'Apply the unit size to the bets and parlays placed without one', undefined, {
    200: json('What it covered', unitSizeCoverage),
  }),
  // Public profile (issue 39)
  read('/api/profile', 'Public profile', 'The public profile settings (profile null until set)', json('Profile', profileAnswer)),
  write('put', '/api/profile', 'Public profile', 'Set the handle, turn the page on or off, choose what it shows', profileBody, {
    200: json('Profile', profileAnswer),
  }),
  write('delete', '/api/profile', 'Public profile', 'Remove the public profile (its handle is held for you 30 days)', undefined, {
    200: message('Removed'),
  }),
  read(
    '/api/public/profiles/{handle}',
    'Public profile',
    'A public profile: the record and the bets it shows (no sign-in; 404 when off or unknown)',
    json('The public profile', publicProfile),
    { auth: false },
  ),
  // Bankroll
  read('/api/bankroll', 'Bankroll', 'The balance (asOf: replayed as of then)', json('Bankroll', bankroll), { query: bankrollQuery }),
  write('post', '/api/bankroll', 'Bankroll', 'Add funds', fundsBody, { 201: json('Funds added', fundsMoved) }),
  write('post', '/api/bankroll/withdraw', 'Bankroll', 'Withdraw funds', fundsBody, { 201: json('Funds withdrawn', fundsMoved) }),
  read('/api/bankroll/ledger', 'Bankroll', 'Deposits, withdrawals and adjustments, newest first', json('Ledger', bankrollLedger)),
  write('post', '/api/bankroll/adjust', 'Bankroll', 'Record the balance counted (the difference is an adjustment)', adjustBankrollBody, {
    201: json('Adjusted', bankrollAdjustment),
    200: json('Already that amount: nothing recorded', bankrollAdjustment),
  }),
  write('post', '/api/bankroll/undo', 'Bankroll', 'Undo the last entry that counts (If-Match: the ledger version)', undefined, {
    200: json('The entry undone', bankrollUndone),
  }),
  // Goals
  read('/api/goals', 'Goals', 'Goals with their progress (asOf: replayed as of then)', json('Goals', z.array(goal)), { query: goalsQuery }),
  write('post', '/api/goals', 'Goals', 'Set a goal', goalBody, { 201: json('What the user set', goalWritten) }),
  write('put', '/api/goals/{id}', 'Goals', 'Revise a goal', goalAmendBody, { 200: json('What the user set', goalWritten) }),
  write('delete', '/api/goals/{id}', 'Goals', 'Remove a goal', undefined, { 200: message('Deleted') }),
  write('post', '/api/goals/{id}/restore', 'Goals', 'Restore a removed goal', undefined, { 200: json('What the user set', goalWritten) }),
  // Journal
  read('/api/journal', 'Journal', 'Entries, newest first', json('Entries', z.array(journalEntry))),
  write('post', '/api/journal', 'Journal', 'Write an entry', journalBody, { 201: json('The entry', journalEntry) }),
  write('put', '/api/journal/{id}', 'Journal', 'Revise an entry', journalAmendBody, { 200: json('The entry', journalEntry) }),
  write('delete', '/api/journal/{id}', 'Journal', 'Erase an entry', undefined, { 200: message('Deleted') }),
  write('post', '/api/journal/{id}/restore', 'Journal', 'Restore an erased entry', undefined, { 200: json('The entry', journalEntry) }),
  // Export, import, events
  read(
    '/api/export/bets.csv',
    'Export and import',
    "Every bet as CSV, or with Bet History's filters the ones they keep (a heavy read)",
    { description: 'CSV, newest first', contentType: 'text/csv' },
    { query: historyFiltersQuery },
  ),
  {
    ...write('post', '/api/import/bets', 'Export and import', 'Import bets from CSV (all rows or none)', undefined, {
      200: json('Imported (with dryRun=1: the preview, nothing written)', z.union([importReport, importPreview])),
      422: json('A bad row: nothing imported', importReport),
    }),
    body: { schema: z.string(), contentType: 'text/csv' },
    query: z.object({
      mapping: z.string().optional().describe('JSON: our field names (the CSV columns and selection) to the file’s headers'),
      dryRun: z.enum(['1', 'true']).optional().describe('Answer a preview of the import and write nothing'),
    }),
  },
  read(
    '/api/imports/{key}',
    'Export and import',
    'What became of the import sent with this Idempotency-Key',
    json('The import', importStatus),
  ),
  read('/api/events', 'Export and import', "The user's own events, one JSON line each (a heavy read)", {
    description: 'NDJSON',
    contentType: 'application/x-ndjson',
  }),
  // The front door's own
  {
    ...read('/healthz', 'Operations', 'Liveness of the front door', json('Up', z.looseObject({ status: z.string() }))),
    service: 'front-door',
    auth: false,
  },
  {
    ...read('/api/openapi.json', 'Operations', 'This document (OpenAPI 3.1)', json('The document', z.looseObject({ openapi: z.string() }))),
    service: 'front-door',
    auth: false,
  },
  {
    ...read('/api/docs', 'Operations', 'This document, rendered', { description: 'HTML', contentType: 'text/html' }),
    service: 'front-door',
    auth: false,
  },
  // Every service's (platform's opsRoutes), the front door's included
  {
    ...read('/livez', 'Operations', 'The process answers (every service)', json('Alive', z.looseObject({ status: z.string() }))),
    service: 'front-door',
    auth: false,
  },
  {
    ...read(
      '/readyz',
      'Operations',
      'Its databases answer and the projector is near the log head (every service; 503 otherwise)',
      json('Ready', z.looseObject({ status: z.string() })),
    ),
    responses: {
      200: json('Ready', z.looseObject({ status: z.string() })),
      503: json('Not ready, or stopping: which check failed', z.looseObject({ status: z.string() })),
    },
    service: 'front-door',
    auth: false,
  },
  {
    ...read('/metrics', 'Operations', 'Prometheus metrics: loopback clients or the bearer METRICS_TOKEN only (404 otherwise)', {
      description: 'Prometheus text format',
      contentType: 'text/plain',
    }),
    service: 'front-door',
    auth: false,
  },
];
