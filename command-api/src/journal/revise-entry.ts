import { MESSAGES, type EventData, type JournalAmendBody } from '@bt/contracts';
import { NotFoundError } from '@bt/platform';
import { unreachable, type Command } from '../shared/command';
import type { JournalEntry, JournalEvent } from './journal-entry';

/** Edit of an entry (PUT): title and content as sent; type, mood, tags and date stay when left out. */
export type ReviseEntry = Command<'ReviseEntry', JournalAmendBody & { entryId: string }>;

type Changes = EventData<'JournalRevised'>['changes'];

export const reviseEntry = (command: ReviseEntry, state: JournalEntry): JournalEvent[] => {
  switch (state.status) {
    case 'none':
    case 'erased':
      throw new NotFoundError(MESSAGES.entryNotFound);
    case 'written': {
      if (state.userId !== command.metadata.userId) throw new NotFoundError(MESSAGES.entryNotFound);
      const changes: Changes = {};
      const { title, content, type, mood, tags, date } = command.data;
      if (title !== state.title) changes.title = title;
      if (content !== state.content) changes.content = content;
      if (type !== undefined && type !== state.type) changes.type = type;
      if (mood !== undefined && mood !== state.mood) changes.mood = mood;
      if (tags !== undefined && JSON.stringify(tags) !== JSON.stringify(state.tags)) changes.tags = tags;
      if (date !== undefined && date !== state.date) changes.date = date;
      return Object.keys(changes).length === 0
        ? []
        : [{ type: 'JournalRevised', data: { userId: state.userId, entryId: state.entryId, changes } }];
    }
    default:
      return unreachable(state);
  }
};
