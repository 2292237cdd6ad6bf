import type { RecordedEvent } from '@bt/event-store';
import {
  analyticsDailyProjection,
  analyticsMonthlyProjection,
  analyticsStakesProjection,
  analyticsTotalsProjection,
} from '../models/analytics/projection';
import { bankrollProjection } from '../models/bankroll/projection';
import { betsProjection } from '../models/bets/projection';
import { dailyProjection } from '../models/daily/projection';
import { goalsProjection } from '../models/goals/projection';
import { journalProjection } from '../models/journal/projection';
import { parlaysProjection } from '../models/parlays/projection';
import { removedRowsProjection } from '../models/removed-rows/projection';
import { settingsProjection } from '../models/settings/projection';
import { sportDistributionProjection } from '../models/sport-distribution/projection';
import { streaksProjection } from '../models/streaks/projection';
import { userStatsProjection } from '../models/user-stats/projection';
import { userStreamsProjection } from '../models/user-streams/projection';
import { usersProjection } from '../models/users/projection';
import { publicProfilesProjection } from '../models/public-profiles/projection';
import { bankrollEntriesProjection } from '../models/bankroll-entries/projection';
import type { ReadModelName, ReadModelTables, ReadModelVersions, UserReadModels } from './read-model';
import { readModelSet, type Fold } from './read-model-set';
import { KeyedRows } from './row-sets';
import type { RowChanges } from './rows';
import type { UserState } from './state';

export { foldOf } from './read-model-set';

/**
 * Every read model: the one list UserState, UserReadModels, ReadModelName, the tables (TABLES,
 * kysely's Database), the versions and the tables loaded and written are derived from. The order
 * they see an event in, and their tables are written in, is what each declares (`after`,
 * `before`), not this list's.
 */
const LISTED = [
  removedRowsProjection,
  usersProjection,
  parlaysProjection,
  betsProjection,
  bankrollProjection,
  userStatsProjection,
  dailyProjection,
  sportDistributionProjection,
  streaksProjection,
  goalsProjection,
  journalProjection,
  userStreamsProjection,
  settingsProjection,
  analyticsDailyProjection,
  analyticsMonthlyProjection,
  analyticsTotalsProjection,
  analyticsStakesProjection,
  publicProfilesProjection,
  bankrollEntriesProjection,
] as const;

/** Any read model of the list. */
export type Listed = (typeof LISTED)[number];

const EVERY = readModelSet<Listed>(LISTED);

/** The read models in the order they see an event (foldOrder of the list: it throws here on a cycle or an unknown name). */
export const READ_MODELS: readonly Listed[] = EVERY.models;

/** Each read model's table by its name, in READ_MODELS order: TABLES (database.ts) adds those of no read model. */
export const MODEL_TABLES: ReadModelTables<Listed> = EVERY.tables;

/** Each read model's version by its name: READ_MODEL_VERSIONS (versions.ts). */
export const MODEL_VERSIONS: ReadModelVersions<Listed> = EVERY.versions;

/** A user nobody has projected yet. Their one-per-user rows (user_stats, bankroll, streaks) are written by the first take. */
export const newUserState: (userId: string) => UserState = EVERY.newState;

/**
 * A new user whose rows record no writes until their first take, which files every row as new
 * (KeyedRows.untrack): a rebuild folding each user from their first event and writing their final
 * rows once. Their rows equal newUserState's after the same events.
 */
export const untrackedUserState = (userId: string): UserState => {
  const state = newUserState(userId);
  for (const part of Object.values(state)) if (part instanceof KeyedRows) part.untrack();
  return state;
};

/**
 * Folds one of the user's events into their state. Events that refer to something the state does
 * not hold (an amend of a removed bet) change nothing; unknown event types only index their stream.
 * Live projection, rebuild and asOf replay all fold through here.
 */
export const projectEvent: (state: UserState, stored: RecordedEvent) => void = EVERY.fold.project;

/** Reads off what is kept per event but written once per batch: streaks and goal amounts. */
export const settleUser: (state: UserState) => void = EVERY.fold.settle;

/**
 * The read models a replay must fold to give `names` right: them and every model they derive from
 * (what their handlers read, `bets` for those that follow it), in READ_MODELS order.
 */
export const readModelsFor: (names: Iterable<ReadModelName>) => ReadModelName[] = EVERY.readModelsFor;

/** The fold of some read models only (from readModelsFor; all when absent): the rows of the others are left as they start. */
export const foldFor: (names?: readonly ReadModelName[]) => Fold<UserState> = EVERY.foldFor;

/** Moves the rows changed since the last take into `changes` (per table, in READ_MODELS order). */
export const takeUserChanges: (state: UserState, changes: RowChanges) => void = EVERY.take;

/** The tables a user's state is loaded from (every read model's but those declared `loaded: false`), and the read model each row goes to. */
export const LOADED = EVERY.loaded;

/** Every row the user has in the read models, built from their state (replay and tests); `only`: the models folded. */
export const userReadModels: (state: UserState, hasEvents?: boolean, only?: readonly ReadModelName[]) => UserReadModels = EVERY.rows;

/**
 * The same rows, each list built when first read: a replay that shows stats does not sort a large
 * history's bets (20,000 of them: ~20 ms) for nothing. Reading a model a replay of `only` some did
 * not fold throws.
 */
export const lazyUserReadModels: (state: UserState, hasEvents?: boolean, only?: readonly ReadModelName[]) => UserReadModels =
  EVERY.lazyRows;
