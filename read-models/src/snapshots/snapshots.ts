import { sql, type Insertable, type Kysely } from 'kysely';
import type { Position, RecordedEvent } from '@bt/event-store';
import { formatPosition } from '@bt/event-store/port';
import type { Database } from '../database';
import { occurredAtMs, userOf, type UserState } from '../fold/state';
import { encodeState } from './codec';

/**
 * The projection code's version: bump it with any change to what a fold computes. Snapshots are
 * tagged with it and only those of this version are read; a rebuild writes fresh ones, and the
 * live projector takes no snapshot of a user it did not fold with this code from their first event.
 */
export const PROJECTION_VERSION = 6; // 2: each part of a snapshot's state compressed on its own; 3: start times, public profiles; 4: the bankroll ledger; 5: analytics_daily a row per day; 6: analytics_monthly and _totals a row per month and user

/**
 * When a user's next snapshot is due: once this many of their events were folded since the last
 * one, and at least SNAPSHOT_GROWTH of all of them (so a user has O(log n) snapshots of O(n)
 * bytes each, not O(n) of them: a 100,000-bet user's state is ~5 MB compressed). An asOf replay
 * then folds at most ~SNAPSHOT_GROWTH of a history after its snapshot, or the whole of a history
 * too small to have one. 5%: at 10% the worst instant of a 100,000-bet user (~20,000 events after
 * its snapshot) took 350 ms; at 5%, 237 ms, for snapshots totalling ~16x the latest (76 MB) rather
 * than ~9x (42 MB).
 */
export const SNAPSHOT_MIN_EVENTS = 2000;
export const SNAPSHOT_GROWTH = 0.05;

export type SnapshotRow = Insertable<Database['user_snapshots']>;
type MarkRow = Insertable<Database['snapshot_marks']>;
type StreamRow = Insertable<Database['snapshot_streams']>;

/**
 * A position as text that orders as the position does, compared bytewise (collate "C"): commit and
 * prepare as 20 digits each (both fit in 64 bits).
 */
export const sortablePosition = (position: Position): string =>
  position.commit.toString().padStart(20, '0') + position.prepare.toString().padStart(20, '0');

/** A stream's latest event and earliest occurredAt (ms) among the events of a user observed since the last take. */
interface StreamSeen {
  position: Position;
  earliest: number;
}

interface Mark {
  events: number;
  /** ms; -Infinity before the first event. */
  recordedUntil: number;
  snapshotEvents: number;
}

/**
 * Keeps each user's mark (events folded, latest occurredAt, events at the last snapshot) and takes
 * the snapshots that are due. Used the same way by the live projector and the rebuild:
 * `load` the users of a batch before folding it, `observe` it after folding (the snapshot is
 * encoded then: the state goes on changing), then `take` the rows to write with the batch.
 */
/** What `observe`'s `stateOf` answers for a user an import holds (ProjectionEngine.snapshotState). */
export const HELD = 'held';

export class Snapshots {
  /** null: the user was folded by other code, or before marks were kept: no snapshot until a rebuild. */
  private readonly marks = new Map<string, Mark | null>();
  private readonly changed = new Set<string>();
  private pending: SnapshotRow[] = [];
  /**
   * Per user, then stream, its latest event's position and its earliest occurredAt in the batches
   * since the last take (the rows are made by the take: one per stream, not one per event).
   */
  private streams = new Map<string, Map<string, StreamSeen>>();

  /**
   * `maxMarks`: marks kept in memory at most; the table holds them all and a dropped one is read
   * again (the live projector writes them with each batch; a rebuild, which writes them in the
   * background, keeps them all).
   */
  constructor(private readonly options: { minEvents?: number; growth?: number; maxMarks?: number } = {}) {}

