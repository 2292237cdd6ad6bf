import { expect } from 'chai';
import { sql } from 'kysely';
import type { Outcome } from '@bt/contracts';
import { parsePosition, type EventStore } from '@bt/event-store';
import { to as copyTo } from 'pg-copy-streams';
import { rebuildReadModels } from '@bt/projector';
import { binaryCopyRows, PROJECTION_VERSION, readNearestSnapshot, sortablePosition } from '@bt/read-models';

import { EventLog } from '@bt/read-models/testing';
import { startHarness, type Harness } from '../testing/query-harness';

const HOUR = 3_600_000;
const OUTCOMES: Outcome[] = ['win', 'loss', 'win', 'push', 'loss', 'pending'];
const SNAPSHOTS = { minEvents: 150, growth: 0 };

/**
 * A bettor's months, mostly in order, some commands recorded late with an earlier occurredAt (the
 * snapshots must never hold an event recorded after the instant asked for).
 */
function history(): EventLog {
  const log = new EventLog();
  let clock = Date.parse('2025-01-01T09:00:00.000Z');
  log.at(new Date(clock).toISOString()).register();
  log.addFunds(1000);
  const bets: string[] = [];
  for (let i = 0; i < 400; i++) {
    clock += (i % 7 === 3 ? -20 : 9) * HOUR;
    log.at(new Date(clock).toISOString());
    bets.push(log.placeBet({ stake: 10 + (i % 13), odds: i % 2 ? '+120' : '-110', date: new Date(clock).toISOString().slice(0, 10) }));
    if (i % 3 === 0) log.settleBet(bets[Math.floor(i / 2)], OUTCOMES[i % OUTCOMES.length]);
    if (i % 41 === 0) log.removeBet(bets[i]);
  }
  return log;
}

