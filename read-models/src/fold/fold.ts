import type { RecordedEvent } from '@bt/event-store';
import {
  analyticsDailyProjection,
  analyticsMonthlyProjection,
  analyticsTotalsProjection,
  newAnalyticsDaily,
  newAnalyticsMonthly,
  newAnalyticsTotals,
} from '../models/analytics/projection';
import { upcastEvent } from '@bt/contracts';
import type { TableName } from '../database';
import { bankrollProjection, newBankroll } from '../models/bankroll/projection';
import { bankrollEntriesProjection } from '../models/bankroll-entries/projection';
import { betsProjection } from '../models/bets/projection';
import { dailyProjection, newDaily } from '../models/daily/projection';
import { goalsProjection } from '../models/goals/projection';
import { journalProjection } from '../models/journal/projection';
import { parlaysProjection } from '../models/parlays/projection';
import { foldOrder } from './order';
import type { ReadModel, ReadModelName, UserReadModels } from './read-model';
import type { RowChanges } from './rows';
import { KeyedRows, OneRow } from './row-sets';
import { RemovedRows, removedRowsProjection } from '../models/removed-rows/projection';
import { settingsProjection } from '../models/settings/projection';
import { newSportDistribution, sportDistributionProjection } from '../models/sport-distribution/projection';
import { newStreaks, streaksProjection } from '../models/streaks/projection';
import { newUserStats, userStatsProjection } from '../models/user-stats/projection';
import { noteStream, userStreamsProjection } from '../models/user-streams/projection';
import { usersProjection } from '../models/users/projection';
import { newPublicProfile, publicProfilesProjection } from '../models/public-profiles/projection';
import { occurredAt, type ProjectedEvent, type UserState } from './state';

/** Every read model. The order they see an event in is what each declares (`after`, `before`), not this list's. */
const LISTED: readonly ReadModel[] = [
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
  publicProfilesProjection,
  bankrollEntriesProjection,
];

/** The read models in the order they see an event (foldOrder of the list: it throws here on a cycle or an unknown name). */
export const READ_MODELS: readonly ReadModel[] = foldOrder(LISTED);

/** A user nobody has projected yet. Their one-per-user rows (user_stats, bankroll, streaks) are written by the first take. */
export const newUserState = (userId: string): UserState => ({
  userId,
  user: new OneRow('users', null),
  bets: new KeyedRows('bets', userId),
  // Stryker disable next-line all: equivalent: a stray change in a fresh state names no row, so no follower moves
  betChanges: [],
  parlays: new KeyedRows('parlays', userId),
  bankroll: newBankroll(userId),
  userStats: newUserStats(userId),
  daily: newDaily(userId),
  sportDistribution: newSportDistribution(userId),
  streaks: newStreaks(userId),
  goals: new KeyedRows('goals', userId),
  journalEntries: new KeyedRows('journal_entries', userId),
  userStreams: new Set(),
  settings: new OneRow('user_settings', null),
  analyticsDaily: newAnalyticsDaily(userId),
  analyticsMonthly: newAnalyticsMonthly(userId),
  analyticsTotals: newAnalyticsTotals(userId),
  removedRows: new RemovedRows(userId),
  publicProfile: newPublicProfile(),
  bankrollEntries: new KeyedRows('bankroll_entries', userId),
});

type AnyHandler = (state: UserState, event: ProjectedEvent, at: Date) => void;

/** How a state folds events and settles with some of the read models (in the order given: see foldOrder). */
interface Fold {
  project(state: UserState, stored: RecordedEvent): void;
  settle(state: UserState): void;
}

export const foldOf = (models: readonly ReadModel[]): Fold => {
  const handlers = new Map<string, AnyHandler[]>();
  for (const model of models) {
    for (const [type, handler] of Object.entries(model.reads)) {
      handlers.set(type, [...(handlers.get(type) ?? []), handler as AnyHandler]);
    }
  }
  const betFollowers = models.flatMap((model) => (model.followsBets ? [model.followsBets] : []));
  const settlers = models.flatMap((model) => (model.settle ? [model.settle] : []));
  const notesStreams = models.includes(userStreamsProjection);
  return {
    project(state, stored) {
      if (notesStreams) noteStream(state, stored);
      const list = handlers.get(stored.type); // only event types of the domain have handlers
      if (!list) return;
      const event = upcastEvent(stored); // old event versions read in today's schema (contracts)
      const at = occurredAt(event);
      for (const handle of list) handle(state, event as unknown as ProjectedEvent, at);
      // Stryker disable next-line all: equivalent: only saves work (recomputing gives the same rows)
      if (state.betChanges.length === 0) return;
      for (const change of state.betChanges) for (const follow of betFollowers) follow(state, change, at);
      state.betChanges.length = 0;
    },
    settle(state) {
      for (const settle of settlers) settle(state);
    },
  };
};

