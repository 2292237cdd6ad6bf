import { deserialize, serialize } from 'node:v8';
import { gunzipSync, gzipSync } from 'node:zlib';
import { expect } from 'chai';
import fc from 'fast-check';
import { comparePositions } from '@bt/event-store';
import { replayUser } from '../replay';
import { apply, step } from '../fold/live-equals-replay.test';
import { newUserState, projectEvent, settleUser } from '../fold/fold';
import type { UserReadModels } from '../fold/read-model';
import { EventLog } from '../testing/event-log';
import { decodeState, encodeState } from './codec';
import { Snapshots, type SnapshotRow } from './snapshots';

/*
 * An asOf replay folds on from the user's latest snapshot whose events were all recorded by the
 * instant (the projector takes them while folding the log in batches) and reads only the events
 * after it. Whatever the history (commands recorded out of their occurredAt order included), the
 * snapshots taken and the instant, it must compute exactly what a replay from the first event does.
 */

/** What the snapshot's replay is compared on: every read model but user_streams (a snapshot keeps no stream list). */
const comparable = (rows: UserReadModels) => {
  const { userStreams: _streams, ...rest } = rows;
  return structuredClone(rest);
};

/** Every read model a replay can be asked for (user_streams aside, see comparable). */
const NAMES = Object.keys(comparable(replayUser([], { userId: new EventLog().userId }))) as (keyof UserReadModels)[];

/** What each asOf answer of query-api reads (its replayRows). */
const AS_OF_ANSWERS: (keyof UserReadModels)[][] = [['userStats', 'daily', 'sportDistribution'], ['streaks'], ['goals'], ['bets']];

const START = Date.parse('2025-03-01T00:00:00.000Z');
const HOUR = 3_600_000;

