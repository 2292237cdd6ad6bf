import { useSyncExternalStore } from 'react';

export type ToastVariant = 'default' | 'destructive';

export interface ToastInput {
  title?: string;
  description?: string;
  variant?: ToastVariant;
  action?: { label: string; onClick: () => void };
}

export interface ToastItem extends ToastInput {
  id: number;
}

/** Spec section 9: one toast at a time; a new one replaces the last. */
let current: ToastItem | null = null;
let nextId = 1;
const listeners = new Set<() => void>();

const publish = (item: ToastItem | null) => {
  current = item;
  for (const listener of listeners) listener();
};

/** Shows a toast; returns its id. */
export const toast = (input: ToastInput): number => {
  const id = nextId++;
  publish({ variant: 'default', ...input, id });
  return id;
};

/** Dismisses the given toast (or whichever is showing). */
export const dismissToast = (id?: number): void => {
  if (current && (id === undefined || current.id === id)) publish(null);
};

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export const useCurrentToast = (): ToastItem | null =>
  useSyncExternalStore(
    subscribe,
    () => current,
    () => null,
  );

/*
 * Where toasts render. An open modal <dialog> sits in the top layer and makes the rest of the page
 * inert, so a toast rendered outside it (a validation error from the dialog's own form) would be
 * hidden behind the backdrop and unreachable. Open modals register here; the toaster renders inside
 * the newest one.
 */
let hosts: readonly HTMLElement[] = [];
const hostListeners = new Set<() => void>();

/** Makes `element` (an open modal) the place toasts render until the returned function is called. */
export const registerToastHost = (element: HTMLElement): (() => void) => {
  hosts = [...hosts, element];
  for (const listener of hostListeners) listener();
  return () => {
    hosts = hosts.filter((host) => host !== element);
    for (const listener of hostListeners) listener();
  };
};

const subscribeHosts = (listener: () => void) => {
  hostListeners.add(listener);
  return () => hostListeners.delete(listener);
};

/** The newest open modal, or null for the page itself. */
export const useToastHost = (): HTMLElement | null =>
  useSyncExternalStore(
    subscribeHosts,
    () => hosts.at(-1) ?? null,
    () => null,
  );
