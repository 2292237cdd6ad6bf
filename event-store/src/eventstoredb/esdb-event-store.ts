import type {
  AllStreamRecordedEvent,
  EventStoreDBClient,
  JSONType,
  ReadPosition,
  RecordedEvent as EsdbRecordedEvent,
} from '@eventstore/db-client';
import { Observable } from 'rxjs';
import { v7 as uuidv7 } from 'uuid';
import {
  START,
  WrongExpectedRevision,
  appendInTurn,
  appendEachInTurn,
  comparePositions,
  type AppendResult,
  type EventMetadata,
  type EventStore,
  type ExpectedRevision,
  type NewEvent,
  type Position,
  type ReadAllOptions,
  type RecordedEvent,
  type SubscribeOptions,
  mapWithConcurrency,
  mergeByPosition,
  pagesReadAhead,
} from '../port';

export interface EsdbEventStoreOptions {
  /** e.g. `esdb://localhost:2113?tls=false`, or `esdb+discover://...` for a cluster. */
  connectionString: string;
}

/** Events the server writes itself (`$`-prefixed types, as `excludeSystemEvents()` filters them). */
const isSystemEvent = (e: { type: string }) => e.type.startsWith('$');

/** Events read per request when paging `$all` (system events are skipped, so a page may need several). */
const READ_BATCH = 500;

/** Stream reads in flight at once for `readStreams`. */
const STREAM_READ_CONCURRENCY = 16;

/**
 * The EventStoreDB adapter of the event store port, over `$all` without system events. Positions are
 * `$all`'s (commit, prepare) pairs. The client library (gRPC) is loaded only when this is called.
 */
