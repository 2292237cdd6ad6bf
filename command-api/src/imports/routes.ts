import type Router from '@koa/router';
import {
  csvMapping,
  firstMessage,
  MESSAGES,
  pricedBet,
  pricedParlay,
  streams,
  upcastEvent,
  type CsvMapping,
  type DomainEvent,
  type ImportPreviewRow,
} from '@bt/contracts';
import {
  comparePositions,
  PartialAppend,
  WrongExpectedRevision,
  type AppendSummary,
  type EventStore,
  type Position,
  type RecordedEvent,
  type StreamAppend,
} from '@bt/event-store';
import { ConflictError, HttpError, ValidationError } from '@bt/platform';
import { amendBet } from '../bets/amend-bet';
import { bet, type BetEvent } from '../bets/bet';
import { placeBet } from '../bets/place-bet';
import { createParlay } from '../parlays/create-parlay';
import { amendParlay } from '../parlays/amend-parlay';
import { parlay, type ParlayEvent } from '../parlays/parlay';
import { reply, requestScope, type RequestScope } from '../shared/http';
import { fold, type Recorded } from '../shared/command';
import { IdTable } from '../shared/id-table';
import { derivedId } from '../shared/ids';
import type { RouteKit } from '../shared/router';
import { spooledBody } from '../shared/upload';
import { planImport, plannedRows, type PlannedRow } from './import-plan';

const mappingOf = (text: string | undefined): CsvMapping | undefined => {
  if (text === undefined || text.trim() === '') return undefined;
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  const parsed = csvMapping.safeParse(json);
  if (!parsed.success) throw new ValidationError(firstMessage(parsed.error));
  return parsed.data;
};

/** How often an import plans again after a stream it chose was taken meanwhile (a concurrent import of the same rows). */
const ATTEMPTS = 5;

const streamOf = (planned: PlannedRow, id: string) => (planned.value.kind === 'bet' ? streams.bet(id) : streams.parlay(id));

/** Metadata key of the events that undo an import stopped half-way (EventStoreDB; see `compensate`). */
const COMPENSATES = 'compensates';

