import { useSyncExternalStore } from 'react';

/**
 * Whether the server can be reached, as the last answered request tells: a network failure or a
 * gateway's 502/503/504 says no, any other answer says yes. Feeds the "Can't reach the server"
 * banner and lets failed reads refetch the moment the server answers again.
 */
let unreachable = false;
const listeners = new Set<() => void>();
const backListeners = new Set<() => void>();

const set = (next: boolean) => {
  if (next === unreachable) return;
  unreachable = next;
  for (const listener of listeners) listener();
  if (!next) for (const listener of backListeners) listener();
};

const GATEWAY_DOWN = new Set([502, 503, 504]);

/** Called with every request's outcome: an HTTP status, or 'network' when no answer came back. */
export const noteServerAnswer = (status: number | 'network'): void => set(status === 'network' || GATEWAY_DOWN.has(status));

export const isServerUnreachable = (): boolean => unreachable;

/** Calls `listener` whenever the server goes out of reach or comes back; returns the unsubscribe. */
export const onServerReachabilityChange = (listener: () => void): (() => void) => {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
};

export const useServerUnreachable = (): boolean => useSyncExternalStore(onServerReachabilityChange, isServerUnreachable);

/** Calls `listener` whenever the server answers again after being unreachable; returns the unsubscribe. */
export const onServerBack = (listener: () => void): (() => void) => {
  backListeners.add(listener);
  return () => {
    backListeners.delete(listener);
  };
};

/*
 * Writes made while the server cannot be reached wait here (each keeps its Idempotency-Key, so
 * sending it again is recorded once) and go out when it answers again.
 */
let waitingWrites = 0;
const waitingListeners = new Set<() => void>();
const setWaiting = (next: number) => {
  waitingWrites = next;
  for (const listener of waitingListeners) listener();
};
const warnBeforeLeaving = (event: BeforeUnloadEvent) => event.preventDefault();

/** Holds one write until the server answers again; returns when it is time to send it once more. */
export const waitForServer = async (): Promise<void> => {
  setWaiting(waitingWrites + 1);
  if (waitingWrites === 1) window.addEventListener('beforeunload', warnBeforeLeaving);
  try {
    if (!unreachable) return;
    await new Promise<void>((resolve) => {
      const stop = onServerBack(() => {
        stop();
        resolve();
      });
    });
  } finally {
    setWaiting(waitingWrites - 1);
    if (waitingWrites === 0) window.removeEventListener('beforeunload', warnBeforeLeaving);
  }
};

const onWaitingChange = (listener: () => void) => {
  waitingListeners.add(listener);
  return () => {
    waitingListeners.delete(listener);
  };
};

/** How many writes wait for the server. */
export const useWaitingWrites = (): number => useSyncExternalStore(onWaitingChange, () => waitingWrites);

/** How often the server is asked whether it answers: while it does (an idle page learns of an outage), and while it does not. */
const PROBE_MS = { reachable: 15_000, unreachable: 3_000 };

/**
 * Asks the front door now and then (HEAD of the API's description: no session, nothing computed)
 * while the page is visible, so an idle screen shows an outage, and one that ended sends what waits.
 */
export const startReachabilityProbe = (): (() => void) => {
  let timer: number | undefined;
  let stopped = false;
  const probe = async () => {
    if (document.visibilityState === 'visible') {
      try {
        const response = await fetch('/api/openapi.json', { method: 'HEAD', cache: 'no-store' });
        noteServerAnswer(response.status);
      } catch {
        noteServerAnswer('network');
      }
    }
    if (!stopped) timer = window.setTimeout(() => void probe(), unreachable ? PROBE_MS.unreachable : PROBE_MS.reachable);
  };
  timer = window.setTimeout(() => void probe(), PROBE_MS.reachable);
  return () => {
    stopped = true;
    window.clearTimeout(timer);
  };
};
