import type { Selectable } from 'kysely';
import { col, table, type TableType } from '../../columns';

/**
 * What was removed, kept so that a restore brings it back with its full state: the bet's or parlay's
 * `bets` row (a parlay's with its `parlays` row in parlay_row), the goal's `goals` row, the entry's
 * `journal_entries` row, as they were when removed (GET /api/bets?deleted=true lists the bets and parlays).
 */
export const removed_rows = table('removed_rows', {
  owner: 'user_id',
  key: ['id'],
  columns: {
    id: col.uuid(),
    user_id: col.uuid(),
    kind: col.text<RemovedKind>(),
    removed_at: col.timestamptz(),
    row: col.jsonb<object>(),
    parlay_row: col.jsonb<object | null>().orNull(),
  },
});

/** What a removed_rows row holds: a single bet, a parlay, a goal or a journal entry. */
export type RemovedKind = 'bet' | 'parlay' | 'goal' | 'entry';

export type RemovedRow = Selectable<TableType<typeof removed_rows>>;
