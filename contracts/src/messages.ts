import { CSV_COLUMNS, DEFAULTS } from './enums';

/**
 * Every message a client is shown or answered with, in the spec's words where it has them (sections
 * 5 and 8): validation, HTTP errors and confirmations. Server and client share them; no workspace
 * writes a message of its own.
 */
export const MESSAGES = {
  invalidEmail: 'Please enter a valid email address',
  passwordRequired: 'Password is required',
  passwordTooShort: 'Password must be at least 6 characters',
  usernameTooShort: 'Username must be at least 2 characters',
  stakePositive: 'Stake must be a positive number',
  // The spec's 'Odds must be in American format (e.g., +150, -110)', widened with the odds formats.
  oddsFormat: 'Odds must be American (+150), decimal (2.50) or fractional (3/2)',
  parlayMinLegs: 'A parlay must have at least 2 legs',
  parlayMaxLegs: 'A parlay can have at most 50 legs',
  parlayIncomplete: 'Make sure you have at least 2 legs with complete information',
  journalMissing: 'Please fill in both title and content',
  goalMissing: 'Please fill in title and target amount',
  goalAmount: 'Please enter a valid target amount',
  fundsAmount: 'Please enter a valid positive amount',
  currentPasswordRequired: 'Current password is required',
  confirmPassword: 'Please confirm your password',
  passwordsDontMatch: "Passwords don't match",
  // Not worded by the spec; ours.
  sportRequired: 'Please choose a sport',
  betTypeRequired: 'Please choose a bet type',
  outcomeRequired: 'Please choose an outcome',
  eventRequired: 'Event is required',
  dateFormat: 'Date must be a valid date (YYYY-MM-DD)',
  dateRange: 'Date must be between 1900-01-01 and 2099-12-31',
  startsAtFormat: 'Start time must be a date and time with its offset, like 2026-11-28T19:30:00-05:00 (years 1900 to 2099)',
  goalEndTooLate: 'A goal must end by 2099-12-31: choose an earlier start or a shorter timeframe',
  unstorableText: 'Text must not contain NUL characters or unpaired surrogates',
  parlayOddsTooHigh: 'Parlay odds can be at most +1000000',
  // Books, leagues, tags, odds formats, closing lines, void, cash-out, bonus bets, units.
  americanOddsRange: 'American odds must be +100 or more, or -100 or less',
  decimalOddsRange: 'Decimal odds must be more than 1.00',
  closingOddsFormat: 'Closing odds must be American (+150), decimal (2.50) or fractional (3/2)',
  cashOutRequired: 'Cash-out amount is required for a cashed-out bet',
  cashOutAmount: 'Cash-out amount must be a positive number',
  legCashOut: 'A parlay leg cannot be cashed out on its own: cash out the parlay',
  legNotFound: 'This parlay has no such leg',
  singleParlay: 'A parlay is added on the Parlays page with its legs: choose another bet type for a single bet',
  bookTooLong: 'Book can be at most 60 characters',
  leagueTooLong: 'League can be at most 40 characters',
  tooManyTags: 'A bet can have at most 10 tags',
  tagsFormat: 'Tags must be a list of words or one text separated by commas',
  tagTooLong: 'A tag can be at most 30 characters',
  bonusBetFlag: 'Bonus bet must be true or false',
  unitSize: 'Unit size must be an amount of at least $1',
  noUnitSizeToApply: 'Set a unit size first: there is none to apply to earlier bets',
  oddsFormatChoice: 'Odds format must be american, decimal or fractional',
  preferencesSaved: 'Preferences saved',
  tooLong: 'Text is too long',
  amountTooLarge: 'Amount is too large',
  emailTaken: 'An account with this email already exists',
  badCredentials: 'Invalid email or password',
  currentPasswordWrong: 'Current password is incorrect',
  accountPasswordWrong: 'Password is incorrect: nothing was deleted',
  unauthorized: 'Authentication required',
  notFound: 'Not found',
  replayUnavailable: 'Your record cannot be replayed right now. Nothing is lost; please try again later.',
  betNotFound: 'Bet not found',
  parlayNotFound: 'Parlay not found',
  goalNotFound: 'Goal not found',
  entryNotFound: 'Journal entry not found',
  staleRevision: 'This record was changed elsewhere. Reload it and try again.',
  badIfMatch: 'If-Match must be a version number, e.g. "3"',
  betExists: 'This bet already exists',
  parlayExists: 'This parlay already exists',
  goalExists: 'This goal already exists',
  entryExists: 'This journal entry already exists',
  invalidRequest: 'Invalid request',
  badRequest: 'Bad request',
  internalError: 'Internal server error',
  serviceUnavailable: 'Service unavailable',
  badJson: 'Request body must be valid JSON',
  notJson: 'Send the request body as JSON, with Content-Type: application/json',
  notUtf8: 'Request body must be valid UTF-8',
  methodNotAllowed: 'This method is not allowed here',
  bodyTooLarge: 'Request body is too large',
  insufficientFunds: 'Withdrawal is larger than the bankroll',
  emailUpdated: 'Email updated successfully',
  passwordUpdated: 'Password updated successfully',
  loggedOutEverywhere: 'Logged out of all devices',
  // Forgot password: one answer whether or not an account uses the address; one message for every link that cannot be used.
  resetLinkSent: `If an account uses that address, we have sent it a link to set a new password. The link works for ${DEFAULTS.passwordResetMinutes} minutes.`,
  resetTokenMissing: 'This link is incomplete. Open the link from the e-mail again, or ask for a new one.',
  resetLinkInvalid: 'This link has expired or was already used. Ask for a new one.',
  passwordReset: 'Your password has been reset. Sign in with your new password.',
  resetUnavailable: 'Password reset by e-mail is not set up on this server. Please contact support.',
  betDeleted: 'Bet deleted successfully',
  parlayDeleted: 'Parlay deleted successfully',
  goalDeleted: 'Goal deleted successfully',
  entryDeleted: 'Journal entry deleted',
  // Undo and restore (409 when what is restored is not deleted).
  betNotDeleted: 'This bet is not deleted',
  parlayNotDeleted: 'This parlay is not deleted',
  goalNotDeleted: 'This goal is not deleted',
  entryNotDeleted: 'This journal entry is not deleted',
  betRestored: 'Bet restored',
  parlayRestored: 'Parlay restored',
  goalRestored: 'Goal restored',
  entryRestored: 'Journal entry restored',
  fundsAdded: 'Funds added',
  fundsWithdrawn: 'Funds withdrawn',
  bankrollAdjusted: 'Bankroll adjusted',
  bankrollUnchanged: 'The bankroll already holds that amount',
  bankrollEntryUndone: 'Entry undone',
  nothingToUndo: 'There is no bankroll entry to undo',
  countedBalance: 'Please enter the balance you counted (0 or more)',
  // Idempotency-Key header (command-api).
  idempotencyKeyTooLong: 'Idempotency-Key must be at most 200 characters',
  idempotencyKeyReused: 'This Idempotency-Key was already used for a different request',
  idempotencyInProgress: 'A request with this Idempotency-Key is still in progress',
  // Query-string parameters of the reads.
  rangeParam: 'Range must be one of 30, 90, 180, 365 or all',
  analyticsBy: 'Break down by must be one of sport, league, book, betType, tag, oddsRange, weekday or stakeSize',
  analyticsPeriod: 'Period must be one of 30, 90, 365 or all',
  analyticsRange: 'The start date must be on or before the end date',
  asOfParam: 'asOf must be an ISO 8601 instant or a date (YYYY-MM-DD)',
  asOfReadingParam: "asOfReading must be 'recorded' or 'dated'",
  // GET /api/bets paged (page given).
  pageParam: 'page must be a whole number of at least 1',
  pageSizeParam: 'pageSize must be a whole number from 1 to 100',
  sortParam: 'sort must be one of date, sport, event, betType, book, odds, stake, profit, clv or outcome',
  dirParam: 'dir must be asc or desc',
  sportParam: 'sport must be all, parlay or one of football, basketball, baseball, hockey, soccer, other',
  typeParam: 'type must be all, bet or parlay',
  outcomeParam: 'outcome must be all or one of win, loss, push, void, cashout, pending',
  periodParam: 'period must be one of 30, 90, 365 or all',
  searchParam: 'q can be at most 200 characters',
  deletedParam: 'deleted must be true or false',
  // Reports › Tax year.
  taxYearParam: 'year must be a year from 1900 to 2100, written YYYY',
  // Bet CSV import (the import report's `errors[].message`, and the import's 400/415).
  importNotText: 'Send the CSV file as the request body with Content-Type: text/csv',
  csvFileMissing: 'Choose a CSV file to import',
  csvEmpty: 'The file has no rows to import',
  /** A file whose first row holds values (or nothing): it cannot be read by its columns. */
  csvNoHeader:
    'The first row must name the columns (for example Date, Event, Odds, Stake, Outcome): this file starts with a bet. Add a header row and import it again.',
  /** A header row none of whose columns is read (the user chooses them in the preview). */
  csvNothingRead: 'No column is read yet: choose what each column holds (at least Event, Odds and Stake).',
  csvBadMapping: `mapping must be a JSON object from our column names (${CSV_COLUMNS.join(', ')}, selection) to the file's headers`,
  csvMappedHeaderMissing: (column: string, header: string) => `Column "${header}" (mapped to ${column}) is not in the file`,
  csvBadKind: "kind must be 'bet' or 'parlay'",
  csvBadLegs: 'legs must be a JSON list of legs ({ sport, event, selection, odds, date, outcome })',
  csvInvalid: (detail: string) => `The file is not valid CSV: ${detail}`,
  csvTooManyRows: (max: number) => `A file can hold at most ${max} rows`,
  /** An import warning: the row is imported, its sport stored as 'other'. */
  /** Quotes at most 40 characters of the cell: an answer carries a warning per row. */
  csvUnknownSport: (sport: string) => {
    const chars = Array.from(sport);
    return `Sport "${chars.length > 40 ? `${chars.slice(0, 40).join('')}…` : sport}" is not one we track: imported as Other`;
  },
  // Pikkit's transactions.csv (recognised by its header).
  pikkitBetIdMissing: 'bet_id is required (it recognises the bet when the file is imported again)',
  pikkitBadStatus: (status: string) =>
    `status must be one of SETTLED_WIN, SETTLED_LOSS, SETTLED_PUSH, SETTLED_VOID, SETTLED_CASHOUT, PENDING (not "${Array.from(status).slice(0, 40).join('')}")`,
  pikkitBadTime: 'time_placed must be a date like 03/11/2025 15:52:19 GMT (or time_placed_iso an ISO 8601 time)',
  /** An import warning: the row is imported at the file's odds and stake; its profit is ours. */
  importProfitDiffers: (file: string, ours: string) => `Profit in the file (${file}) differs from ours (${ours}): imported with ours`,
  /** 429 of sign-in and registration; `retryAfterSeconds` as in the answer's Retry-After. */
  tooManyAttempts: (retryAfterSeconds: number) => {
    const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
    return `Too many attempts. Please try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`;
  },
  /** 409 of an import while another of the same user's runs. */
  importRunning: 'An import of yours is still running. Wait for it to finish, then import again.',
  /** 429 of an import while as many as the server runs at once are running. */
  importsBusy: 'Too many imports are running right now. Please try again in a minute.',
  /** An import that failed part-way: nothing of it was saved. */
  importAbandoned: 'The import stopped before it finished, so none of its rows were saved. Please import the file again.',
  /** 429 of asOf replays and downloads when one user (or everyone) runs too many at once. */
  tooManyHeavyReads: 'Too many replays and downloads at once. Please try again in a few seconds.',
  // Public profiles (PUT /api/profile, GET /api/public/profiles/:handle).
  handleRequired: 'Choose a handle for your public profile',
  handleLength: 'A handle is 3 to 30 characters long',
  handleCharacters: 'A handle can use only the letters a-z, the digits 0-9, _ and - (no spaces, accents or look-alike letters)',
  handleReserved: (handle: string) => `The handle "${handle}" is reserved: choose another`,
  handleTaken: 'This handle is taken: choose another',
  profileEnabled: 'enabled must be true or false',
  profileSports: 'sports must be "all" or a list of at least one of football, basketball, baseball, hockey, soccer, other, parlay',
  profileUnits: 'units must be true or false',
  profileNotFound: 'Profile not found',
  profileRemoved: 'Public profile removed',
  /** 503 when more sign-ins wait for a password check than the server queues. */
  serverBusy: 'The server is busy. Please try again in a few seconds.',
} as const;
