import type { RemovedKind, RemovedRow, TableRows } from '../../database';
import type { Column, DeclaredTable } from '../../columns';
import { newestFirst, type ReadModel } from '../../fold/read-model';
import { KeyedRows } from '../../fold/row-sets';
import type { UserState } from '../../fold/state';
import { bets } from '../bets/table';
import { goals } from '../goals/table';
import { journal_entries } from '../journal/table';
import { parlays } from '../parlays/table';
import { removed_rows as removedRowsTable } from './table';

/** The table each kind's row comes from (and goes back to). */
const SOURCE = { bet: bets, parlay: bets, goal: goals, entry: journal_entries } as const satisfies Record<RemovedKind, DeclaredTable>;

/** The instants of each table a kept row comes from (jsonb hands them back as text). */
const TIMESTAMPS = new Map<string, string[]>(
  [bets, parlays, goals, journal_entries].map((table) => [
    table.name,
    Object.entries(table.columns as Record<string, Column>)
      .filter(([, column]) => column.type === 'timestamptz')
      .map(([name]) => name),
  ]),
);

/** A row kept in jsonb as its table would hold it again: its instants back as Dates. */
const revived = (table: DeclaredTable, row: object): object => {
  const copy: Record<string, unknown> = { ...row };
  for (const column of TIMESTAMPS.get(table.name)!) if (typeof copy[column] === 'string') copy[column] = new Date(copy[column] as string);
  return copy;
};

/** A removed_rows row as read from the table (jsonb hands instants back as text), as a user's state holds it. */
export const revivedRemovedRow = (removed: RemovedRow): RemovedRow => ({
  ...removed,
  removed_at: new Date(removed.removed_at),
  row: revived(SOURCE[removed.kind], removed.row),
  parlay_row: removed.parlay_row === null ? null : revived(parlays, removed.parlay_row),
});

/** `removed_rows` as a user's state holds them: rows loaded from the table get their nested instants back as Dates. */
export class RemovedRows extends KeyedRows<'removed_rows'> {
  constructor(userId: string) {
    super(removedRowsTable, userId);
  }

  override load(row: object): void {
    super.load(revivedRemovedRow(row as RemovedRow));
  }
}

const keep = (state: UserState, kind: RemovedKind, id: string, at: Date, row: object, parlayRow: object | null = null): void => {
  state.removedRows.put(id, { id, user_id: state.userId, kind, removed_at: at, row, parlay_row: parlayRow });
};

/**
 * Takes back what was kept of a removed thing of `kind` (undefined when nothing is: it was never
 * removed, or is already back). The projection that owns the row puts it back.
 */
export const takeRemoved = <K extends RemovedKind>(
  state: UserState,
  kind: K,
  id: string,
): { row: TableRows[(typeof SOURCE)[K]['name']]; parlayRow: TableRows['parlays'] | null } | undefined => {
  const removed = state.removedRows.get(id);
  if (!removed || removed.kind !== kind) return undefined;
  state.removedRows.remove(id);
  return { row: removed.row as TableRows[(typeof SOURCE)[K]['name']], parlayRow: removed.parlay_row as TableRows['parlays'] | null };
};

/**
 * `removed_rows`: a removed bet, parlay, goal or journal entry keeps the rows it had, so a restore
 * brings it back with its full state (and every read model that follows the bet history counts it
 * again). It sees a removal before the projections that drop the rows (its `before`); the
 * restores are read by the projections that own the rows, which take them back from here.
 */
export const removedRowsProjection: ReadModel<'removedRows', typeof removedRowsTable, RemovedRows, RemovedRow[]> = {
  name: 'removedRows',
  uses: ['bets', 'parlays', 'goals', 'journalEntries'],
  // It keeps a removed thing's rows: it must read them before their own projections drop them.
  before: ['bets', 'parlays', 'goals', 'journalEntries'],
  table: removedRowsTable,
  version: 1,
  initial: (userId) => new RemovedRows(userId),
  reads: {
    BetRemoved(state, { data }, at) {
      const bet = state.bets.get(data.betId);
      if (bet?.kind === 'bet') keep(state, 'bet', bet.id, at, bet);
    },
    ParlayRemoved(state, { data }, at) {
      const row = state.bets.get(data.parlayId);
      const parlay = state.parlays.get(data.parlayId);
      if (row?.kind === 'parlay' && parlay) keep(state, 'parlay', row.id, at, row, parlay);
    },
    GoalRemoved(state, { data }, at) {
      const goal = state.goals.get(data.goalId);
      // As the user set it: its amount and status are derived per batch, and again once restored.
      if (goal) keep(state, 'goal', goal.id, at, { ...goal, current_amount: 0, status: goal.paused ? 'paused' : 'active' });
    },
    JournalErased(state, { data }, at) {
      const entry = state.journalEntries.get(data.entryId);
      if (entry) keep(state, 'entry', entry.id, at, entry);
    },
  },
  rowSet: (state) => state.removedRows,
  replay: (state) =>
    state.removedRows.list().sort((a, b) => newestFirst({ created_at: a.removed_at, id: a.id }, { created_at: b.removed_at, id: b.id })),
};