  /** Reads the marks of the batch's users not held yet from `schema` (before the batch's rows are written). */
  async load(db: Kysely<Database>, schema: string, events: readonly RecordedEvent[]): Promise<void> {
    if (this.marks.size > (this.options.maxMarks ?? 10_000) && this.changed.size === 0) this.marks.clear();
    const missing = new Set<string>();
    for (const event of events) {
      const userId = userOf(event);
      if (userId !== undefined && !this.marks.has(userId) && UUID.test(userId)) missing.add(userId);
    }
    if (missing.size === 0) return;
    const ids = [...missing];
    const { rows } = await sql<{
      user_id: string;
      version: number | null;
      events: number | null;
      recorded_until: Date | null;
      snapshot_events: number | null;
      projected: boolean;
    }>`
      select u.user_id::text as user_id, m.version, m.events, m.recorded_until, m.snapshot_events,
        exists (select 1 from ${sql.id(schema, 'user_streams')} s where s.user_id = u.user_id) as projected
      from unnest(${ids}::uuid[]) as u(user_id)
      left join ${sql.id(schema, 'snapshot_marks')} m on m.user_id = u.user_id`.execute(db);
    for (const row of rows) {
      if (row.version === PROJECTION_VERSION) {
        this.marks.set(row.user_id, {
          events: row.events!,
          recordedUntil: row.recorded_until ? row.recorded_until.getTime() : Number.NEGATIVE_INFINITY,
          snapshotEvents: row.snapshot_events!,
        });
      } else {
        // No stream noted yet (not even while set aside): this code folds them from their first event.
        if (row.version === null && !row.projected) this.startUser(row.user_id);
        else this.marks.set(row.user_id, null);
      }
    }
  }

  /** A user never projected: this code folds them from their first event. */
  startUser(userId: string): void {
    this.marks.set(userId, { events: 0, recordedUntil: Number.NEGATIVE_INFINITY, snapshotEvents: 0 });
  }

  /** Counts the batch's events per user (folded into `stateOf` their user) and encodes the snapshots now due. */
  observe(events: readonly RecordedEvent[], stateOf: (userId: string) => UserState | typeof HELD | undefined): void {
    const last = new Map<string, RecordedEvent>();
    for (const event of events) {
      const userId = userOf(event);
      if (userId === undefined) continue;
      const mark = this.marks.get(userId);
      if (!mark) continue;
      mark.events += 1;
      const recorded = occurredAtMs(event);
      mark.recordedUntil = Math.max(mark.recordedUntil, recorded);
      last.set(userId, event);
      this.changed.add(userId);
      // Every event of a user whose mark is kept: their stream positions are complete from their first event on.
      let seen = this.streams.get(userId);
      if (!seen) this.streams.set(userId, (seen = new Map()));
      const stream = seen.get(event.streamId);
      if (stream === undefined) seen.set(event.streamId, { position: event.position, earliest: recorded });
      else {
        stream.position = event.position;
        if (!(stream.earliest <= recorded)) stream.earliest = recorded;
      }
    }
    for (const [userId, event] of last) {
      const mark = this.marks.get(userId)!;
      const state = stateOf(userId);
      if (state === HELD) continue; // held by an import: its events wait, so no snapshot until it is released
      if (!state) {
        this.forget(userId); // set aside: what it folded is not what a replay folds
        continue;
      }
      const since = mark.events - mark.snapshotEvents;
      if (since < (this.options.minEvents ?? SNAPSHOT_MIN_EVENTS) || since < (this.options.growth ?? SNAPSHOT_GROWTH) * mark.events)
        continue;
      mark.snapshotEvents = mark.events;
      this.pending.push({
        user_id: userId,
        version: PROJECTION_VERSION,
        events: mark.events,
        position: formatPosition(event.position),
        recorded_until: new Date(mark.recordedUntil),
        state: encodeState(state),
      });
    }
  }

  /** No snapshot of this user until a rebuild (set aside, refused by Postgres). */
  forget(userId: string): void {
    if (this.marks.get(userId) === null) return;
    this.marks.set(userId, null);
    this.changed.add(userId);
    this.pending = this.pending.filter((s) => s.user_id !== userId);
    this.streams.delete(userId);
  }

