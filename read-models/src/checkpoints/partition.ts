import type { RecordedEvent } from '@bt/event-store';
import { userOf } from '../fold/state';
import { CHECKPOINT_NAME } from '../database';

/**
 * Projector partitions (PROJECTOR_PARTITIONS=N, PROJECTOR_PARTITION=i): process i of N projects only
 * the users whose id hashes to i, with its own checkpoint row and its own batches. Every read-model
 * row belongs to one user (schema.ts' `owner`), so partitions never write the same row.
 */
export interface Partition {
  /** 0..count-1 */
  index: number;
  /** How many partitions share the log; 1 = one projector for everyone (the default). */
  count: number;
}

/** One projector for every user: today's layout, its checkpoint row is CHECKPOINT_NAME. */
export const WHOLE: Partition = { index: 0, count: 1 };

/** FNV-1a, 32 bits, over a text's UTF-16 code units (for a user id, lower-cased: a UUID's case does not change its owner). */
export const fnv1a = (text: string): number => {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
};

/**
 * The partition that owns a user, 0..count-1: the one stable hash of the user id, shared by the
 * projector (which events it folds) and query-api (which checkpoint X-Min-Position waits for).
 * Never change it: the rows already written are where this hash put them.
 */
export const partitionOf = (userId: string, count: number): number => (count <= 1 ? 0 : fnv1a(userId.toLowerCase()) % count);

/** True when `partition` folds this event: its user hashes there (events naming no user are nobody's). */
export const ownsEvent = (partition: Partition, event: RecordedEvent): boolean => {
  if (partition.count <= 1) return true;
  const userId = userOf(event);
  return userId !== undefined && partitionOf(userId, partition.count) === partition.index;
};

/** The events of a batch this partition folds (the whole batch for a single projector). */
export const ownedEvents = (partition: Partition, batch: RecordedEvent[]): RecordedEvent[] =>
  partition.count <= 1 ? batch : batch.filter((event) => ownsEvent(partition, event));

/** The partition's `checkpoints` row: CHECKPOINT_NAME for one partition, "read_models:i/N" for partition i of N. */
export const checkpointName = (partition: Partition): string =>
  partition.count <= 1 ? CHECKPOINT_NAME : `${CHECKPOINT_NAME}:${partition.index}/${partition.count}`;

const PARTITION_ROW = new RegExp(`^${CHECKPOINT_NAME}:(\\d+)/(\\d+)$`);

/** The partition a checkpoint row belongs to (the single projector's row is partition 0 of 1), or undefined for another row. */
export const partitionOfCheckpoint = (name: string): Partition | undefined => {
  if (name === CHECKPOINT_NAME) return WHOLE;
  const match = PARTITION_ROW.exec(name);
  if (!match) return undefined;
  const index = Number(match[1]);
  const count = Number(match[2]);
  return index < count ? { index, count } : undefined;
};

/**
 * The NOTIFY payload after a partition's batch: the position alone for the single projector (as
 * always), "i/N@commit.prepare" for partition i of N.
 */
export const positionPayload = (partition: Partition, position: string): string =>
  partition.count <= 1 ? position : `${partition.index}/${partition.count}@${position}`;

/** The partition and position a NOTIFY payload names (a bare position: partition 0 of 1). */
export const parsePositionPayload = (payload: string): { partition: Partition; position: string } | undefined => {
  const match = /^(\d+)\/(\d+)@(.+)$/.exec(payload.trim());
  if (!match) return { partition: WHOLE, position: payload.trim() };
  const index = Number(match[1]);
  const count = Number(match[2]);
  return index < count ? { partition: { index, count }, position: match[3] } : undefined;
};

/** A partition read from configuration, checked. */
export const partitionFrom = (index: number, count: number): Partition => {
  if (!Number.isInteger(count) || count < 1) throw new Error('Bad configuration: PROJECTOR_PARTITIONS: a whole number, 1 or more');
  if (!Number.isInteger(index) || index < 0 || index >= count) {
    throw new Error(`Bad configuration: PROJECTOR_PARTITION: a whole number from 0 to ${count - 1} (PROJECTOR_PARTITIONS is ${count})`);
  }
  return { index, count };
};