describe('asOf replays from per-user snapshots (real Postgres, live projector and rebuild)', function () {
  this.timeout(300_000);
  let h: Harness;
  let log: EventLog;
  let head: string;
  /** Events handed to readers by readStreams since the last reset. */
  let read = 0;
  /** Stream ids asked of readStreams since the last reset. */
  let asked = 0;
  const counting = (store: EventStore): EventStore => ({
    ...store,
    readStreams: async (ids, after) => {
      const events = await store.readStreams(ids, after);
      read += events.length;
      asked += ids.length;
      return events;
    },
  });
  let instants: string[];
  /** Every event's occurredAt (its recording time here), in order. */
  let times: number[];
  const answers = async () => {
    const all: unknown[] = [];
    for (const asOf of instants) {
      all.push(await h.json(`/api/stats?range=all&asOf=${asOf}`, log.userId, head));
      all.push(await h.json(`/api/stats/streaks?asOf=${asOf}`, log.userId, head));
    }
    return all;
  };
  let fromSnapshots: unknown[];

  before(async () => {
    h = await startHarness({ snapshots: SNAPSHOTS, wrapStore: counting });
    log = history();
    head = await h.record(log.events);
    await h.settle();
    times = log.events.map((e) => Date.parse(e.metadata.occurredAt)).sort((a, b) => a - b);
    const at = (fraction: number) => new Date(times[Math.floor(fraction * (times.length - 1))]).toISOString();
    instants = [new Date(times[0] - HOUR).toISOString(), at(0.25), at(0.5), at(0.8), new Date(times.at(-1)! + HOUR).toISOString()];
  });
  after(() => h?.close());

  const snapshotRows = () =>
    sql<{ version: number; events: number; position: string; bytes: number }>`
      select version, events, position, length(state) as bytes from read.user_snapshots where user_id = ${log.userId} order by events`
      .execute(h.db)
      .then((r) => r.rows);

  it('the live projector keeps snapshots of the user as the history grows, tagged with the code version', async () => {
    const rows = await snapshotRows();
    expect(rows.length).to.be.at.least(log.events.length / SNAPSHOTS.minEvents - 2);
    expect(rows.every((r) => r.version === PROJECTION_VERSION && r.bytes > 0)).to.equal(true);
  });

  it("reads a snapshot's bytes exactly as stored (binary COPY), and the latest one recorded by the instant", async () => {
    const rows = await sql<{ position: string; state: Buffer; recorded_until: Date }>`
      select position, state, recorded_until from read.user_snapshots where user_id = ${log.userId} order by events`.execute(h.db);
    expect(rows.rows.length).to.be.at.least(2);
    for (const row of rows.rows) {
      const read = await readNearestSnapshot(h.pool, 'read', log.userId, row.recorded_until);
      expect(read?.position).to.equal(row.position);
      expect(read?.state.equals(row.state)).to.equal(true);
    }
    const before = new Date(rows.rows[0].recorded_until.getTime() - 1);
    expect(await readNearestSnapshot(h.pool, 'read', log.userId, before)).to.equal(undefined);
    // An id that is not one (as a forged token could carry) is Postgres' error, never SQL of its own.
    await readNearestSnapshot(h.pool, 'read', "x' or true --", new Date()).then(
      () => expect.fail('read'),
      (error: { code?: string }) => expect(error.code).to.equal('22P02'),
    );
  });

  it('asks the store only for the streams written after the snapshot, unless the user is not tracked', async () => {
    const late = instants.at(-1)!;
    const streams = Number(
      (await sql<{ n: string }>`select count(*) as n from read.user_streams where user_id = ${log.userId}`.execute(h.db)).rows[0].n,
    );
    // Where the latest snapshot fell depends on how the live batches fell: the streams written after it are what is read.
    const latest = (await snapshotRows()).at(-1)!;
    const after = Number(
      (
        await sql<{ n: string }>`select count(*) as n from read.snapshot_streams
          where user_id = ${log.userId} and position > ${sortablePosition(parsePosition(latest.position)!)}`.execute(h.db)
      ).rows[0].n,
    );
    asked = 0;
    const tracked = await h.json(`/api/stats?range=all&asOf=${late}`, log.userId, head);
    expect(after, 'streams written after the latest snapshot').to.be.below(streams);
    expect(asked, 'streams asked with positions kept').to.equal(after);
    // Without the user's mark (set aside, or projected before positions were kept): every stream, the same answer.
    await sql`update read.snapshot_marks set version = version + 1000 where user_id = ${log.userId}`.execute(h.db);
    asked = 0;
    try {
      expect(await h.json(`/api/stats?range=all&asOf=${late}`, log.userId, head)).to.deep.equal(tracked);
      expect(asked, 'streams asked without them').to.equal(streams);
    } finally {
      await sql`update read.snapshot_marks set version = version - 1000 where user_id = ${log.userId}`.execute(h.db);
    }
  });

  it('skips the streams written after the snapshot whose every event was recorded after the instant', async () => {
    // Where the first snapshot falls depends on the live batches (later under load): the instant is taken after it,
    // halfway through the events recorded after it.
    const first = (
      await sql<{ at: Date }>`select min(recorded_until) as at from read.user_snapshots where user_id = ${log.userId}`.execute(h.db)
    ).rows[0].at;
    const after = times.filter((time) => time > first.getTime());
    const early = new Date(after[Math.floor(after.length / 2)]).toISOString();
    // The snapshot the replay starts from: the latest one whose events were all recorded by the instant.
    const snapshot = (
      await sql<{ position: string }>`select position from read.user_snapshots where user_id = ${log.userId}
        and recorded_until <= ${early} order by events desc limit 1`.execute(h.db)
    ).rows[0];
    expect(snapshot, 'a snapshot before the instant').to.not.equal(undefined);
    const count = async (earliest: string) =>
      Number(
        (
          await sql<{ n: string }>`select count(*) as n from read.snapshot_streams where user_id = ${log.userId}
            and position > ${sortablePosition(parsePosition(snapshot.position)!)} and ${sql.raw(earliest)}`.execute(h.db)
        ).rows[0].n,
      );
    const written = await count('true');
    const needed = await count(`earliest_recorded <= '${early}'`);
    expect(needed, 'streams with an event recorded by the instant').to.be.above(0).and.below(written);
    asked = 0;
    const answer = await h.json(`/api/stats?range=all&asOf=${early}`, log.userId, head);
    expect(asked, 'streams asked').to.equal(needed);
    // Streams noted before their earliest time was kept (null): read, as every stream written after the snapshot was.
    const saved = await sql<{ stream_id: string; earliest_recorded: Date }>`select stream_id, earliest_recorded from read.snapshot_streams
      where user_id = ${log.userId}`.execute(h.db);
    await sql`update read.snapshot_streams set earliest_recorded = null where user_id = ${log.userId}`.execute(h.db);
    asked = 0;
    try {
      expect(await h.json(`/api/stats?range=all&asOf=${early}`, log.userId, head)).to.deep.equal(answer);
      expect(asked, 'streams asked when their times are not known').to.equal(written);
    } finally {
      for (const row of saved.rows)
        await sql`update read.snapshot_streams set earliest_recorded = ${row.earliest_recorded}
          where user_id = ${log.userId} and stream_id = ${row.stream_id}`.execute(h.db);
    }
  });

  it('answers from the snapshots exactly what a replay from the first event answers, reading fewer events', async () => {
    read = 0;
    fromSnapshots = await answers();
    const readWithSnapshots = read;
    await sql`delete from read.user_snapshots`.execute(h.db);
    read = 0;
    expect(await answers()).to.deep.equal(fromSnapshots);
    expect(readWithSnapshots).to.be.below(read * 0.8);
  });

  it('decodes binary COPY rows: nulls, empty and every byte value; refuses a cut or foreign stream', async () => {
    const client = await h.pool.connect();
    const chunks: Buffer[] = [];
    try {
      const query = `copy (select 'é'::text, null::bytea, ''::bytea, decode(string_agg(lpad(to_hex(b), 2, '0'), ''), 'hex')
        from generate_series(0, 255) as b union all select 'two', '\\x01'::bytea, null, null) to stdout (format binary)`;
      for await (const chunk of client.query(copyTo(query))) chunks.push(chunk as Buffer);
    } finally {
      client.release();
    }
    const bytes = Buffer.concat(chunks);
    const rows = binaryCopyRows(bytes);
    expect(rows.map((row) => row.map((field) => field && [...field]))).to.deep.equal([
      [[...Buffer.from('é')], null, [], Array.from({ length: 256 }, (_, i) => i)],
      [[...Buffer.from('two')], [1], null, null],
    ]);
    expect(() => binaryCopyRows(bytes.subarray(0, bytes.length - 40))).to.throw();
    expect(() => binaryCopyRows(Buffer.from('id,name\n1,x\n'))).to.throw('Not a binary COPY');
  });

  it('after a rebuild (fresh snapshots), and ignores snapshots of another code version', async () => {
    await rebuildReadModels({ store: h.store, databaseUrl: h.database.url, fresh: true, pageSize: 100, snapshots: SNAPSHOTS });
    await h.settle();
    const rows = await snapshotRows();
    expect(rows.length, 'the rebuild writes snapshots').to.be.at.least(2);
    read = 0;
    expect(await answers()).to.deep.equal(fromSnapshots);
    const withSnapshots = read;
    // Another version's snapshots (here: not even readable) are never used.
    await sql`update read.user_snapshots set version = ${PROJECTION_VERSION + 1}, state = '\\x00'::bytea`.execute(h.db);
    read = 0;
    expect(await answers()).to.deep.equal(fromSnapshots);
    expect(withSnapshots).to.be.below(read * 0.8);
  });
});
