import { expect } from 'chai';
import type { RecordedEvent } from '@bt/event-store';
import { replayUser } from '../replay';
import { EventLog } from '../testing/event-log';
import { lazyUserReadModels, newUserState, projectEvent, settleUser, userReadModels } from './fold';
import { changeCount, emptyChanges, mergeChanges } from './rows';
import { intern, occurredAt, userOf } from './state';

const USER = '00000000-0000-7000-8000-000000000001';

/** A stored event as the store hands it back, whatever its metadata holds (old or foreign events). */
const recorded = (fields: Omit<Partial<RecordedEvent>, 'metadata'> & { metadata?: object }): RecordedEvent =>
  ({
    id: '00000000-0000-7000-8000-0000000000aa',
    streamId: 'user-x',
    revision: 0n,
    position: { commit: 1n, prepare: 1n },
    type: 'FundsAdded',
    data: { userId: USER, amount: 1 },
    metadata: {},
    recordedAt: '2025-03-01T10:00:00.000Z',
    ...fields,
  }) as RecordedEvent;

describe("a user's projection state", () => {
  it("names an event's user by its data's userId, and no one for foreign events", () => {
    expect(userOf(recorded({}))).to.equal(USER);
    expect(userOf(recorded({ data: { userId: 42 } }))).to.equal(undefined);
    expect(userOf(recorded({ data: null }))).to.equal(undefined);
    expect(userOf(recorded({ data: {} }))).to.equal(undefined);
  });

  it("dates an event by its command's occurredAt, else by when it was recorded", () => {
    expect(occurredAt(recorded({ metadata: { occurredAt: '2025-02-01T08:00:00.000Z' } })).toISOString()).to.equal(
      '2025-02-01T08:00:00.000Z',
    );
    expect(occurredAt(recorded({ metadata: { occurredAt: 'not a date' } })).toISOString()).to.equal('2025-03-01T10:00:00.000Z');
    expect(occurredAt(recorded({ metadata: { occurredAt: 1234 } })).toISOString()).to.equal('2025-03-01T10:00:00.000Z');
    expect(occurredAt(recorded({ metadata: undefined })).toISOString()).to.equal('2025-03-01T10:00:00.000Z');
  });

  it('interns a value as itself', () => {
    expect(intern(['2025', '03', '01'].join('-'))).to.equal('2025-03-01');
    expect(intern('2025-03-01')).to.equal('2025-03-01');
  });

  it('indexes the stream of an event of unknown type and changes nothing else', () => {
    const state = newUserState(USER);
    projectEvent(state, recorded({ type: 'SomethingNew', streamId: 'future-1' }));
    projectEvent(state, recorded({ type: 'SomethingNew', streamId: 'future-1', revision: 1n }));
    const models = userReadModels(state);
    expect(models.userStreams).to.deep.equal([{ user_id: USER, stream_id: 'future-1' }]);
    expect(models.bets).to.deep.equal([]);
    expect(models.bankroll).to.include({ amount: 0 });
  });

  it('answers no one-per-user rows for a user with no events', () => {
    const models = userReadModels(newUserState(USER), false);
    expect([models.user, models.bankroll, models.userStats, models.streaks]).to.deep.equal([null, null, null, null]);
  });

  it('builds each lazy list once, when first read, equal to the eager one', () => {
    const log = new EventLog().register();
    log.placeBet({ stake: 10 }, 'win');
    log.placeBet({ stake: 5, date: '2025-03-02' }, 'loss');
    const state = newUserState(log.userId);
    for (const event of log.events) projectEvent(state, event);
    settleUser(state);

    const lazy = lazyUserReadModels(state);
    expect(Object.keys(lazy)).to.deep.equal(Object.keys(userReadModels(state)));
    const bets = lazy.bets;
    expect(lazy.bets).to.equal(bets); // the same array: built once
    expect(JSON.parse(JSON.stringify(lazy))).to.deep.equal(JSON.parse(JSON.stringify(replayUser(log.events))));
  });
});

describe('row changes', () => {
  it('merges changes in order, per table and kind, and counts them', () => {
    const a = emptyChanges();
    const b = emptyChanges();
    a.journal_entries.deletes.push({ id: 'j1' });
    a.user_streams.inserts.push({ user_id: USER, stream_id: 's1' });
    b.user_streams.inserts.push({ user_id: USER, stream_id: 's2' });
    b.user_streams.upserts.push({ user_id: USER, stream_id: 'email-1' });

    const merged = mergeChanges([a, b]);
    expect(merged.user_streams).to.deep.equal({
      inserts: [
        { user_id: USER, stream_id: 's1' },
        { user_id: USER, stream_id: 's2' },
      ],
      upserts: [{ user_id: USER, stream_id: 'email-1' }],
      deletes: [],
    });
    expect(merged.journal_entries.deletes).to.deep.equal([{ id: 'j1' }]);
    expect([changeCount(merged), changeCount(a), changeCount(emptyChanges())]).to.deep.equal([4, 2, 0]);
    expect(Object.keys(emptyChanges())).to.include.members(['bets', 'parlays', 'daily', 'user_streams', 'streaks']);
  });
});
