import { MESSAGES } from '@bt/contracts';
import { NotFoundError } from '@bt/platform';
import { unreachable, type Command } from '../shared/command';
import type { JournalEntry, JournalEvent } from './journal-entry';

export type EraseEntry = Command<'EraseEntry', { entryId: string }>;

export const eraseEntry = (command: EraseEntry, state: JournalEntry): JournalEvent[] => {
  switch (state.status) {
    case 'none':
    case 'erased':
      throw new NotFoundError(MESSAGES.entryNotFound);
    case 'written':
      if (state.userId !== command.metadata.userId) throw new NotFoundError(MESSAGES.entryNotFound);
      return [{ type: 'JournalErased', data: { userId: state.userId, entryId: state.entryId } }];
    default:
      return unreachable(state);
  }
};
