import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { setupListeners } from '@reduxjs/toolkit/query';
import { isServerUnreachable, onServerBack, onServerReachabilityChange } from './connectivity';

/** While the server cannot be reached, the screen's reads are tried again this often. */
const RETRY_WHILE_UNREACHABLE_MS = 10_000;

/**
 * What makes the screen's reads refetch (RTK Query's refetchOnFocus / refetchOnReconnect): the
 * window regaining focus or becoming visible, the browser coming back online, and the server
 * answering again after it could not be reached (so every screen recovers, not just the one where
 * "Try again" was pressed). While it cannot be reached they are tried again every few seconds.
 */
export const setupRefetchTriggers = (dispatch: ThunkDispatch<unknown, unknown, UnknownAction>): (() => void) =>
  setupListeners(dispatch, (send, { onFocus, onFocusLost, onOnline, onOffline }) => {
    const focus = () => send(onFocus());
    const visibility = () => send(document.visibilityState === 'visible' ? onFocus() : onFocusLost());
    const online = () => send(onOnline());
    const offline = () => send(onOffline());
    window.addEventListener('focus', focus);
    document.addEventListener('visibilitychange', visibility);
    window.addEventListener('online', online);
    window.addEventListener('offline', offline);
    const stopBack = onServerBack(online);

    let timer: number | undefined;
    const watch = () => {
      window.clearInterval(timer);
      timer = isServerUnreachable() ? window.setInterval(online, RETRY_WHILE_UNREACHABLE_MS) : undefined;
    };
    const stopWatch = onServerReachabilityChange(watch);

    return () => {
      window.removeEventListener('focus', focus);
      document.removeEventListener('visibilitychange', visibility);
      window.removeEventListener('online', online);
      window.removeEventListener('offline', offline);
      stopBack();
      stopWatch();
      window.clearInterval(timer);
    };
  });
