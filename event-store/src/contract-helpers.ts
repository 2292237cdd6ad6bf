/** Helpers of the event store contract (contract-suite.ts), also used by the adapters' own tests. */
import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import { filter, firstValueFrom, take, tap, timeout, toArray, type Observable } from 'rxjs';
import { comparePositions, type EventMetadata, type NewEvent, type Position, type RecordedEvent } from './port';

/** A fresh stream id, named like the domain's (`bet-{uuid}`). */
export const streamId = (category: string): string => `${category}-${randomUUID()}`;

export const metadata = (): EventMetadata => ({ occurredAt: new Date().toISOString(), commandId: randomUUID(), schemaVersion: 1 });

export const event = (type: string, data: unknown, id?: string): NewEvent => ({ ...(id ? { id } : {}), type, data, metadata: metadata() });

/** Collects `count` events matching `keep`, unsubscribing afterwards; fails after 20 s without progress. */
export function collect(
  events: Observable<RecordedEvent>,
  keep: (e: RecordedEvent) => boolean,
  count: number,
  onEach?: (seen: RecordedEvent[]) => void,
): Promise<RecordedEvent[]> {
  const seen: RecordedEvent[] = [];
  return firstValueFrom(
    events.pipe(
      filter(keep),
      tap((e) => {
        seen.push(e);
        onEach?.(seen);
      }),
      take(count),
      timeout({ each: 20_000 }),
      toArray(),
    ),
  );
}

export function expectIncreasing(positions: Position[]): void {
  for (let i = 1; i < positions.length; i++) {
    expect(comparePositions(positions[i - 1], positions[i]), `position ${i} is after position ${i - 1}`).to.equal(-1);
  }
}

/** The error `promise` rejects with; fails when it resolves. */
export async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (e) {
    return e;
  }
  throw new Error('expected a rejection');
}
