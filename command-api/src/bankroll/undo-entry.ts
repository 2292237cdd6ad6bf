import { MESSAGES } from '@bt/contracts';
import { ValidationError } from '@bt/platform';
import type { Command } from '../shared/command';
import type { Bankroll, BankrollEvent, Entry } from './bankroll';

export type UndoBankrollEntry = Command<'UndoBankrollEntry', Record<string, never>>;

/** The newest entry that still counts; an undo after an undo reaches the one before. */
export const lastCounting = (state: Bankroll): Entry | undefined => state.entries.findLast((e) => !e.undone);

/** Undoes the newest entry that counts, as an event of its own (the entry stays in the log). */
export const undoBankrollEntry = (command: UndoBankrollEntry, state: Bankroll): BankrollEvent[] => {
  const entry = lastCounting(state);
  if (!entry) throw new ValidationError(MESSAGES.nothingToUndo);
  return [{ type: 'BankrollEntryUndone', data: { userId: command.metadata.userId, entryRevision: entry.revision } }];
};
