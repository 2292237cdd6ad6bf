import { useEffect } from 'react';
import { useSession } from './session';

/*
 * Drafts of open forms, kept in localStorage per signed-in user as they are typed, so a session
 * that ends while a bettor writes (a password changed elsewhere, "Log out of all devices") loses
 * nothing: after signing in again as the same user, the form opens with the text. Saving or
 * cancelling the form drops its draft; signing out on purpose drops them all (a shared computer
 * keeps no one's notes).
 */

const PREFIX = 'bt.draft:';
const keyOf = (userKey: string, form: string) => `${PREFIX}${userKey}:${form}`;

/** The signed-in user's draft of `form`, if one was kept. */
export const readDraft = <T>(userKey: string | undefined, form: string): T | undefined => {
  if (!userKey) return undefined;
  try {
    const text = localStorage.getItem(keyOf(userKey, form));
    return text ? (JSON.parse(text) as T) : undefined;
  } catch {
    return undefined;
  }
};

export const clearDraft = (userKey: string | undefined, form: string): void => {
  if (!userKey) return;
  try {
    localStorage.removeItem(keyOf(userKey, form));
  } catch {
    // Nothing kept that we could remove.
  }
};

/** Every kept draft of every user (an intentional sign-out). */
export const clearAllDrafts = (): void => {
  try {
    for (const key of Object.keys(localStorage)) if (key.startsWith(PREFIX)) localStorage.removeItem(key);
  } catch {
    // Storage unavailable: nothing was kept.
  }
};

/** The key drafts (and remembered defaults) are kept under for the signed-in user. */
export const useUserKey = (): string | undefined => {
  const { user } = useSession();
  return user?.id ?? user?.email;
};

/** Keeps `values` as the draft of `form` while `dirty` (typed into since it was last saved or cleared). */
export const useDraft = <T>(form: string, values: T, dirty: boolean): void => {
  const userKey = useUserKey();
  useEffect(() => {
    if (!userKey || !dirty) return;
    try {
      localStorage.setItem(keyOf(userKey, form), JSON.stringify(values));
    } catch {
      // Storage full or unavailable: the form works without its draft.
    }
  }, [userKey, form, values, dirty]);
};
