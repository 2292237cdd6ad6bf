import { MESSAGES, type EventOf } from '@bt/contracts';
import { deciderSpec, meta, OTHER_USER, USER } from '../testing/decider-spec';
import { eraseEntry } from './erase-entry';
import { journalEntry } from './journal-entry';
import { reviseEntry, type ReviseEntry } from './revise-entry';
import { restoreEntry } from './restore-entry';
import { writeEntry, type WriteEntry } from './write-entry';

const ENTRY = '0190a000-0000-7000-8000-0000000000e1';
const write = (data: Partial<WriteEntry['data']> = {}): WriteEntry => ({
  type: 'WriteEntry',
  data: { entryId: ENTRY, title: 'Tilted', content: 'Chased losses again.', type: 'daily', mood: 'neutral', tags: ['nba'], ...data },
  metadata: meta(),
});
const written: EventOf<'JournalWritten'> = {
  type: 'JournalWritten',
  data: {
    userId: USER,
    entryId: ENTRY,
    title: 'Tilted',
    content: 'Chased losses again.',
    type: 'daily',
    mood: 'neutral',
    tags: ['nba'],
    date: '2025-03-15',
  },
};
const revise = (data: Partial<ReviseEntry['data']> = {}, userId = USER): ReviseEntry => ({
  type: 'ReviseEntry',
  data: { entryId: ENTRY, title: 'Tilted', content: 'Chased losses again.', ...data },
  metadata: meta({ userId }),
});

describe('journal', () => {
  describe('writing an entry', () => {
    const spec = deciderSpec(journalEntry, writeEntry);
    it('dates the entry today when no date is given', () => spec.given([]).when(write()).then([written]));
    it('keeps a given date', () =>
      spec
        .given([])
        .when(write({ date: '2025-01-02' }))
        .then([{ ...written, data: { ...written.data, date: '2025-01-02' } }]));
  });

  describe('revising an entry', () => {
    const spec = deciderSpec(journalEntry, reviseEntry);
    it('records only what changed', () =>
      spec
        .given([written])
        .when(revise({ mood: 'negative', tags: ['nba', 'tilt'] }))
        .then([{ type: 'JournalRevised', data: { userId: USER, entryId: ENTRY, changes: { mood: 'negative', tags: ['nba', 'tilt'] } } }]));
    it('keeps type, mood, tags and date left out', () => spec.given([written]).when(revise()).thenNothing());
    it("answers another user's entry as not found", () =>
      spec.given([written]).when(revise({}, OTHER_USER)).thenThrows(404, MESSAGES.entryNotFound));
    it('answers an erased entry as not found', () =>
      spec
        .given([written, { type: 'JournalErased', data: { userId: USER, entryId: ENTRY } }])
        .when(revise())
        .thenThrows(404, MESSAGES.entryNotFound));
  });

  describe('restoring an entry', () => {
    const spec = deciderSpec(journalEntry, restoreEntry);
    const restore = (userId = USER) => ({ type: 'RestoreEntry' as const, data: { entryId: ENTRY }, metadata: meta({ userId }) });
    const erased: EventOf<'JournalErased'> = { type: 'JournalErased', data: { userId: USER, entryId: ENTRY } };

    it('given an erased entry, restores it', () =>
      spec
        .given([written, erased])
        .when(restore())
        .then([{ type: 'JournalRestored', data: { userId: USER, entryId: ENTRY } }]));
    it('given an entry that is not erased, refuses with a conflict', () =>
      spec.given([written]).when(restore()).thenThrows(409, MESSAGES.entryNotDeleted));
    it('answers an entry that never was as not found', () => spec.given([]).when(restore()).thenThrows(404, MESSAGES.entryNotFound));
    it("answers another user's entry as not found", () =>
      spec.given([written, erased]).when(restore(OTHER_USER)).thenThrows(404, MESSAGES.entryNotFound));
  });

  describe('erasing an entry', () => {
    const spec = deciderSpec(journalEntry, eraseEntry);
    const erase = (userId = USER) => ({ type: 'EraseEntry' as const, data: { entryId: ENTRY }, metadata: meta({ userId }) });
    it('erases the entry', () =>
      spec
        .given([written])
        .when(erase())
        .then([{ type: 'JournalErased', data: { userId: USER, entryId: ENTRY } }]));
    it('answers a missing entry as not found', () => spec.given([]).when(erase()).thenThrows(404, MESSAGES.entryNotFound));
    it("answers another user's entry as not found", () =>
      spec.given([written]).when(erase(OTHER_USER)).thenThrows(404, MESSAGES.entryNotFound));
  });
});
