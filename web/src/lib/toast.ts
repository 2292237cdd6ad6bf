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

export const useCurrentToast = (): ToastItem | null => useSyncExternalStore(subscribe, () => current, () => null);
