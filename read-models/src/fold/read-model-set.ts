import type { RecordedEvent } from '@bt/event-store';
import { upcastEvent } from '@bt/contracts';
import { foldOrder } from './order';
import type { AnyReadModel, ReadModelRows, ReadModelTables, ReadModelVersions, StateOf } from './read-model';
import type { RowChanges } from './rows';
import { occurredAt, type ProjectedEvent, type StateBase } from './state';

type AnyHandler = (state: StateBase, event: ProjectedEvent, at: Date) => void;

/** How a state folds events and settles with some of the read models (in the order given: see foldOrder). */
export interface Fold<S> {
  project(state: S, stored: RecordedEvent): void;
  settle(state: S): void;
  /** Shows an event to the models that see every event (user_streams), folding it no further. */
  see(state: S, stored: RecordedEvent): void;
}

export const foldOf = <S extends StateBase>(models: readonly AnyReadModel<S>[]): Fold<S> => {
  const handlers = new Map<string, AnyHandler[]>();
  for (const model of models) {
    for (const [type, handler] of Object.entries(model.reads)) {
      handlers.set(type, [...(handlers.get(type) ?? []), handler as AnyHandler]);
    }
  }
  const betFollowers = models.flatMap((model) => (model.followsBets ? [model.followsBets] : []));
  const settlers = models.flatMap((model) => (model.settle ? [model.settle] : []));
  const seers = models.flatMap((model) => (model.sees ? [model.sees] : []));
  return {
    project(state, stored) {
      for (const see of seers) see(state, stored);
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
    see(state, stored) {
      for (const see of seers) see(state, stored);
    },
  };
};

/**
 * Everything derived from one list of read models (fold.ts' list; a test's own): their tables and
 * versions, a new user's state (StateBase and every model's `initial` part), the fold, the rows
 * taken and loaded, and a replay's rows, typed by the list (ReadModelTables, StateOf,
 * ReadModelRows). Every model's handlers must take the state the list gives.
 */
export const readModelSet = <M extends AnyReadModel<never>>(listed: readonly M[] & readonly AnyReadModel<StateOf<M>>[]) => {
  type S = StateOf<M>;
  type Rows = ReadModelRows<M>;
  // The list in fold order, seen as what each model is (M) and as what folds the list's state (every model's handlers take S).
  const ordered = foldOrder<M>(listed);
  const models = foldOrder<AnyReadModel<S>>(listed);
  const names = models.map((model) => model.name);
  const byName = new Map(models.map((model) => [model.name, model]));
  const every = foldOf(models);
  const folds = new Map<string, Fold<S>>();

  /** Every row the user has in the read models, built from their state (replay and tests); `only`: the models folded. */
  const parts = (state: S, hasEvents: boolean, only?: readonly string[]) =>
    models.map(
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

  return {
    /** The read models in the order they see an event (foldOrder of the list: it throws here on a cycle or an unknown name). */
    models: ordered,
    /**
     * Each model's table by its name, in fold order: the order a batch writes them in (no table's
     * rows depend on another's; a model written after another says so by `after`/`before`).
     */
    tables: Object.fromEntries(ordered.map((model) => [model.table.name, model.table])) as ReadModelTables<M>,
    /** Each model's version by its name (read_model_versions). */
    versions: Object.fromEntries(ordered.map((model) => [model.name, model.version])) as ReadModelVersions<M>,
    /** A user nobody has projected yet. Their one-per-user rows (user_stats, bankroll, streaks) are written by the first take. */
    newState: (userId: string): S =>
      ({
        userId,
        // Stryker disable next-line all: equivalent: a stray change in a fresh state names no row, so no follower moves
        betChanges: [],
        ...Object.fromEntries(models.map((model) => [model.name, model.initial(userId)])),
      }) as unknown as S,
    fold: every,
    /**
     * The read models a replay must fold to give `wanted` right: them and every model they derive
     * from (what their handlers read, `bets` for those that follow it), in the list's fold order.
     */
    readModelsFor(wanted: Iterable<M['name']>): M['name'][] {
      const found = new Set<string>();
      const visit = (name: string): void => {
        if (found.has(name)) return;
        found.add(name);
        const model = byName.get(name)!;
        if (model.followsBets) visit('bets');
        for (const used of model.uses ?? []) visit(used);
      };
      for (const name of wanted) visit(name);
      return names.filter((name) => found.has(name));
    },
    /** The fold of some read models only (from readModelsFor; all when absent): the rows of the others are left as they start. */
    foldFor(only?: readonly M['name'][]): Fold<S> {
      if (!only || only.length === models.length) return every;
      const key = only.join(',');
      let fold = folds.get(key);
      if (!fold) folds.set(key, (fold = foldOf(models.filter((model) => only.includes(model.name)))));
      return fold;
    },
    /** Moves the rows changed since the last take into `changes` (per table, in fold order). */
    take(state: S, changes: RowChanges): void {
      for (const model of models) model.rowSet(state).take(changes);
    },
    /** The tables a user's state is loaded from, and the read model each row goes to. */
    loaded: models
      .filter((model) => model.loaded !== false)
      .map((model) => ({
        table: model.table.name as M['table']['name'],
        load: (state: S, row: object) => model.rowSet(state).load(row),
      })) as readonly {
      table: M['table']['name'];
      load: (state: S, row: object) => void;
    }[],
    rows: (state: S, hasEvents = true, only?: readonly M['name'][]): Rows =>
      only
        ? lazyRows(parts(state, hasEvents, only), only)
        : (Object.fromEntries(parts(state, hasEvents).map(([name, part]) => [name, part()])) as Rows),
    lazyRows: (state: S, hasEvents = true, only?: readonly M['name'][]): Rows => lazyRows(parts(state, hasEvents, only), only),
  };
};

/** The rows of every part, each list built when first read; reading a part not folded throws. */
const lazyRows = <Rows>(parts: readonly (readonly [string, () => unknown])[], only?: readonly string[]): Rows => {
  const rows = {} as Record<string, unknown>;
  for (const [name, part] of parts) {
    let value: unknown;
    let built = false;
    Object.defineProperty(rows, name, {
      enumerable: !only || only.includes(name),
      get: () => {
        if (!built) [value, built] = [part(), true];
        return value;
      },
    });
  }
  return rows as Rows;
};