  /** Forgets everything held (the projector starts again from the tables). */
  clear(): void {
    this.marks.clear();
    this.changed.clear();
    this.pending = [];
    this.streams.clear();
  }

  /** The snapshots taken and the marks changed since the last take, to write with the batch. */
  take(): { snapshots: SnapshotRow[]; marks: MarkRow[]; streams: StreamRow[]; forgotten: string[] } {
    const marks: MarkRow[] = [];
    const forgotten: string[] = [];
    for (const userId of this.changed) {
      const mark = this.marks.get(userId);
      if (!mark) forgotten.push(userId);
      else
        marks.push({
          user_id: userId,
          version: PROJECTION_VERSION,
          events: mark.events,
          recorded_until: Number.isFinite(mark.recordedUntil) ? new Date(mark.recordedUntil) : null,
          snapshot_events: mark.snapshotEvents,
        });
    }
    const snapshots = this.pending;
    const streams: StreamRow[] = [];
    for (const [userId, seen] of this.streams) {
      for (const [streamId, { position, earliest }] of seen) {
        streams.push({ user_id: userId, stream_id: streamId, position: sortablePosition(position), earliest_recorded: new Date(earliest) });
      }
    }
    this.pending = [];
    this.streams = new Map();
    this.changed.clear();
    return { snapshots, marks, streams, forgotten };
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Writes what `take` gave (marks first: a mark never lags the rows of a batch written after it). */
export async function writeSnapshots(db: Kysely<Database>, schema: string, taken: ReturnType<Snapshots['take']>): Promise<void> {
  const s = db.withSchema(schema);
  if (taken.forgotten.length > 0) {
    await s.deleteFrom('snapshot_marks').where('user_id', 'in', taken.forgotten).execute();
    await s.deleteFrom('snapshot_streams').where('user_id', 'in', taken.forgotten).execute();
  }
  const marks =
    taken.marks.length > 0
      ? s
          .insertInto('snapshot_marks')
          .values(taken.marks)
          .onConflict((c) =>
            c.column('user_id').doUpdateSet((eb) => ({
              version: eb.ref('excluded.version'),
              events: eb.ref('excluded.events'),
              recorded_until: eb.ref('excluded.recorded_until'),
              snapshot_events: eb.ref('excluded.snapshot_events'),
            })),
          )
      : undefined;
  // Four parameters a row: well under Postgres' 65,535 per statement.
  const streams: { execute(): Promise<unknown> }[] = [];
  for (let i = 0; i < taken.streams.length; i += STREAM_ROWS_PER_STATEMENT) {
    streams.push(
      s
        .insertInto('snapshot_streams')
        .values(taken.streams.slice(i, i + STREAM_ROWS_PER_STATEMENT))
        .onConflict((c) =>
          c.columns(['user_id', 'stream_id']).doUpdateSet((eb) => ({
            position: eb.ref('excluded.position'),
            // Unknown (noted before the column) stays unknown: earlier events' times were not kept.
            earliest_recorded: sql<Date | null>`case when ${eb.ref('snapshot_streams.earliest_recorded')} is null then null
            else least(${eb.ref('snapshot_streams.earliest_recorded')}, ${eb.ref('excluded.earliest_recorded')}) end`,
          })),
        ),
    );
  }
  // A live batch's marks and streams as one statement (one round trip): both or neither, as before.
  if (marks && streams.length > 0) await sql`with marks as (${marks}), streams as (${streams.shift()}) select 1`.execute(db);
  else if (marks) await marks.execute();
  for (const statement of streams) await statement.execute();
  for (const snapshot of taken.snapshots) {
    await s
      .insertInto('user_snapshots')
      .values(snapshot)
      .onConflict((c) => c.doNothing())
      .execute();
  }
}

const STREAM_ROWS_PER_STATEMENT = 10_000;
