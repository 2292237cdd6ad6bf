import { IMPORT_METADATA_KEY, streams, upcastEvent, type DomainEvent } from '@bt/contracts';
import type { EventStore, RecordedEvent, StreamAppend } from '@bt/event-store';
import { amendBet } from '../bets/amend-bet';
import { bet, type BetEvent } from '../bets/bet';
import { placeBet } from '../bets/place-bet';
import { createParlay } from '../parlays/create-parlay';
import { amendParlay } from '../parlays/amend-parlay';
import { parlay, type ParlayEvent } from '../parlays/parlay';
import type { RequestScope } from '../shared/http';
import { fold, type Recorded } from '../shared/command';
import { IdTable } from '../shared/id-table';
import { derivedId } from '../shared/ids';
import { countsIn } from '../shared/import-log';
import type { PlannedRow } from './import-plan';

/**
 * Where an import's rows go and what they append: the one decision the import (which appends it)
 * and its preview (which counts it, writing nothing) share, so a preview's "already imported" is
 * what the import then skips.
 */

const streamOf = (planned: PlannedRow, id: string) => (planned.value.kind === 'bet' ? streams.bet(id) : streams.parlay(id));

/** Metadata key of the events that undid an import stopped half-way (versions before imports were held; see DESIGN "Imports"). */
const COMPENSATES = 'compensates';

/**
 * A stream whose id is used up, so the row moves on to another: its last event undid a failed
 * import (before imports were held), or its events are an import's that never committed.
 */
const undone = (history: readonly RecordedEvent[], committed: ReadonlySet<string>) => {
  if (history.length === 0) return false;
  if (history.at(-1)!.metadata[COMPENSATES] !== undefined) return true;
  const importId = history[0].metadata[IMPORT_METADATA_KEY];
  return typeof importId === 'string' && !committed.has(importId);
};

/** How a stream's kind is told apart in an IdTable: the same UUID may be a bet's and a parlay's. */
const BET = 0;
const PARLAY = 1;
const tagOf = (planned: PlannedRow) => (planned.value.kind === 'bet' ? BET : PARLAY);

/** A row's stream: new, or (a row that amends) the bet's history as imported before. */
interface Choice {
  id: string;
  history?: readonly RecordedEvent[];
}

/**
 * The stream each row goes to: the first of its ids whose stream is free; undefined when the row
 * was imported before (its stream exists and is this user's, or the id is not the row's own UUID).
 */
const chooseStreams = async (
  store: EventStore,
  scope: RequestScope,
  rows: readonly PlannedRow[],
  known: ReadonlyMap<string, RecordedEvent[]>,
  takenHere: IdTable, // by an earlier row of this file (the same id twice), by kind
  committed: ReadonlySet<string>, // the user's imports that committed
) => {
  const ids = rows.flatMap((row) => row.ids.map(({ id }) => streamOf(row, id)));
  const histories = new Map(ids.flatMap((id) => (known.has(id) ? [[id, known.get(id)!] as const] : [])));
  for (const event of await store.readStreams(ids.filter((id) => !known.has(id)))) {
    let history = histories.get(event.streamId);
    if (!history) histories.set(event.streamId, (history = []));
    history.push(event);
  }
  const chosen: (Choice | undefined)[] = [];
  for (const row of rows) {
    let choice: Choice | undefined;
    for (const { id, ownerCheck } of row.ids) {
      let candidate = id;
      let history = histories.get(streamOf(row, candidate)) ?? [];
      while (undone(history, committed)) {
        candidate = derivedId(candidate, 'after-compensation');
        history = await store.readStream(streamOf(row, candidate));
      }
      if (takenHere.has(candidate, tagOf(row))) break;
      if (history.length === 0) {
        choice = { id: candidate };
        takenHere.set(candidate, tagOf(row));
        break;
      }
      // Another tracker's bet imported before: amended to what the row says now.
      if (row.amends) {
        choice = { id: candidate, history };
        takenHere.set(candidate, tagOf(row));
        break;
      }
      // Taken: imported before, unless it is the row's own UUID and the stream is someone else's.
      if (!ownerCheck || (history[0].data as { userId?: string }).userId === scope.userId) break;
    }
    chosen.push(choice);
  }
  return chosen;
};

/**
 * The events a row appends under `id`: what POST /api/bets or POST /api/parlays decides for its
 * body, placed now, so with the user's unit size of now.
 */
