import type { EventOf, JournalEntry as JournalEntryResponse, JournalType, Mood } from '@bt/contracts';
import { ignoreUnknown, type Aggregate, type Recorded } from '../shared/command';

export type JournalEvent = EventOf<'JournalWritten' | 'JournalRevised' | 'JournalErased' | 'JournalRestored'>;

export interface WrittenEntry {
  status: 'written';
  entryId: string;
  userId: string;
  title: string;
  content: string;
  type: JournalType;
  mood: Mood;
  tags: string[];
  date: string;
  createdAt: string;
  updatedAt: string;
}
/** An erased entry keeps what was written, so JournalRestored brings it back as it stood. */
export type ErasedEntry = Omit<WrittenEntry, 'status'> & { status: 'erased' };
export type JournalEntry = { status: 'none' } | WrittenEntry | ErasedEntry;

export const evolve = (state: JournalEntry, event: Recorded<JournalEvent>): JournalEntry => {
  switch (event.type) {
    case 'JournalWritten': {
      const { entryId, userId, title, content, type, mood, tags, date } = event.data;
      const at = event.occurredAt;
      return { status: 'written', entryId, userId, title, content, type, mood, tags, date, createdAt: at, updatedAt: at };
    }
    case 'JournalRevised':
      return state.status === 'written' ? { ...state, ...event.data.changes, updatedAt: event.occurredAt } : state;
    case 'JournalErased':
      return state.status === 'written' ? { ...state, status: 'erased' } : state;
    case 'JournalRestored':
      return state.status === 'erased' ? { ...state, status: 'written', updatedAt: event.occurredAt } : state;
    default:
      return ignoreUnknown(state, event);
  }
};

/** `journal-{id}`: one journal entry. */
export const journalEntry: Aggregate<JournalEntry, JournalEvent> = { initialState: () => ({ status: 'none' }), evolve };

export const toJournalResponse = (state: WrittenEntry, version: number): JournalEntryResponse => ({
  id: state.entryId,
  userId: state.userId,
  title: state.title,
  content: state.content,
  type: state.type,
  mood: state.mood,
  tags: state.tags,
  date: state.date,
  createdAt: state.createdAt,
  updatedAt: state.updatedAt,
  version,
});
