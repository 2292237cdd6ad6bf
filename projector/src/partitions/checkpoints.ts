import { sql, type Kysely } from 'kysely';
import { checkpointName, positionPayload, readCheckpointRows, startingPosition, type Database, type Partition } from '@bt/read-models';
import { checkpointSql, notifyPosition } from '../db/writer';
import { batchLockSql } from './lease';

/**
 * At a (re)start, with the partition's lease held: its own row, or the position it takes over,
 * written as its own row (then announced), so that every batch after it is a compare-and-set of
 * that row. Throws LayoutChanged when the read models must be rebuilt first.
 */
export async function adoptCheckpoint(db: Kysely<Database>, schema: string, partition: Partition): Promise<string | undefined> {
  return db.transaction().execute(async (trx) => {
    const name = checkpointName(partition);
    await sql.raw(batchLockSql(schema, partition)).execute(trx);
    const { position, own } = startingPosition(await readCheckpointRows(trx, schema), partition);
    if (own || position === undefined) return position;
    await sql.raw(checkpointSql(schema, position, name)).execute(trx);
    await notifyPosition(trx, positionPayload(partition, position));
    return position;
  });
}
