import { serverMessageOr } from './api-error';
import { toast, type ToastInput } from './toast';

export interface Undo {
  /** The restore call (a mutation's unwrapped promise). */
  restore: () => Promise<unknown>;
  /** The toast once it is back (contracts' MESSAGES.betRestored, ...). */
  restored: string;
  /** The failure toast's text when the server gives none. */
  failed: string;
}

/** Restores something and says so: the restored toast, or a destructive one with the server's message. */
export const runUndo = async ({ restore, restored, failed }: Undo): Promise<void> => {
  try {
    await restore();
    toast({ title: restored });
  } catch (cause) {
    toast({ variant: 'destructive', title: 'Error', description: serverMessageOr(cause, failed) });
  }
};

/** A deletion's success toast (the spec's text) with "Undo", which restores what was deleted. */
export const toastWithUndo = (shown: ToastInput, undo: Undo): number =>
  toast({ ...shown, action: { label: 'Undo', onClick: () => void runUndo(undo) } });
