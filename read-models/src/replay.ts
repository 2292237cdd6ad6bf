import type { RecordedEvent } from '@bt/event-store';
import { foldFor, lazyUserReadModels, newUserState, readModelsFor, userReadModels } from './fold/fold';
import type { UserReadModels } from './fold/read-model';
import type { UserState } from './fold/state';
import { occurredAt, userOf } from './fold/state';
import { admitImports } from './fold/import-gate';
import { decodeState } from './snapshots/codec';

export type { UserReadModels } from './fold/read-model';

export interface ReplayOptions {
  /** Whose rows to compute; defaults to the user of the first event. Other users' events are skipped. */
  userId?: string;
  /** Only events recorded (their command's occurredAt) up to this instant; all by default. */
  recordedUntil?: Date;
  /**
   * A snapshot to fold on from (its `state` bytes, see snapshots/): the user's state after their
   * events up to some position, every one of them recorded by `recordedUntil`. `events` are then
   * only those after that position.
   */
  snapshot?: Uint8Array;
  /**
   * The read models the caller reads (all by default): only they and what they derive from are
   * folded (an asOf answer of stats folds no analytics); reading another of the answer throws.
   */
  readModels?: readonly (keyof UserReadModels)[];
}

/**
 * Folds one user's events in memory with the same projection code as the live tables, and returns
 * the rows the read models would hold for that user after them: `asOf` replay passes the user's
 * events recorded up to a moment, in log order (merge the user's streams by position).
 */
export const replayUser = (events: readonly RecordedEvent[], options: ReplayOptions = {}): UserReadModels => {
  const replay = startReplay(events, options);
  replay.fold(0, replay.length);
  return userReadModels(...replay.settle(), replay.only);
};

/** Events folded between two turns of the event loop: ~2 ms of work for other requests to wait. */
export const REPLAY_SLICE = 1000;

/**
 * replayUser in slices, giving the event loop a turn between them: a server replaying a large
 * history (20,000 bets fold in ~100 ms) keeps answering everyone else meanwhile. Each list of the
 * answer is built when first read.
 */
export const replayUserInSlices = async (
  events: readonly RecordedEvent[],
  options: ReplayOptions = {},
  slice = REPLAY_SLICE,
): Promise<UserReadModels> => {
  const replay = startReplay(events, options);
  for (let from = 0; from < replay.length; from += slice) {
    replay.fold(from, Math.min(replay.length, from + slice));
    await turn();
  }
  const settled = replay.settle();
  await turn();
  return lazyUserReadModels(...settled, replay.only);
};

const turn = () => new Promise((resolve) => setImmediate(resolve));

const startReplay = (given: readonly RecordedEvent[], options: ReplayOptions) => {
  const userId = options.userId ?? given.map(userOf).find((id) => id !== undefined);
  const until = options.recordedUntil?.getTime();
  // The user's events recorded by then, through the import rule (an import not ended by then shows nothing).
  const theirs = given.filter((event) => userOf(event) === userId && (until === undefined || occurredAt(event).getTime() <= until));
  const events = admitImports(theirs).admitted;
  // What the rule leaves out is still the user's: its streams are noted, as the projector notes them.
  const admitted = new Set(events);
  const left = events.length === theirs.length ? [] : theirs.filter((event) => !admitted.has(event));
  const id = userId ?? '00000000-0000-0000-0000-000000000000';
  const only = options.readModels && readModelsFor(options.readModels);
  const folding = foldFor(only);
  let state: UserState;
  try {
    state = options.snapshot ? decodeState(id, options.snapshot, only) : newUserState(id);
  } catch (error) {
    throw new ReplayFailed(id, error);
  }
  let folded = options.snapshot ? 1 : 0; // a snapshot holds at least one event
  return {
    only,
    /** The events to fold, by index: `fold` takes slices of them. */
    length: events.length,
    fold(from: number, to: number) {
      if (userId === undefined) return;
      try {
        for (let i = from; i < to; i++) {
          folding.project(state, events[i]);
          folded += 1;
        }
      } catch (error) {
        throw new ReplayFailed(userId, error);
      }
    },
    /** The state and whether any event was folded, for the rows. */
    settle(): [typeof state, boolean] {
      if (userId === undefined) return [state, false];
      for (const event of left) folding.see(state, event);
      try {
        folding.settle(state);
      } catch (error) {
        throw new ReplayFailed(userId, error);
      }
      return [state, folded > 0];
    },
  };
};

/** One of the user's events could not be folded (the live projector sets such a user aside). */
export class ReplayFailed extends Error {
  constructor(
    readonly userId: string,
    cause: unknown,
  ) {
    super(`Replaying user ${userId} failed: ${(cause as Error)?.message ?? String(cause)}`, { cause });
  }
}
