/** Every user-facing message, in the spec's words (sections 5 and 8). Server and client share them. */
export const MESSAGES = {
  invalidEmail: 'Please enter a valid email address',
  passwordRequired: 'Password is required',
  passwordTooShort: 'Password must be at least 6 characters',
  usernameTooShort: 'Username must be at least 2 characters',
  stakePositive: 'Stake must be a positive number',
  oddsFormat: 'Odds must be in American format (e.g., +150, -110)',
  parlayMinLegs: 'A parlay must have at least 2 legs',
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
  tooLong: 'Text is too long',
  amountTooLarge: 'Amount is too large',
  emailTaken: 'An account with this email already exists',
  badCredentials: 'Invalid email or password',
  currentPasswordWrong: 'Current password is incorrect',
  unauthorized: 'Authentication required',
  notFound: 'Not found',
  betNotFound: 'Bet not found',
  parlayNotFound: 'Parlay not found',
  goalNotFound: 'Goal not found',
  entryNotFound: 'Journal entry not found',
  staleRevision: 'This record was changed elsewhere. Reload it and try again.',
  badJson: 'Request body must be valid JSON',
  bodyTooLarge: 'Request body is too large',
  insufficientFunds: 'Withdrawal is larger than the bankroll',
  emailUpdated: 'Email updated successfully',
  passwordUpdated: 'Password updated successfully',
  betDeleted: 'Bet deleted successfully',
  parlayDeleted: 'Parlay deleted successfully',
  goalDeleted: 'Goal deleted successfully',
  entryDeleted: 'Journal entry deleted',
  /** 429 of sign-in and registration; `retryAfterSeconds` as in the answer's Retry-After. */
  tooManyAttempts: (retryAfterSeconds: number) => {
    const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
    return `Too many attempts. Please try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`;
  },
  /** 429 of asOf replays and downloads when one user (or everyone) runs too many at once. */
  tooManyHeavyReads: 'Too many replays and downloads at once. Please try again in a few seconds.',
  /** 503 when more sign-ins wait for a password check than the server queues. */
  serverBusy: 'The server is busy. Please try again in a few seconds.',
} as const;