export async function createEsdbEventStore({ connectionString }: EsdbEventStoreOptions): Promise<EventStore> {
  const esdb = await import('@eventstore/db-client');
  const client: EventStoreDBClient = esdb.EventStoreDBClient.connectionString(connectionString);
  const subscriptions = new Set<() => void>();
  const fromPosition = (p: Position): ReadPosition => (comparePositions(p, START) === 0 ? esdb.START : p);

  const toRecorded = (e: EsdbRecordedEvent, position: Position | undefined): RecordedEvent => ({
    id: e.id,
    streamId: e.streamId,
    revision: e.revision,
    // Servers from 22.6 send positions with stream reads too; older ones only with $all reads.
    position: position ?? START,
    type: e.type,
    data: e.isJson ? e.data : Buffer.from(e.data as Uint8Array).toString('base64'),
    metadata: (e.metadata instanceof Uint8Array || e.metadata === undefined ? {} : e.metadata) as EventMetadata,
    recordedAt: e.created.toISOString(),
  });

  /** Reads `$all` from `after` (exclusive) in `direction`, calling `take` until it returns false. */
  const scanAll = async (after: Position | 'end', direction: 'forwards' | 'backwards', take: (e: AllStreamRecordedEvent) => boolean) => {
    // Reads from a position include the event at it: `cursor` skips what was already seen.
    let cursor = after;
    for (;;) {
      let read = 0;
      const start = cursor;
      const from: ReadPosition = start === 'end' ? esdb.END : fromPosition(start);
      for await (const resolved of client.readAll({ fromPosition: from, direction, maxCount: READ_BATCH })) {
        read++;
        const e = resolved.event;
        if (!e) continue;
        if (cursor !== 'end' && comparePositions(e.position, cursor) * (direction === 'forwards' ? 1 : -1) <= 0) continue;
        cursor = e.position;
        if (!take(e)) return; // leaving the loop cancels the read
      }
      if (read < READ_BATCH || cursor === start) return;
    }
  };

  const readStream = async (streamId: string): Promise<RecordedEvent[]> => {
    const events: RecordedEvent[] = [];
    try {
      for await (const resolved of client.readStream(streamId, { fromRevision: esdb.START, direction: esdb.FORWARDS })) {
        if (resolved.event) events.push(toRecorded(resolved.event, resolved.event.position));
      }
    } catch (e) {
      if (e instanceof esdb.StreamNotFoundError) return [];
      throw e;
    }
    return events;
  };

  const readAll = async ({ after, maxCount }: ReadAllOptions): Promise<RecordedEvent[]> => {
    const page: RecordedEvent[] = [];
    if (maxCount <= 0) return page;
    await scanAll(after, esdb.FORWARDS, (e) => {
      if (!isSystemEvent(e)) page.push(toRecorded(e, e.position));
      return page.length < maxCount;
    });
    return page;
  };

  const store: EventStore = {
    async append(streamId: string, events: NewEvent[], expected: ExpectedRevision): Promise<AppendResult> {
      if (events.length === 0) throw new TypeError(`append to ${streamId} needs at least one event`);
      const data = events.map((e) =>
        esdb.jsonEvent({ id: e.id ?? uuidv7(), type: e.type, data: (e.data ?? null) as JSONType, metadata: e.metadata }),
      );
      try {
        const result = await client.appendToStream(streamId, data, {
          expectedRevision: expected === 'no_stream' ? esdb.NO_STREAM : expected === 'any' ? esdb.ANY : expected,
        });
        // The port promises the position of the last event appended, which readers' checkpoints
        // reach. What the append result holds for a multi-event write (the write's commit
        // position?) is not documented, so we read that event's own position back.
        let position = result.position;
        for await (const resolved of client.readStream(streamId, { fromRevision: result.nextExpectedRevision, maxCount: 1 })) {
          position = resolved.event?.position ?? position;
        }
        return { nextRevision: result.nextExpectedRevision, position: position ?? START };
      } catch (e) {
        if (e instanceof esdb.WrongExpectedVersionError) {
          const actual = e.actualVersion;
          throw new WrongExpectedRevision(streamId, expected, typeof actual === 'bigint' ? actual : 'no_stream');
        }
        throw e;
      }
    },

    // No multi-stream transactions in EventStoreDB: in turn, a failure half-way is a PartialAppend.
    appendMany(appends) {
      return appendInTurn((streamId, events, expected) => store.append(streamId, events, expected), appends);
    },

    // Never one transaction here: in turn, a PartialAppend on a failure after the first (atomic or not).
    appendEach(appends) {
      return appendEachInTurn((streamId, events, expected) => store.append(streamId, events, expected), appends);
    },

    readStream,

    async readStreams(streamIds: readonly string[], after?: Position): Promise<RecordedEvent[]> {
      // Each stream is read on its own (no single instant across them, unlike Postgres), then merged
      // by $all position, which stream reads carry on servers from 22.6 (older ones give none).
      const ids = [...new Set(streamIds)];
      const streams = await mapWithConcurrency(ids, STREAM_READ_CONCURRENCY, readStream);
      const merged = mergeByPosition(streams);
      return after ? merged.filter((e) => comparePositions(e.position, after) > 0) : merged;
    },

    readAll,

    readAllPages: (after: Position, pageSize?: number) =>
      pagesReadAhead((from, maxCount) => readAll({ after: from, maxCount }), after, pageSize),

    subscribeAll: ({ after }: SubscribeOptions) =>
      new Observable<RecordedEvent>((subscriber) => {
        const subscription = client.subscribeToAll({
          fromPosition: fromPosition(after),
          filter: esdb.excludeSystemEvents(),
        });
        let cursor = after;
        let closed = false;
        const stop = () => {
          if (closed) return;
          closed = true;
          subscriptions.delete(complete);
          subscription.unsubscribe().catch(() => undefined);
        };
        const complete = () => {
          subscriber.complete();
          stop();
        };
        subscription.on('data', (resolved) => {
          const e = resolved.event;
          // Guards the "exclusive" contract whatever the server does with the start position.
          if (closed || !e || comparePositions(e.position, cursor) <= 0) return;
          cursor = e.position;
          subscriber.next(toRecorded(e, e.position));
        });
        subscription.on('error', (error) => {
          if (!closed) subscriber.error(error);
          stop();
        });
        subscription.on('end', () => {
          if (!closed) subscriber.error(new Error('EventStoreDB ended the $all subscription'));
          stop();
        });
        subscriptions.add(complete);
        return stop;
      }),

    async headPosition(): Promise<Position> {
      let head: Position = START;
      await scanAll('end', esdb.BACKWARDS, (e) => {
        if (isSystemEvent(e)) return true;
        head = e.position;
        return false;
      });
      return head;
    },

    async deleteStreams(streamIds, options = {}) {
      for (const streamId of new Set(streamIds)) {
        try {
          if (options.reusable?.(streamId)) await client.deleteStream(streamId);
          else await client.tombstoneStream(streamId);
        } catch (error) {
          // Missing or already deleted: nothing left to erase.
          if (!(error instanceof esdb.StreamNotFoundError || error instanceof esdb.StreamDeletedError)) throw error;
        }
      }
    },

    async close() {
      for (const complete of [...subscriptions]) complete();
      await client.dispose();
    },
  };
  return store;
}
