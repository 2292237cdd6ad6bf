import { MESSAGES } from '@bt/contracts';
import { ConflictError, NotFoundError } from '@bt/platform';
import { unreachable, type Command } from '../shared/command';
import type { JournalEntry, JournalEvent } from './journal-entry';

export type RestoreEntry = Command<'RestoreEntry', { entryId: string }>;

/** JournalRestored: an erased entry comes back as it was written; one that is not erased is a 409. */
export const restoreEntry = (command: RestoreEntry, state: JournalEntry): JournalEvent[] => {
  switch (state.status) {
    case 'none':
      throw new NotFoundError(MESSAGES.entryNotFound);
    case 'written':
      if (state.userId !== command.metadata.userId) throw new NotFoundError(MESSAGES.entryNotFound);
      throw new ConflictError(MESSAGES.entryNotDeleted);
    case 'erased':
      if (state.userId !== command.metadata.userId) throw new NotFoundError(MESSAGES.entryNotFound);
      return [{ type: 'JournalRestored', data: { userId: state.userId, entryId: state.entryId } }];
    default:
      return unreachable(state);
  }
};
