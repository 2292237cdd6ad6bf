import type { Kysely } from 'kysely';
import { comparePositions, parsePosition, START } from '@bt/event-store/port';
import { CHECKPOINT_NAME, type Database } from '../database';
import { checkpointName, partitionOf, partitionOfCheckpoint, type Partition } from './partition';

/**
 * Each partition's checkpoint row, and where a partition starts when the layout (the number of
 * partitions) changed: a partition without its own row, or whose row is older than another
 * layout's, starts from the layout written last, provided that layout's partitions all stopped at
 * one position (one projector always has). Anything else would apply some users' events twice or
 * skip them: the read models must be rebuilt.
 */

export interface CheckpointRow {
  name: string;
  position: string;
  updated_at: Date;
}

export class LayoutChanged extends Error {}

/** Every checkpoint row of the read models (one projector's, and each partition's). */
export const readCheckpointRows = async (db: Kysely<Database>, schema: string): Promise<CheckpointRow[]> =>
  (await db
    .withSchema(schema)
    .selectFrom('checkpoints')
    .select(['name', 'position', 'updated_at'])
    .where((eb) => eb.or([eb('name', '=', CHECKPOINT_NAME), eb('name', 'like', `${CHECKPOINT_NAME}:%`)]))
    .execute()) as CheckpointRow[];

const time = (row: CheckpointRow) => new Date(row.updated_at).getTime();

/**
 * Where `partition` stands: its own row while that is the newest layout's, else the position it
 * takes over (undefined: the start of the log). Throws LayoutChanged when there is no single one.
 */
export function startingPosition(rows: readonly CheckpointRow[], partition: Partition): { position: string | undefined; own: boolean } {
  const name = checkpointName(partition);
  const own = rows.find((row) => row.name === name);
  const layouts = rows.map((row) => ({ row, layout: partitionOfCheckpoint(row.name) }));
  const others = layouts.filter(({ layout }) => layout !== undefined && layout.count !== partition.count);
  const newest = others.reduce<(typeof others)[number] | undefined>((a, b) => (a && time(a.row) >= time(b.row) ? a : b), undefined);
  if (own && (!newest || time(own) >= time(newest.row))) return { position: own.position, own: true };
  if (!newest) return { position: undefined, own: false };
  const count = newest.layout!.count;
  const previous = layouts.filter(({ layout }) => layout?.count === count).map(({ row }) => row.position);
  if (previous.length !== count || new Set(previous).size !== 1) {
    throw new LayoutChanged(
      `the read models were last written by ${count} projector partition(s) that stopped at different positions; ` +
        `rebuild them (npm run projections:rebuild) before running ${partition.count} partition(s)`,
    );
  }
  return { position: previous[0], own: false };
}

/** The partition's position for readers (X-Min-Position, lag): undefined when unknown (before the first batch, or an unfinished layout change). */
export async function readPartitionCheckpoint(db: Kysely<Database>, schema: string, partition: Partition): Promise<string | undefined> {
  return (await readPartitionCheckpoints(db, schema, partition.count))[partition.index];
}

/** Every partition's position, by index (one query). */
export async function readPartitionCheckpoints(db: Kysely<Database>, schema: string, count: number): Promise<(string | undefined)[]> {
  const rows = await readCheckpointRows(db, schema);
  return Array.from({ length: count }, (_, index) => {
    try {
      return startingPosition(rows, { index, count }).position;
    } catch (error) {
      if (error instanceof LayoutChanged) return undefined;
      throw error;
    }
  });
}

/** The least advanced of the partitions (readiness and lag follow the slowest). */
export async function slowestCheckpoint(db: Kysely<Database>, schema: string, count: number): Promise<string | undefined> {
  const positions = await readPartitionCheckpoints(db, schema, count);
  let slowest: string | undefined;
  for (const [i, position] of positions.entries()) {
    if (position === undefined) return undefined;
    if (i === 0 || comparePositions(parsePosition(position) || START, parsePosition(slowest!) || START) < 0) slowest = position;
  }
  return slowest;
}

/**
 * The position up to which `userId`'s events are folded, from every checkpoint row: the row of the
 * partition that owns the user in the layout written last (undefined before the first batch).
 */
export function userCheckpoint(rows: readonly CheckpointRow[], userId: string): string | undefined {
  let newest: CheckpointRow | undefined;
  for (const row of rows) {
    const layout = partitionOfCheckpoint(row.name);
    if (layout === undefined || partitionOf(userId, layout.count) !== layout.index) continue;
    if (newest === undefined || time(row) > time(newest)) newest = row;
  }
  return newest?.position;
}
