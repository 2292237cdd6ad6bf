import type { EventOf } from '@bt/contracts';
import { deciderSpec, meta, USER } from '../testing/decider-spec';
import { journalEntry } from './journal-entry';
import { reviseEntry, type ReviseEntry } from './revise-entry';

const ENTRY = '0190a000-0000-7000-8000-0000000000e2';
const written: EventOf<'JournalWritten'> = {
  type: 'JournalWritten',
  data: {
    userId: USER,
    entryId: ENTRY,
    title: 'Week',
    content: 'Calm',
    type: 'weekly',
    mood: 'neutral',
    tags: ['nfl'],
    date: '2025-03-01',
  },
};
const revise = (data: Partial<ReviseEntry['data']>): ReviseEntry => ({
  type: 'ReviseEntry',
  data: { entryId: ENTRY, title: 'Week', content: 'Calm', ...data },
  metadata: meta(),
});
const revised = (changes: EventOf<'JournalRevised'>['data']['changes']) => [
  { type: 'JournalRevised' as const, data: { userId: USER, entryId: ENTRY, changes } },
];

describe('revising a journal entry: each field on its own', () => {
  const spec = deciderSpec(journalEntry, reviseEntry);

  it('records a new title or content', () => {
    spec
      .given([written])
      .when(revise({ title: 'Month' }))
      .then(revised({ title: 'Month' }));
    spec
      .given([written])
      .when(revise({ content: 'Tilted' }))
      .then(revised({ content: 'Tilted' }));
  });

  it('records a new type, mood, tags or date, and nothing when they are sent unchanged', () => {
    spec
      .given([written])
      .when(revise({ type: 'monthly' }))
      .then(revised({ type: 'monthly' }));
    spec
      .given([written])
      .when(revise({ mood: 'positive' }))
      .then(revised({ mood: 'positive' }));
    spec
      .given([written])
      .when(revise({ tags: ['nfl', 'tilt'] }))
      .then(revised({ tags: ['nfl', 'tilt'] }));
    spec
      .given([written])
      .when(revise({ date: '2025-03-02' }))
      .then(revised({ date: '2025-03-02' }));
    spec
      .given([written])
      .when(revise({ type: 'weekly', mood: 'neutral', tags: ['nfl'], date: '2025-03-01' }))
      .thenNothing();
  });
});