describe('asOf replay from a snapshot equals a replay from the first event', () => {
  it('holds for random histories, batches, snapshots and instants', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            step,
            // The command's clock: mostly forward, sometimes back (a command recorded late with an earlier occurredAt).
            hours: fc.integer({ min: -30, max: 40 }),
            endBatch: fc.boolean(),
          }),
          { minLength: 1, maxLength: 40 },
        ),
        fc.integer({ min: 1, max: 6 }),
        fc.array(fc.integer({ min: -40, max: 1000 }), { minLength: 1, maxLength: 4 }),
        fc.subarray(NAMES, { minLength: 1 }),
        (plan, minEvents, instants, some) => {
          const log = new EventLog();
          let clock = START;
          log.at(new Date(clock).toISOString()).register();
          const ids = { bets: [], parlays: [], goals: [], entries: [] };
          const unitSize = { current: null as number | null };
          const batches: number[] = [];
          for (const { step: s, hours, endBatch } of plan) {
            clock += hours * HOUR;
            log.at(new Date(clock).toISOString());
            apply(log, ids, s, unitSize);
            if (endBatch) batches.push(log.events.length);
          }

          // The projector: folds batch by batch, settles after each, takes the snapshots due.
          const snapshots = new Snapshots({ minEvents, growth: 0 });
          snapshots.startUser(log.userId);
          const state = newUserState(log.userId);
          const taken: SnapshotRow[] = [];
          let folded = 0;
          for (const end of [...batches, log.events.length]) {
            const batch = log.events.slice(folded, end);
            for (const event of batch) projectEvent(state, event);
            folded = end;
            snapshots.observe(batch, () => state);
            settleUser(state);
            taken.push(...snapshots.take().snapshots);
          }

          for (const offset of instants) {
            const asOf = new Date(START + offset * HOUR);
            const expected = replayUser(log.events, { userId: log.userId, recordedUntil: asOf });
            // The query's choice: the most events among those recorded by asOf.
            const usable = taken
              .filter((s) => (s.recorded_until as Date).getTime() <= asOf.getTime())
              .sort((a, b) => b.events - a.events)[0];
            if (!usable) continue;
            const [commit, prepare] = usable.position.split('.').map(BigInt);
            const after = log.events.filter((e) => comparePositions(e.position, { commit, prepare }) > 0);
            const replayed = replayUser(after, { userId: log.userId, recordedUntil: asOf, snapshot: usable.state as Buffer });
            expect(comparable(replayed)).to.deep.equal(comparable(expected));
            // A replay of only some read models (what an asOf answer reads, or any others) folds and
            // decodes only them and what they derive from, and gives them exactly as a whole replay.
            for (const readModels of [...AS_OF_ANSWERS, some]) {
              const only = replayUser(after, { userId: log.userId, recordedUntil: asOf, snapshot: usable.state as Buffer, readModels });
              const fromFirst = replayUser(log.events, { userId: log.userId, recordedUntil: asOf, readModels });
              for (const name of readModels) {
                expect(only[name], `${name} of a replay of ${readModels.join(', ')}`).to.deep.equal(expected[name]);
                expect(fromFirst[name], `${name} of a replay of ${readModels.join(', ')} from the first event`).to.deep.equal(
                  expected[name],
                );
              }
            }
          }
        },
      ),
      { numRuns: 200 },
    );
  });

  it('keeps a state whole through encoding (rows, running sums in cents, dates, tags, stale marks)', () => {
    const log = new EventLog().register();
    const bet = log.placeBet(
      { sport: 'football', betType: 'moneyline', odds: '+150', stake: 12.34, date: '2025-03-01', tags: ['live'] },
      'win',
    );
    log.amendBet(bet, { stake: 20 });
    const state = newUserState(log.userId);
    for (const event of log.events) projectEvent(state, event);
    const back = decodeState(log.userId, encodeState(state));
    expect(back.bets.rows).to.deep.equal(state.bets.rows);
    expect(back.userStats.row).to.deep.equal(state.userStats.row);
    expect(back.streaks.stale).to.equal(state.streaks.stale);
    settleUser(state);
    settleUser(back);
    expect(comparable(replayUser([], { userId: log.userId, snapshot: encodeState(back) }))).to.deep.equal(
      comparable(replayUser(log.events)),
    );
  });

  it('keeps a column of one value once, a column equal to the key as nothing, indexes in the smallest array; reads the first layout', () => {
    const log = new EventLog().register();
    for (let i = 0; i < 300; i++)
      log.placeBet({ sport: 'football', odds: `+${100 + i}`, stake: 10, date: '2025-03-01', tags: ['live'] }, 'win');
    const state = newUserState(log.userId);
    for (const event of log.events) projectEvent(state, event);
    settleUser(state);
    const bytes = encodeState(state);
    type Column = [string, ...unknown[]];
    type ColumnsPart = ['columns', string[], string[], Column[], boolean];
    const parts = deserialize(bytes) as Record<string, Uint8Array>;
    const bets = deserialize(gunzipSync(parts.bets)) as ColumnsPart;
    const column = (name: string) => bets[3][bets[2].indexOf(name)];
    expect(column('id')).to.deep.equal(['key']);
    expect(column('sport')).to.deep.equal(['same', 'football']);
    expect(column('tags')).to.deep.equal(['same', ['live']]);
    expect(column('odds')[0]).to.equal('values');
    expect(column('odds')[2]).to.be.instanceOf(Uint16Array); // 300 distinct prices
    expect(column('outcome')[2]).to.equal(undefined); // every one a win: 'same'
    const daily = deserialize(gunzipSync(parts.daily)) as ColumnsPart | ['keyed'];
    if (daily[0] === 'columns') expect(daily[3].some((c) => c[0] === 'key')).to.equal(true);

    const back = decodeState(log.userId, bytes);
    expect(back.bets.rows).to.deep.equal(state.bets.rows);
    // A value kept once is still each row's own: changing one row's tags leaves the others'.
    const [first, second] = [...back.bets.rows.values()];
    first.tags.push('changed');
    expect(second.tags).to.deep.equal(['live']);

    // The first layout (every index a Uint32Array, no 'same' or 'key'), as snapshots taken before hold it.
    const firstLayout = (part: ColumnsPart): ColumnsPart => {
      const [, keys, names, columns, stale] = part;
      const rows = keys.length;
      return [
        'columns',
        keys,
        names,
        columns.map((c): Column => {
          if (c[0] === 'key') return ['values', keys, Uint32Array.from(keys, (_, i) => i)];
          if (c[0] === 'same') return ['values', [c[1]], new Uint32Array(rows)];
          if (c[0] === 'values') return ['values', c[1], Uint32Array.from(c[2] as ArrayLike<number>)];
          return c;
        }),
        stale,
      ];
    };
    const old: Record<string, Uint8Array> = {};
    for (const [name, part] of Object.entries(parts)) {
      const decoded = deserialize(gunzipSync(part)) as ColumnsPart | [string];
      old[name] = decoded[0] === 'columns' ? gzipSync(serialize(firstLayout(decoded as ColumnsPart))) : part;
    }
    const fromOld = decodeState(log.userId, serialize(old));
    expect(fromOld.bets.rows).to.deep.equal(state.bets.rows);
    expect(fromOld.daily.rows).to.deep.equal(state.daily.rows);
  });
});
