import { START, WrongExpectedRevision, type EventStore, type NewEvent, type Position, type RecordedEvent } from './port';

export interface CopyProgress {
  /** Events appended to the target by this run. */
  copied: number;
  /** Events the target already had (from an earlier, interrupted run). */
  skipped: number;
  /** Source position of the last event handled. */
  position: Position;
}

export interface CopyOptions {
  /** Events read from the source per page; default 1000. */
  pageSize?: number;
  /** Source position to continue after (a `position` reported earlier); default START. */
  after?: Position;
}

/** The target holds a different history for a stream than the source: copying would corrupt it. */
export class DivergentStream extends Error {
  constructor(
    readonly streamId: string,
    readonly revision: bigint,
  ) {
    super(`Target stream ${streamId} differs from the source at revision ${revision}`);
    this.name = 'DivergentStream';
  }
}

/**
 * Copies the whole log of `from` into `to` in global order (Postgres <-> EventStoreDB), keeping
 * stream ids, revisions, event ids, types, data and metadata. (The target records its own
 * `recordedAt`; the command's time stays in `metadata.occurredAt`.)
 *
 * Every append states the revision it expects, so re-running after an interruption continues where
 * the copy stopped: events a target stream already has (same ids at the same revisions) are
 * skipped, and a target stream with a different history stops the copy with DivergentStream.
 * Appends are sequential: that is what keeps the target's global order the source's.
 */
export async function copyLog(
  from: EventStore,
  to: EventStore,
  onProgress?: (progress: CopyProgress) => void,
  options: CopyOptions = {},
): Promise<CopyProgress> {
  const pageSize = options.pageSize ?? 1000;
  // Revision of each target stream as far as this run knows, so each stream is looked at once.
  const targetRevision = new Map<string, bigint>();
  // Event ids of target streams that already held events when this run reached them.
  const existingIds = new Map<string, string[]>();
  const progress: CopyProgress = { copied: 0, skipped: 0, position: options.after ?? START };

  const copyRun = async (run: RecordedEvent[]) => {
    const streamId = run[0].streamId;
    const last = run[run.length - 1].revision;
    const verify = () => {
      const ids = existingIds.get(streamId) ?? [];
      const differing = run.find((e) => e.revision < ids.length && ids[Number(e.revision)] !== e.id);
      if (differing) throw new DivergentStream(streamId, differing.revision);
    };
    verify();
    let missing = run.filter((e) => e.revision > (targetRevision.get(streamId) ?? -1n));
    if (missing.length > 0) {
      try {
        await appendFrom(to, missing);
      } catch (e) {
        if (!(e instanceof WrongExpectedRevision)) throw e;
        // The target already has part of this stream (an interrupted run): the same events, or we stop.
        const existing = await to.readStream(streamId);
        existingIds.set(
          streamId,
          existing.map((x) => x.id),
        );
        targetRevision.set(streamId, BigInt(existing.length) - 1n);
        verify();
        missing = missing.filter((x) => x.revision >= BigInt(existing.length));
        if (missing.length > 0) await appendFrom(to, missing);
      }
    }
    const known = targetRevision.get(streamId) ?? -1n;
    targetRevision.set(streamId, known > last ? known : last);
    progress.copied += missing.length;
    progress.skipped += run.length - missing.length;
  };

  for await (const page of from.readAllPages(progress.position, pageSize)) {
    // Consecutive events of one stream (typically one source append) become one target append.
    let run: RecordedEvent[] = [];
    for (const event of page) {
      const previous = run[run.length - 1];
      if (previous && (previous.streamId !== event.streamId || previous.revision + 1n !== event.revision)) {
        await copyRun(run);
        run = [];
      }
      run.push(event);
    }
    await copyRun(run);
    progress.position = page[page.length - 1].position;
    onProgress?.({ ...progress });
  }
  return progress;
}

function appendFrom(to: EventStore, events: RecordedEvent[]) {
  const first = events[0].revision;
  const copies: NewEvent[] = events.map((e) => ({ id: e.id, type: e.type, data: e.data, metadata: e.metadata }));
  return to.append(events[0].streamId, copies, first === 0n ? 'no_stream' : first - 1n);
}
