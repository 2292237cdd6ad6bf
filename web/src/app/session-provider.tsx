import { skipToken } from '@reduxjs/toolkit/query';
import { startTransition, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useDispatch } from 'react-redux';
import { useNavigate } from 'react-router-dom';
import { useGetMeQuery } from '../features/auth/api/auth-api';
import { api } from '../lib/api';
import { isHttpError } from '../lib/api-error';
import {
  clearStoredSession,
  onSessionEnded,
  readStoredSession,
  SessionContext,
  storeSession,
  storeToken,
  storeUser,
  type Session,
  type SessionStatus,
  type SessionUser,
  type StoredSession,
} from '../lib/session';
import { clearAllDrafts } from '../lib/drafts';
import { forgetReturnPath, noteSessionEnded, noteSignedIn, rememberReturnPath } from '../lib/return-to';
import type { AppDispatch } from './store';

/** Spec section 9: the stored token is re-read every second (and on storage events). */
const REREAD_INTERVAL_MS = 1000;

const sameSession = (a: StoredSession, b: StoredSession) => a.token === b.token && JSON.stringify(a.user) === JSON.stringify(b.user);

/**
 * Holds the session of spec section 4: token and user in localStorage, a stored token checked with
 * GET /api/auth/me (status 'checking' meanwhile). A token the server refuses (401, on the check or
 * any later request) clears both without a word and goes to /login; a network error or a 5xx
 * ends nothing. Whenever the user's token changes hands, cached server data is dropped so one user
 * never sees another's (a renewed token of the same session keeps it).
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
      const user = me.currentData;
      // A transition: the signed-in screen's first render, the page's largest, is done in slices
      // that leave the main thread free between them, rather than in one long task.
      startTransition(() => {
        apply({ token, user });
        setTrustedToken(token);
      });
    } else if (me.isError) {
      if (isHttpError(me.error) && me.error.status === 401) {
        clearStoredSession();
        apply({ token: null, user: null });
      } else {
        // Unreachable or failing server: the session stands, as stored; its next answer decides.
        setTrustedToken(token);
      }
    }
  }, [needsCheck, token, me.currentData, me.isError, me.error, me.originalArgs, apply]);

  // The page they were on and why they left it are kept for the sign-in that follows (their drafts too).
  const endSession = useCallback(() => {
    rememberReturnPath(window.location.pathname + window.location.search);
    noteSessionEnded();
    clearStoredSession();
    apply({ token: null, user: null });
    navigate('/login');
  }, [apply, navigate]);

  useEffect(() => onSessionEnded(endSession), [endSession]);

  const signIn = useCallback(
    (newToken: string, user: SessionUser) => {
      storeSession(newToken, user);
      setTrustedToken(newToken);
      apply({ token: newToken, user });
    },
    [apply],
  );

  // To /landing in the same render as the session ends: the page left behind is not kept as one to return to.
  const signOut = useCallback(
    (to: '/landing' | '/login' = '/landing') => {
      clearAllDrafts();
      forgetReturnPath();
      navigate(to);
      clearStoredSession();
      apply({ token: null, user: null });
    },
    [apply, navigate],
  );

  const updateUser = useCallback(
    (user: SessionUser) => {
      storeUser(user);
      apply({ token: storedRef.current.token, user });
    },
    [apply],
  );

  const renewToken = useCallback((newToken: string) => {
    storeToken(newToken);
    setTrustedToken(newToken);
    const next = { token: newToken, user: storedRef.current.user };
    storedRef.current = next;
    setStored(next);
  }, []);

  const status: SessionStatus = token === null ? 'anonymous' : token === trustedToken ? 'authenticated' : 'checking';
  if (status === 'authenticated') noteSignedIn();

  const value = useMemo<Session>(
    () => ({ status, user: stored.user, signIn, signOut, updateUser, renewToken, endSession }),
    [status, stored.user, signIn, signOut, updateUser, renewToken, endSession],
  );

  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}
