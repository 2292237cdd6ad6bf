import type { RecordedEvent } from '@bt/event-store';
import { toNewEvent, type GeneratedEvent } from './generate';

/** A generated history as the store would hand it back (positions and revisions in order), without a store. */
export const recordedHistory = (history: readonly GeneratedEvent[]): RecordedEvent[] => {
  const revisions = new Map<string, bigint>();
  return history.map((generated, i) => {
    const revision = revisions.get(generated.streamId) ?? 0n;
    revisions.set(generated.streamId, revision + 1n);
    return {
      ...toNewEvent(generated, i),
      id: `generated-${i}`,
      streamId: generated.streamId,
      revision,
      position: { commit: BigInt(i + 1), prepare: BigInt(i + 1) },
      recordedAt: generated.occurredAt,
    };
  });
};
