/*
 * Where a visitor was going when they had to sign in, and why they were signed out: kept in
 * sessionStorage (this tab only) and taken once, by the sign-in that follows.
 */

const RETURN_KEY = 'bt.returnTo';
const REASON_KEY = 'bt.signedOutBecause';

/** Only a path of this origin: never `//host` or a URL a link could smuggle in. */
const isOwnPath = (path: string) => path.startsWith('/') && !path.startsWith('//') && !path.includes('\\');

/** The pages a signed-out visitor sees anyway: never one to come back to after signing in. */
const PUBLIC_PAGES = ['/landing', '/login', '/signup', '/forgot-password', '/reset-password', '/privacy', '/terms', '/contact', '/pricing'];
const isPublic = (path: string) => PUBLIC_PAGES.some((page) => path === page || path.startsWith(`${page}?`)) || path.startsWith('/u/');

/** Set once this page has been signed in: a signed-in screen left by signing out is not one the visitor asked for. */
let signedInHere = false;
export const noteSignedIn = (): void => {
  signedInHere = true;
};

/** The signed-in screen a signed-out visitor arrived at (a link), kept for after their sign-in. */
export const rememberArrivalPath = (path: string): void => {
  if (!signedInHere) rememberReturnPath(path);
};

export const rememberReturnPath = (path: string): void => {
  if (!isOwnPath(path) || path === '/' || isPublic(path)) return;
  try {
    sessionStorage.setItem(RETURN_KEY, path);
  } catch {
    // Storage unavailable: the sign-in goes to the dashboard.
  }
};

/** The path to go to after signing in ('/' when none was kept); forgets it. */
export const takeReturnPath = (): string => {
  try {
    const path = sessionStorage.getItem(RETURN_KEY);
    sessionStorage.removeItem(RETURN_KEY);
    return path && isOwnPath(path) ? path : '/';
  } catch {
    return '/';
  }
};

export const forgetReturnPath = (): void => {
  try {
    sessionStorage.removeItem(RETURN_KEY);
    sessionStorage.removeItem(REASON_KEY);
  } catch {
    // Nothing kept.
  }
};

/** The session ended without the visitor asking (revoked elsewhere, expired). */
export const noteSessionEnded = (): void => {
  try {
    sessionStorage.setItem(REASON_KEY, 'ended');
  } catch {
    // The sign-in page then says nothing of why.
  }
};

/** Whether the last sign-out was the session ending elsewhere; kept until the next sign-in. */
export const sessionEndedElsewhere = (): boolean => {
  try {
    return sessionStorage.getItem(REASON_KEY) === 'ended';
  } catch {
    return false;
  }
};

export const SESSION_ENDED_MESSAGE =
  'You were signed out because your session ended: your password was changed or you logged out of all devices. Sign in again to pick up where you left off; what you were typing is kept.';
