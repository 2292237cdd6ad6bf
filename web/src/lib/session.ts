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
    return typeof value === 'object' && value !== null && typeof (value as SessionUser).email === 'string'
      ? (value as SessionUser)
      : null;
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

/** 'checking' while GET /api/auth/me confirms a stored token. */
export type SessionStatus = 'checking' | 'authenticated' | 'anonymous';

export interface Session {
  status: SessionStatus;
  user: SessionUser | null;
  /** Stores what login/register answered; the token is trusted without another check. */
  signIn: (token: string, user: SessionUser) => void;
  /** Removes token and user and goes to /landing. */
  signOut: () => void;
  /** Replaces the stored user (after an e-mail change). */
  updateUser: (user: SessionUser) => void;
}

export const SessionContext = createContext<Session | null>(null);

export const useSession = (): Session => {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession needs a SessionProvider above it');
  return session;
};

/** The user menu's label: the username, else the e-mail before the @, else 'User'. */
export const displayName = (user: SessionUser | null): string =>
  user?.username?.trim() || user?.email?.split('@')[0] || 'User';