const EVERY_MODEL = foldOf(READ_MODELS);

/**
 * Folds one of the user's events into their state. Events that refer to something the state does
 * not hold (an amend of a removed bet) change nothing; unknown event types only index their stream.
 * Live projection, rebuild and asOf replay all fold through here.
 */
export const projectEvent: (state: UserState, stored: RecordedEvent) => void = EVERY_MODEL.project;

/** Reads off what is kept per event but written once per batch: streaks and goal amounts. */
export const settleUser: (state: UserState) => void = EVERY_MODEL.settle;

const MODELS_BY_NAME = new Map(READ_MODELS.map((model) => [model.name, model]));

/**
 * The read models a replay must fold to give `names` right: them and every model they derive from
 * (what their handlers read, `bets` for those that follow it), in READ_MODELS order.
 */
export const readModelsFor = (names: Iterable<ReadModelName>): ReadModelName[] => {
  const wanted = new Set<ReadModelName>();
  const visit = (name: ReadModelName): void => {
    if (wanted.has(name)) return;
    wanted.add(name);
    const model = MODELS_BY_NAME.get(name)!;
    if (model.followsBets) visit('bets');
    for (const used of model.uses ?? []) visit(used);
  };
  for (const name of names) visit(name);
  return READ_MODELS.filter((model) => wanted.has(model.name)).map((model) => model.name);
};

const folds = new Map<string, Fold>();
/** The fold of some read models only (from readModelsFor; all when absent): the rows of the others are left as they start. */
export const foldFor = (names?: readonly ReadModelName[]): Fold => {
  if (!names || names.length === READ_MODELS.length) return EVERY_MODEL;
  const key = names.join(',');
  let fold = folds.get(key);
  if (!fold) folds.set(key, (fold = foldOf(READ_MODELS.filter((model) => names.includes(model.name)))));
  return fold;
};

/** Moves the rows changed since the last take into `changes` (per table, in READ_MODELS order). */
export const takeUserChanges = (state: UserState, changes: RowChanges): void => {
  for (const model of READ_MODELS) model.rowSet(state).take(changes);
};

/** The tables a user's state is loaded from, and the read model each row goes to. */
export const LOADED: readonly { table: TableName; load: (state: UserState, row: object) => void }[] = READ_MODELS.filter(
  (model) => model !== userStreamsProjection,
) // nothing is derived from it
  .map((model) => ({ table: model.table, load: (state, row) => model.rowSet(state).load(row) }));

/** Every row the user has in the read models, built from their state (replay and tests); `only`: the models folded. */
const readModelParts = (state: UserState, hasEvents: boolean, only?: readonly ReadModelName[]) =>
  READ_MODELS.map(
    (model) =>
      [
        model.name,
        only && !only.includes(model.name)
          ? () => {
              throw new Error(`${model.name} was not replayed (the replay folded only ${only.join(', ')})`);
            }
          : () => model.replay(state, hasEvents),
      ] as const,
  );

export const userReadModels = (state: UserState, hasEvents = true, only?: readonly ReadModelName[]): UserReadModels =>
  only
    ? lazyUserReadModels(state, hasEvents, only)
    : (Object.fromEntries(readModelParts(state, hasEvents).map(([name, part]) => [name, part()])) as unknown as UserReadModels);

/**
 * The same rows, each list built when first read: a replay that shows stats does not sort a large
 * history's bets (20,000 of them: ~20 ms) for nothing. Reading a model a replay of `only` some did
 * not fold throws.
 */
export const lazyUserReadModels = (state: UserState, hasEvents = true, only?: readonly ReadModelName[]): UserReadModels => {
  const models = {} as UserReadModels;
  for (const [name, part] of readModelParts(state, hasEvents, only)) {
    let value: unknown;
    let built = false;
    Object.defineProperty(models, name, {
      enumerable: !only || only.includes(name),
      get: () => {
        if (!built) [value, built] = [part(), true];
        return value;
      },
    });
  }
  return models;
};
