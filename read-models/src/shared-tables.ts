import type { Selectable } from 'kysely';
import { col, table, type TableType } from './columns';

// The tables that belong to no read model: where the projector stands, who is set aside or held, and the snapshots.

/**
 * Users set aside: an event of theirs could not be projected (a bad value, a bug), so the projector
 * skips their events and moves on for everyone else. One row per user, the first failure; the
 * user's rows elsewhere stay as they were before it. A rebuild, or `npm run projections:retry`
 * after a fix, brings them back.
 */
export const projection_failures = table('projection_failures', {
  owner: 'user_id',
  key: ['user_id'],
  columns: {
    /** Text, not uuid: a user id that is not a UUID is one of the things that gets a user set aside. */
    user_id: col.text(),
    stream_id: col.text(),
    /** The event's revision in its stream (text: a bigint). */
    revision: col.text(),
    /** The event's log position, "commit.prepare". */
    position: col.text(),
    event_type: col.text(),
    error: col.text(),
    failed_at: col.timestamptz(),
  },
});

/** The projector's position in the global log (no user's: the writer's checkpoint statement writes it, not the row writer). */
export const checkpoints = {
  key: ['name'],
  columns: {
    /** CHECKPOINT_NAME for one projector; "read_models:i/N" for partition i of N (checkpoints/partition.ts). */
    name: col.text(),
    /** "commit.prepare", the X-Log-Position text; compare with contracts' compareLogPositions. */
    position: col.text(),
    updated_at: col.timestamptz(),
  },
};

/**
 * A user's folded state after their events up to `position` (snapshots/): asOf replays fold on from
 * the nearest one instead of from the first event. Not a read model: written beside them, never
 * loaded into a user's state. Only snapshots of this projection code's version are read.
 */
export const user_snapshots = {
  key: ['user_id', 'version', 'events'],
  columns: {
    user_id: col.uuid(),
    /** PROJECTION_VERSION of the code that folded it. */
    version: col.integer(),
    /** How many of the user's events it holds (its order among the user's snapshots). */
    events: col.integer(),
    /** The position of the last of them, "commit.prepare": a replay reads the events after it. */
    position: col.text(),
    /** The latest occurredAt among them: the snapshot serves an asOf at or after it. */
    recorded_until: col.timestamptz(),
    /** snapshots/codec.ts */
    state: col.bytea(),
  },
};

/** What the projector has folded of each user since their last snapshot, to know when the next is due. */
export const snapshot_marks = {
  key: ['user_id'],
  columns: {
    user_id: col.uuid(),
    version: col.integer(),
    events: col.integer(),
    /** The latest occurredAt among the user's events folded; null before the first. */
    recorded_until: col.timestamptz().orNull(),
    /** `events` at the user's last snapshot (0: none yet). */
    snapshot_events: col.integer(),
  },
};

/**
 * Per stream of a user whose marks are kept, the position of its latest event (snapshots/): an asOf
 * replay from a snapshot reads only the streams written after the snapshot's position.
 */
export const snapshot_streams = {
  key: ['user_id', 'stream_id'],
  columns: {
    user_id: col.uuid(),
    stream_id: col.text(),
    /** The position of the stream's latest event of the user, as `sortablePosition` (snapshots/snapshots.ts). */
    position: col.text(),
    /** The earliest `occurredAt` of the stream's events; null when noted before it was kept (not known). */
    earliest_recorded: col.timestamptz().orNull(),
  },
};

/**
 * Users held while an import of theirs runs (imports/holds.ts): not a read model of the row writer's,
 * since the projector (which imports are open) and a hold's release (how far the user is folded)
 * each write their own columns of it.
 */
export const import_holds = {
  key: ['user_id'],
  columns: {
    user_id: col.uuid(),
    /** The import started last. */
    import_id: col.text(),
    /** True until that import is committed or abandoned: no release until then. */
    open: col.boolean(),
    /** The position after which the user's events are not folded yet, "commit.prepare". */
    resume_after: col.text(),
    /** The import whose ImportStarted is at `resume_after`, when its end is not folded yet. */
    started_before: col.text().orNull(),
  },
};

/** The version of each read model's code its rows were built with (versions.ts): a newer one is rebuilt. */
export const read_model_versions = {
  key: ['name'],
  columns: {
    /** The read model's name (ReadModelName). */
    name: col.text(),
    version: col.integer(),
    updated_at: col.timestamptz(),
  },
};

export type ProjectionFailureRow = Selectable<TableType<typeof projection_failures>>;
export type CheckpointRow = Selectable<TableType<typeof checkpoints>>;
