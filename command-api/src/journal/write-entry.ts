import { dayOf, MESSAGES, type JournalBody } from '@bt/contracts';
import { ConflictError } from '@bt/platform';
import { unreachable, type Command } from '../shared/command';
import type { JournalEntry, JournalEvent } from './journal-entry';

/** A new entry; its date defaults to today. Tags arrive split (splitTags, in the body schema). */
export type WriteEntry = Command<'WriteEntry', JournalBody & { entryId: string }>;

export const writeEntry = (command: WriteEntry, state: JournalEntry): JournalEvent[] => {
  switch (state.status) {
    case 'none': {
      const { entryId, title, content, type, mood, tags } = command.data;
      const date = command.data.date ?? dayOf(command.metadata.now);
      return [{ type: 'JournalWritten', data: { userId: command.metadata.userId, entryId, title, content, type, mood, tags, date } }];
    }
    case 'written':
    case 'erased':
      throw new ConflictError(MESSAGES.entryExists);
    default:
      return unreachable(state);
  }
};
