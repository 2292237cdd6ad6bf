import { IMPORT_METADATA_KEY } from '@bt/contracts';
import type { RecordedEvent } from '@bt/event-store';

/** The import an event was appended by (its metadata), if any. */
export const importOf = (event: RecordedEvent): string | undefined => {
  const id = event.metadata?.[IMPORT_METADATA_KEY];
  return typeof id === 'string' ? id : undefined;
};

/** An import's start or end (ImportStarted, ImportCommitted, ImportAbandoned), with the import's id. */
export type ImportLifecycle = { kind: 'start' | 'commit' | 'abandon'; importId: string };

const KINDS: Record<string, ImportLifecycle['kind']> = { ImportStarted: 'start', ImportCommitted: 'commit', ImportAbandoned: 'abandon' };

export const importLifecycle = (event: RecordedEvent): ImportLifecycle | undefined => {
  const kind = KINDS[event.type];
  if (kind === undefined) return undefined;
  const importId = (event.data as { importId?: unknown } | null)?.importId;
  return typeof importId === 'string' ? { kind, importId } : undefined;
};

export interface AdmittedEvents {
  /** The events to fold, in log order. */
  admitted: RecordedEvent[];
  /**
   * Folding stopped after this import's ImportStarted (the last admitted event): it is not resolved
   * within the events given, so neither it nor anything of the user after it counts yet.
   */
  waitingFor?: string;
}

/**
 * The one rule for imports (DESIGN "Imports"), over one user's events in log order: an import's
 * rows count all at once or never. An event appended by an import counts only if it comes after
 * the import's ImportStarted and before its ImportCommitted (an abandoned import's, or a straggler's
 * after its end, never does); and the user's events stop at the ImportStarted of an import that is
 * not resolved within `events`, since nothing after it can be known yet. `startedBefore`: the import
 * whose ImportStarted came just before `events` (a held user's releases read on from it).
 */
export function admitImports(events: readonly RecordedEvent[], startedBefore?: string | null): AdmittedEvents {
  const resolved = new Map<string, 'commit' | 'abandon'>();
  let any = startedBefore != null;
  for (const event of events) {
    const lifecycle = importLifecycle(event);
    if (lifecycle === undefined) {
      if (!any && importOf(event) !== undefined) any = true;
      continue;
    }
    any = true;
    if (lifecycle.kind !== 'start' && !resolved.has(lifecycle.importId)) resolved.set(lifecycle.importId, lifecycle.kind);
  }
  if (!any) return { admitted: events as RecordedEvent[] };
  const admitted: RecordedEvent[] = [];
  // Imports started (in order) and committed later: their events count while they are open.
  const counting = new Set<string>();
  const open = (importId: string) => {
    if (resolved.get(importId) === 'commit') counting.add(importId);
  };
  if (startedBefore != null) {
    if (!resolved.has(startedBefore)) return { admitted, waitingFor: startedBefore };
    open(startedBefore);
  }
  for (const event of events) {
    const lifecycle = importLifecycle(event);
    if (lifecycle) {
      admitted.push(event);
      if (lifecycle.kind === 'start') {
        if (!resolved.has(lifecycle.importId)) return { admitted, waitingFor: lifecycle.importId };
        open(lifecycle.importId);
      } else {
        counting.delete(lifecycle.importId);
      }
      continue;
    }
    const importId = importOf(event);
    if (importId === undefined || counting.has(importId)) admitted.push(event);
  }
  return { admitted };
}
