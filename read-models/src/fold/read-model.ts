import type { RecordedEvent } from '@bt/event-store';
import type { DeclaredTable } from '../columns';
import type { Listed } from './fold';
import type { RowSet } from './row-sets';
import type { BetRowChange, Handlers, StateBase, UserState } from './state';

/**
 * A read model: its part of the user's state and how a new user's starts, the table it derives and
 * the version of its logic, the events it reads and how each changes the state, and, for those
 * derived from the bet history, how a `bets` row changing changes it. Each lives in its own folder
 * under models/; fold.ts lists them, and UserState, UserReadModels, the tables (TABLES, kysely's
 * Database), READ_MODEL_VERSIONS and the loaded and written tables are derived from that list.
 * The order in which they see an event is not the list's: it is what `after` and `before` declare
 * (./order.ts).
 *
 * K: its name, its part of the user's state and of UserReadModels. T: its table's declaration
 * (models/<name>/table.ts): the list's tables are typed by theirs. P: its part of the state.
 * R: its rows in a replay. S: the state its handlers change (UserState, the parts of every listed
 * model; a model outside the list, as in a test, names a state holding its own part too).
 */
export interface ReadModel<
  K extends string = ReadModelName,
  T extends DeclaredTable = DeclaredTable,
  P = unknown,
  R = unknown,
  S = UserState,
> {
  name: K;
  /** Its table, declared in its folder: TABLES and kysely's Database are assembled from the list's. */
  table: T;
  /**
   * The version of its logic. Bump it with any change to the rows its projection writes for the
   * same events: a projector started with the new number rebuilds this read model (and those
   * derived from it) in the background and swaps it in (docs/design.md, "Versioned read models").
   */
  version: number;
  /** Its part of the state of a user nobody has projected yet (`state[name]`). */
  initial: (userId: string) => P;
  /** The events it reads. */
  reads: Handlers<S>;
  /** Each of the user's stored events, whatever its type (foreign ones too), before any handler sees it. */
  sees?: (state: S, stored: RecordedEvent) => void;
  /**
   * The other parts of the user's state its handlers read (`bets` is implied by followsBets): a
   * replay asked for only some read models folds these too (see readModelsFor in ./fold.ts).
   */
  uses?: readonly ReadModelName[];
  /** The read models whose handlers must see an event before its own do (they change rows its handlers read). */
  after?: readonly ReadModelName[];
  /** The read models whose handlers must see an event after its own do (its handlers read rows theirs change). */
  before?: readonly ReadModelName[];
  /**
   * How one `bets` row put, replaced or removed changes it: its typed dependency on `bets`. It runs
   * after every handler of the event, so it needs no `after: ['bets']`; the followers of one change
   * each update their own part of the state, in no particular order.
   */
  followsBets?: (state: S, change: BetRowChange, at: Date) => void;
  /** What it reads off what followsBets kept (streaks, goal amounts): once per batch, before its rows are taken. */
  settle?: (state: S) => void;
  /** false: a user's state is never loaded from its table (nothing is derived from its rows). */
  loaded?: false;
  /** Its rows in the user's state. */
  rowSet: (state: S) => RowSet;
  /** Its rows for a replay, in the order readers list them; `hasEvents`: whether any of the user's events was folded. */
  replay: (state: S, hasEvents: boolean) => R;
}

/** Any read model whose handlers change a state S (any state, for `never`: S is only ever a parameter). */
export type AnyReadModel<S = UserState> = ReadModel<string, DeclaredTable, unknown, unknown, S>;

/** Each read model's part of the user's state, by its name. */
export type ReadModelParts<M extends AnyReadModel<never>> = { [X in M as X['name']]: ReturnType<X['initial']> };

/** Each read model's rows for a replay, by its name. */
export type ReadModelRows<M extends AnyReadModel<never>> = { [X in M as X['name']]: ReturnType<X['replay']> };

/** Each read model's table declaration, by the table's name. */
export type ReadModelTables<M extends AnyReadModel<never>> = { [X in M as X['table']['name']]: X['table'] };

/** Each read model's version, by its name. */
export type ReadModelVersions<M extends AnyReadModel<never>> = { readonly [X in M as X['name']]: number };

/** The state of a user as the read models of M fold it. */
export type StateOf<M extends AnyReadModel<never>> = StateBase & ReadModelParts<M>;

/** One user's rows in every read model: what the tables hold for them, or what a replay computes (each model's `replay`). */
export type UserReadModels = ReadModelRows<Listed>;

/** A read model's part of the user's state and of UserReadModels. */
export type ReadModelName = Listed['name'];

/** Newest first: created_at, then id, descending. */
export const newestFirst = <R extends { created_at: Date; id: string }>(a: R, b: R): number =>
  b.created_at.getTime() - a.created_at.getTime() || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);
