import { createContext, useContext } from 'react';

/** localStorage keys of spec section 3. */
export const TOKEN_KEY = 'token';
export const USER_KEY = 'user';

/** The signed-in user as the client keeps it (GET /api/auth/me). */
export interface SessionUser {
  id?: string;
  email: string;
  username?: string | null;
  createdAt?: string;
}

export interface StoredSession {
  token: string | null;
  user: SessionUser | null;
}

const parseUser = (text: string | null): SessionUser | null => {
  if (!text) return null;
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && typeof (value as SessionUser).email === 'string' ? (value as SessionUser) : null;
  } catch {
    return null;
  }
};

/** Storage can throw (privacy modes); a session that cannot be read is no session. */
export const readStoredSession = (): StoredSession => {
  try {
    return { token: localStorage.getItem(TOKEN_KEY), user: parseUser(localStorage.getItem(USER_KEY)) };
  } catch {
    return { token: null, user: null };
  }
};

/** The bearer token of the current session, read fresh at each request. */
export const readToken = (): string | null => {
  try {
    return localStorage.getItem(TOKEN_KEY);
  } catch {
    return null;
  }
};

export const storeSession = (token: string, user: SessionUser): void => {
  localStorage.setItem(TOKEN_KEY, token);
  localStorage.setItem(USER_KEY, JSON.stringify(user));
};

/** Replaces the token of the current session (the fresh one a change of password or e-mail answers). */
export const storeToken = (token: string): void => {
  localStorage.setItem(TOKEN_KEY, token);
};

export const storeUser = (user: SessionUser): void => {
  localStorage.setItem(USER_KEY, JSON.stringify(user));
};

export const clearStoredSession = (): void => {
  try {
    localStorage.removeItem(TOKEN_KEY);
    localStorage.removeItem(USER_KEY);
  } catch {
    // Nothing stored that we could remove.
  }
};

/*
 * The server refusing the stored token (401) ends the session: every request reports it here and
 * the SessionProvider sends the visitor to /login. Only a 401 does, never a network error or a 5xx.
 * A refusal of a token that is no longer the stored one (a request sent before the token was
 * renewed) is not the session's end; nor is one that arrives while a renewal is on its way (the
 * server revokes the old token just before it answers the new one): it is judged once that is in.
 */
const endedListeners = new Set<() => void>();
let renewals = 0;
const refusedWhileRenewing = new Set<string>();

const endIfCurrent = (token: string) => {
  if (readToken() !== token) return;
  clearStoredSession();
  for (const listener of endedListeners) listener();
};

/** The server answered 401 to a request that carried `token`. */
export const tokenRefused = (token: string): void => {
  if (renewals > 0) refusedWhileRenewing.add(token);
  else endIfCurrent(token);
};

/** Calls `listener` whenever the server ends the session; returns the unsubscribe. */
export const onSessionEnded = (listener: () => void): (() => void) => {
  endedListeners.add(listener);
  return () => {
    endedListeners.delete(listener);
  };
};

/** Runs a request that answers a fresh token (and stores it) before 401s of the old one are judged. */
export const whileRenewingToken = async <T>(run: () => Promise<T>): Promise<T> => {
  renewals += 1;
  try {
    return await run();
  } finally {
    renewals -= 1;
    if (renewals === 0) {
      const refused = [...refusedWhileRenewing];
      refusedWhileRenewing.clear();
      for (const token of refused) endIfCurrent(token);
    }
  }
};

/** 'checking' while GET /api/auth/me confirms a stored token. */
export type SessionStatus = 'checking' | 'authenticated' | 'anonymous';

export interface Session {
  status: SessionStatus;
  user: SessionUser | null;
  /** Stores what login/register answered; the token is trusted without another check. */
  signIn: (token: string, user: SessionUser) => void;
  /** Removes token, user, drafts and any kept return path, and goes to `to` (/landing by default). */
  signOut: (to?: '/landing' | '/login') => void;
  /** Replaces the stored user (after an e-mail change). */
  updateUser: (user: SessionUser) => void;
  /** Keeps the session under a fresh token (after a change of password or e-mail); cached data stays. */
  renewToken: (token: string) => void;
  /** Ends the session (after "Log out of all devices") and goes to /login. */
  endSession: () => void;
}

export const SessionContext = createContext<Session | null>(null);

export const useSession = (): Session => {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession needs a SessionProvider above it');
  return session;
};

/** The user menu's label: the username, else the e-mail before the @, else 'User'. */
export const displayName = (user: SessionUser | null): string => user?.username?.trim() || user?.email?.split('@')[0] || 'User';