const decideRow = (planned: PlannedRow, id: string, scope: RequestScope, unitSize: number | null): DomainEvent[] => {
  const { value } = planned;
  return value.kind === 'bet'
    ? placeBet({ type: 'PlaceBet', data: { ...value.body, betId: id, unitSize }, metadata: scope.command }, bet.initialState())
    : createParlay(
        { type: 'CreateParlay', data: { ...value.body, parlayId: id, unitSize }, metadata: scope.command },
        parlay.initialState(),
      );
};

const recorded = <E>(history: readonly RecordedEvent[]) =>
  history.map((stored) => {
    const e = upcastEvent(stored);
    return { type: e.type, data: e.data, occurredAt: e.metadata.occurredAt } as unknown as Recorded<E & DomainEvent>;
  });

/**
 * The events that bring a bet or parlay imported before (from another tracker) to what its row
 * says now: PUT's decision with the row's fields (notes, which the file has none of, stay as they
 * are). Nothing when it is unchanged, or was removed since.
 */
const amendRow = (planned: PlannedRow, id: string, history: readonly RecordedEvent[], scope: RequestScope): DomainEvent[] => {
  const { value } = planned;
  if (value.kind === 'bet') {
    const state = fold(bet, recorded<BetEvent>(history));
    if (state.status !== 'placed' || state.userId !== scope.userId) return [];
    const { notes: _notes, ...body } = value.body;
    return amendBet({ type: 'AmendBet', data: { ...body, betId: id }, metadata: scope.command }, state);
  }
  const state = fold(parlay, recorded<ParlayEvent>(history));
  if (state.status !== 'created' || state.userId !== scope.userId) return [];
  const { notes: _notes, totalOdds: _total, ...body } = value.body;
  return amendParlay({ type: 'AmendParlay', data: { ...body, parlayId: id }, metadata: scope.command }, state);
};

/** Rows chosen a stream for at a time: one readStreams (and, importing, one commit) each. */
export const ROWS_PER_CHUNK = 200;

export async function* chunksOf<T>(items: AsyncIterable<T>, size: number): AsyncGenerator<T[]> {
  let chunk: T[] = [];
  for await (const item of items) {
    chunk.push(item);
    if (chunk.length === size) {
      yield chunk;
      chunk = [];
    }
  }
  if (chunk.length > 0) yield chunk;
}

/** A row's append: a new bet or parlay, or (`amends`) the changes to one imported before from another tracker. */
export interface RowAppend {
  streamId: string;
  events: DomainEvent[];
  expected: StreamAppend['expected'];
  amends: boolean;
}

/** What a chunk's rows are decided against: the streams read so far and taken by earlier rows of the file. */
export interface ChunkContext {
  /** Streams already read (an import's retry after a stream was taken meanwhile). */
  known: ReadonlyMap<string, RecordedEvent[]>;
  /** Ids chosen by earlier rows of this file (the same id twice), by kind. */
  takenHere: IdTable;
  /** The user's imports that committed. */
  committed: ReadonlySet<string>;
  /** The user's unit size now (a new bet records it). */
  unitSize: number | null;
}

/**
 * The appends of a chunk of rows, in order: a row imported before (its stream exists and is this
 * user's) appends nothing, unless it is another tracker's bet that changed since (amended). The
 * events carry no metadata yet: the import adds its own. Reads streams, writes nothing.
 */
export const decideChunk = async (
  store: EventStore,
  scope: RequestScope,
  chunk: readonly PlannedRow[],
  { known, takenHere, committed, unitSize }: ChunkContext,
): Promise<RowAppend[]> => {
  const chosen = await chooseStreams(store, scope, chunk, known, takenHere, committed);
  const appends: RowAppend[] = [];
  for (const [i, row] of chunk.entries()) {
    const choice = chosen[i];
    if (choice === undefined) continue;
    const { id, history } = choice;
    const streamId = streamOf(row, id);
    if (history) {
      // As the read models have it: an abandoned import's amends do not count.
      const events = amendRow(row, id, history.filter(countsIn(committed)), scope);
      if (events.length > 0) appends.push({ streamId, events, expected: history.at(-1)!.revision, amends: true });
      continue;
    }
    appends.push({ streamId, events: decideRow(row, id, scope, unitSize), expected: 'no_stream', amends: false });
  }
  return appends;
};
