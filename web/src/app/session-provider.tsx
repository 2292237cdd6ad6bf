import { skipToken } from '@reduxjs/toolkit/query';
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useDispatch } from 'react-redux';
import { useNavigate } from 'react-router-dom';
import { useGetMeQuery } from '../features/auth/api/auth-api';
import { api } from '../lib/api';
import {
  clearStoredSession,
  readStoredSession,
  SessionContext,
  storeSession,
  storeUser,
  type Session,
  type SessionStatus,
  type SessionUser,
  type StoredSession,
} from '../lib/session';
import type { AppDispatch } from './store';

/** Spec section 9: the stored token is re-read every second (and on storage events). */
const REREAD_INTERVAL_MS = 1000;

const sameSession = (a: StoredSession, b: StoredSession) =>
  a.token === b.token && JSON.stringify(a.user) === JSON.stringify(b.user);

/**
 * Holds the session of spec section 4: token and user in localStorage, a stored token checked with
 * GET /api/auth/me (status 'checking' meanwhile), a failed check clearing both without a word.
 * Whenever the token changes, cached server data is dropped so one user never sees another's.
 */
export function SessionProvider({ children }: { children: ReactNode }) {
  const dispatch = useDispatch<AppDispatch>();
  const navigate = useNavigate();
  const [stored, setStored] = useState<StoredSession>(readStoredSession);
  const storedRef = useRef(stored);
  /** A token that login/register just issued or /me confirmed. */
  const [trustedToken, setTrustedToken] = useState<string | null>(null);

  const apply = useCallback(
    (next: StoredSession) => {
      const previous = storedRef.current;
      if (sameSession(previous, next)) return;
      if (previous.token !== next.token) dispatch(api.util.resetApiState());
      storedRef.current = next;
      setStored(next);
    },
    [dispatch],
  );

  useEffect(() => {
    const sync = () => apply(readStoredSession());
    const timer = window.setInterval(sync, REREAD_INTERVAL_MS);
    window.addEventListener('storage', sync);
    return () => {
      window.clearInterval(timer);
      window.removeEventListener('storage', sync);
    };
  }, [apply]);

  const token = stored.token;
  const needsCheck = token !== null && token !== trustedToken;
  const me = useGetMeQuery(needsCheck ? token : skipToken);

  useEffect(() => {
    if (!needsCheck || me.originalArgs !== token) return;
    if (me.currentData) {
      storeUser(me.currentData);
      apply({ token, user: me.currentData });
      setTrustedToken(token);
    } else if (me.isError) {
      clearStoredSession();
      apply({ token: null, user: null });
    }
  }, [needsCheck, token, me.currentData, me.isError, me.originalArgs, apply]);

  const signIn = useCallback(
    (newToken: string, user: SessionUser) => {
      storeSession(newToken, user);
      setTrustedToken(newToken);
      apply({ token: newToken, user });
    },
    [apply],
  );

  const signOut = useCallback(() => {
    clearStoredSession();
    apply({ token: null, user: null });
    navigate('/landing');
  }, [apply, navigate]);

  const updateUser = useCallback(
    (user: SessionUser) => {
      storeUser(user);
      apply({ token: storedRef.current.token, user });
    },
    [apply],
  );

  const status: SessionStatus = token === null ? 'anonymous' : token === trustedToken ? 'authenticated' : 'checking';

  const value = useMemo<Session>(
    () => ({ status, user: stored.user, signIn, signOut, updateUser }),
    [status, stored.user, signIn, signOut, updateUser],
  );

  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}
