import { expect } from 'chai';
import { fold, type Recorded } from '../shared/command';
import { EARLIER, NOW, USER } from '../testing/decider-spec';
import { journalEntry, type JournalEvent } from './journal-entry';

const ENTRY = '0190a000-0000-7000-8000-0000000000e1';
const at = (event: JournalEvent, occurredAt = EARLIER): Recorded<JournalEvent> => ({ ...event, occurredAt });
const written = at({
  type: 'JournalWritten',
  data: {
    userId: USER,
    entryId: ENTRY,
    title: 'Week 1',
    content: 'Too many parlays',
    type: 'weekly',
    mood: 'negative',
    tags: ['nba'],
    date: '2025-03-01',
  },
});

describe('the journal entry aggregate (evolve)', () => {
  it('starts with no entry', () => expect(fold(journalEntry, [])).to.deep.equal({ status: 'none' }));

  it('given a written entry, then the entry, created and updated when it was written', () =>
    expect(fold(journalEntry, [written])).to.deep.equal({
      status: 'written',
      entryId: ENTRY,
      userId: USER,
      title: 'Week 1',
      content: 'Too many parlays',
      type: 'weekly',
      mood: 'negative',
      tags: ['nba'],
      date: '2025-03-01',
      createdAt: EARLIER,
      updatedAt: EARLIER,
    }));

  it('given a revision, then the changed fields and the time of the revision, the rest as written', () =>
    expect(
      fold(journalEntry, [
        written,
        at({ type: 'JournalRevised', data: { userId: USER, entryId: ENTRY, changes: { mood: 'positive' } } }, NOW),
      ]),
    ).to.deep.include({ mood: 'positive', title: 'Week 1', createdAt: EARLIER, updatedAt: NOW }));

  it('ignores a revision of an entry that was never written or was erased', () => {
    const revised = at({ type: 'JournalRevised', data: { userId: USER, entryId: ENTRY, changes: { mood: 'positive' } } }, NOW);
    const erased = at({ type: 'JournalErased', data: { userId: USER, entryId: ENTRY } });
    expect(fold(journalEntry, [revised])).to.deep.equal({ status: 'none' });
    expect(fold(journalEntry, [written, erased, revised])).to.deep.equal({ ...fold(journalEntry, [written]), status: 'erased' });
    const restored = at({ type: 'JournalRestored', data: { userId: USER, entryId: ENTRY } }, NOW);
    expect(fold(journalEntry, [written, erased, restored])).to.deep.equal({ ...fold(journalEntry, [written]), updatedAt: NOW });
  });
});
