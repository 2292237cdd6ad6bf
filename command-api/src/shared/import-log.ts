import { IMPORT_METADATA_KEY, streams, type CsvMapping, type EventData } from '@bt/contracts';
import type { EventStore, RecordedEvent } from '@bt/event-store';

type Lifecycle = EventData<'ImportStarted'> | EventData<'ImportCommitted'> | EventData<'ImportAbandoned'>;

/** A user's imports as their `imports-` stream tells: the committed ones, and the one still open (if any). */
export interface ImportLog {
  /** The stream's last revision (undefined: no import yet). */
  revision: bigint | undefined;
  committed: ReadonlySet<string>;
  /** The last import started and not ended: its process died, or it runs now (when the caller does not hold the slot). */
  open: string | undefined;
  /** The mapping remembered per header set (`headerSetKey`): the last ImportMappingSaved for it. */
  mappings: ReadonlyMap<string, CsvMapping>;
}

/** Reads a user's `imports-` stream. */
export const readImportLog = async (store: EventStore, userId: string): Promise<ImportLog> => {
  const history: RecordedEvent[] = await store.readStream(streams.imports(userId));
  const committed = new Set<string>();
  const mappings = new Map<string, CsvMapping>();
  let open: string | undefined;
  for (const event of history) {
    if (event.type === 'ImportMappingSaved') {
      const { headers, mapping } = event.data as EventData<'ImportMappingSaved'>;
      mappings.set(headers, mapping as CsvMapping);
      continue;
    }
    const { importId } = event.data as Lifecycle;
    if (event.type === 'ImportStarted') open = importId;
    else {
      if (event.type === 'ImportCommitted') committed.add(importId);
      if (open === importId) open = undefined;
    }
  }
  return { revision: history.at(-1)?.revision, committed, open, mappings };
};

/** True for an event that counts: appended by no import, or by one of `committed` (DESIGN "Imports"). */
export const countsIn =
  (committed: ReadonlySet<string>) =>
  (event: RecordedEvent): boolean => {
    const importId = event.metadata[IMPORT_METADATA_KEY];
    return typeof importId !== 'string' || committed.has(importId);
  };