/** A stream whose last event undid a failed import: its id is used up, the row moves on to another. */
const undone = (history: readonly RecordedEvent[]) => history.at(-1)?.metadata[COMPENSATES] !== undefined;

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
      while (undone(history)) {
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
const decideRow = (planned: PlannedRow, id: string, scope: RequestScope, unitSize: number | null) => {
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

/** A row as it would be stored (the import preview): its fields and the profit we price it at. */
const previewRow = (planned: PlannedRow): ImportPreviewRow => {
  const { value, row } = planned;
  const common = {
    row,
    kind: value.kind,
    date: value.body.date ?? null,
    stake: value.body.stake,
    outcome: value.body.outcome,
    book: value.body.book ?? null,
    tags: value.body.tags ?? [],
    notes: value.body.notes ?? null,
    bonusBet: value.body.bonusBet ?? false,
  };
  if (value.kind === 'bet') {
    const { body } = value;
    const price = pricedBet(body);
    return {
      ...common,
      sport: body.sport,
      league: body.league ?? null,
      event: body.event,
      betType: body.betType,
      odds: price.odds,
      closingOdds: price.closingOdds,
      profit: price.profit,
      legCount: null,
    };
  }
  const { body } = value;
  const price = pricedParlay(body);
  return {
    ...common,
    sport: null,
    league: null,
    event: body.name,
    betType: 'parlay',
    odds: price.totalOdds,
    closingOdds: null,
    profit: price.profit,
    legCount: body.legs.length,
  };
};

/** Rows the preview shows as they would be stored. */
const PREVIEW_ROWS = 20;

/** Removals of a failed import's bets sent at a time. */
const REMOVALS_AT_ONCE = 50;

/**
 * Undoes what an import appended before it failed half-way (it commits a few hundred rows at a
 * time): each bet and parlay it created and committed (`created`: its id, kind and revision) is
 * removed again, by events that say so in their metadata. An amend of a bet imported before stays
 * (removing it would lose that bet). Best effort: what cannot be undone stays (a bet changed since
 * is at another revision), and the import's error stands.
 */
const compensate = async (store: EventStore, scope: RequestScope, created: IdTable) => {
  const metadata = { ...scope.event, [COMPENSATES]: scope.event.commandId };
  let removals: Promise<unknown>[] = [];
  for (const { id, tag, value: revision } of created.entries()) {
    const [streamId, removal] =
      tag === BET
        ? [streams.bet(id), { type: 'BetRemoved', data: { userId: scope.userId, betId: id } }]
        : [streams.parlay(id), { type: 'ParlayRemoved', data: { userId: scope.userId, parlayId: id } }];
    removals.push(store.append(streamId, [{ ...removal, metadata }], BigInt(revision)).catch(() => undefined));
    if (removals.length === REMOVALS_AT_ONCE) {
      await Promise.all(removals);
      removals = [];
    }
  }
  await Promise.all(removals);
};

/** Rows chosen a stream for and appended at a time: one readStreams and one commit each. */
const ROWS_PER_CHUNK = 500;

async function* chunksOf<T>(items: AsyncIterable<T>, size: number): AsyncGenerator<T[]> {
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

const laterOf = (a: Position | undefined, b: Position | undefined) =>
  a === undefined || (b !== undefined && comparePositions(b, a) > 0) ? b : a;

/**
 * Appends every new row: all rows or none, whatever fails (the rows committed before a failure are
 * compensated). The rows are read from the file again as they are appended, a few hundred at a
 * time, and each few hundred are one appendEach that commits on its own, so an import never holds
 * back the log's readers (the projector, for everyone) for longer than one such chunk, and what it
 * keeps of the rows done is a few bytes each (the streams it took and created, in IdTables): its
 * memory does not grow with the file. Rows imported before are skipped. A stream taken meanwhile
 * (the same file imported twice at once) means planning again with what is there now.
 */
const importRows = async (store: EventStore, scope: RequestScope, unitSize: number | null, rows: () => AsyncIterable<PlannedRow>) => {
  const known = new Map<string, RecordedEvent[]>();
  for (let attempt = 1; ; attempt++) {
    let imported = 0;
    let amended = 0;
    let position: Position | undefined;
    const takenHere = new IdTable();
    // Streams this attempt created and committed, with their revision: what a failure undoes.
    const created = new IdTable();
    try {
      for await (const chunk of chunksOf(rows(), ROWS_PER_CHUNK)) {
        const chosen = await chooseStreams(store, scope, chunk, known, takenHere);
        const appends: StreamAppend[] = [];
        // This chunk's new streams: committed with it, or (EventStoreDB) as far as its PartialAppend says.
        const fresh = new Map<string, { id: string; tag: number; revision: number }>();
        for (const [i, row] of chunk.entries()) {
          const choice = chosen[i];
          if (choice === undefined) continue;
          const { id, history } = choice;
          const streamId = streamOf(row, id);
          if (history) {
            const events = amendRow(row, id, history, scope);
            if (events.length === 0) continue;
            amended++;
            appends.push({ streamId, events: events.map((e) => ({ ...e, metadata: scope.event })), expected: history.at(-1)!.revision });
            continue;
          }
          imported++;
          const events = decideRow(row, id, scope, unitSize).map((e) => ({ ...e, metadata: scope.event }));
          fresh.set(streamId, { id, tag: tagOf(row), revision: events.length - 1 });
          appends.push({ streamId, events, expected: 'no_stream' });
        }
        if (appends.length === 0) continue;
        let summary: AppendSummary;
        try {
          summary = await store.appendEach(appends);
        } catch (error) {
          if (error instanceof PartialAppend) {
            for (const { streamId } of error.appended) {
              const stream = fresh.get(streamId);
              if (stream) created.set(stream.id, stream.tag, stream.revision);
            }
          }
          throw error;
        }
        for (const stream of fresh.values()) created.set(stream.id, stream.tag, stream.revision);
        position = laterOf(position, summary.position);
      }
      return { imported, amended, position };
    } catch (error) {
      const cause = error instanceof PartialAppend ? error.cause : error;
      if (created.size > 0) await compensate(store, scope, created);
      if (!(cause instanceof WrongExpectedRevision)) throw cause;
      if (attempt === ATTEMPTS) throw new ConflictError();
      // Taken meanwhile: plan again (rows compensated get new ids). readStreams shows only what no
      // earlier transaction can still precede; this stream is there now.
      known.set(cause.streamId, await store.readStream(cause.streamId));
    }
  }
};

export const importRoutes = (router: Router, { services, auth, csv, idempotent }: RouteKit): void => {
  router.post('/import/bets', auth, csv, idempotent, async (ctx) => {
    const file = spooledBody(ctx);
    if (file === undefined) throw new HttpError(415, MESSAGES.importNotText);
    const mapping = mappingOf(typeof ctx.query.mapping === 'string' ? ctx.query.mapping : undefined);
    const scope = requestScope(ctx, services);
    const dryRun = ctx.query.dryRun === '1' || ctx.query.dryRun === 'true';
    // Pass 1 reads the whole file, keeping only what the answer shows; nothing is written yet.
    const plan = await planImport(file.read(), scope.userId, mapping, dryRun ? PREVIEW_ROWS : 0);
    if (dryRun) {
      // The preview: nothing is written.
      ctx.status = 200;
      ctx.body = {
        dryRun: true,
        format: plan.reading?.format ?? 'csv',
        columns: plan.reading?.columns ?? [],
        rowCount: plan.rowCount ?? 0,
        rows: (plan.preview ?? []).map(previewRow),
        errors: plan.ok ? [] : plan.errors,
        warnings: plan.warnings ?? [],
      };
      return;
    }
    if (!plan.ok) {
      ctx.status = 422;
      ctx.body = { imported: 0, skipped: 0, amended: 0, errors: plan.errors, warnings: [] };
      return;
    }
    // Pass 2 reads it again as it appends.
    const { imported, amended, position } = await importRows(services.store, scope, await services.unitSizes.current(scope.userId), () =>
      plannedRows(file.read(), scope.userId, mapping),
    );
    const skipped = plan.rowCount - imported - amended;
    reply(ctx, 200, { imported, skipped, amended, errors: [], warnings: plan.warnings }, position ?? (await services.store.headPosition()));
  });
};
