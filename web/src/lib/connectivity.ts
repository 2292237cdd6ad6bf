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
