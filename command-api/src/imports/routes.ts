import type Router from '@koa/router';
import {
  csvMapping,
  firstMessage,
  IMPORT_METADATA_KEY,
  MESSAGES,
  pricedBet,
  pricedParlay,
  streams,
  upcastEvent,
  type CsvMapping,
  type DomainEvent,
  type EventData,
  type ImportPreviewRow,
} from '@bt/contracts';
import type { Kysely } from 'kysely';
import {
  formatPosition,
  PartialAppend,
  WrongExpectedRevision,
  type EventStore,
  type RecordedEvent,
  type StreamAppend,
} from '@bt/event-store';
import { ConflictError, HttpError, ValidationError } from '@bt/platform';
import type { CommandDatabase } from '../db/schema';
import { amendBet } from '../bets/amend-bet';
import { bet, type BetEvent } from '../bets/bet';
import { placeBet } from '../bets/place-bet';
import { createParlay } from '../parlays/create-parlay';
import { amendParlay } from '../parlays/amend-parlay';
import { parlay, type ParlayEvent } from '../parlays/parlay';
import { reply, requestScope, type IdempotencyState, type RequestScope } from '../shared/http';
import { fold, type Recorded } from '../shared/command';
import { IdTable } from '../shared/id-table';
import { derivedId } from '../shared/ids';
import type { RouteKit } from '../shared/router';
import { spooledBody } from '../shared/upload';
import { planImport, plannedRows, type PlannedRow } from './import-plan';
import { abandonOpenImport, readModelsReached, runningImports } from './import-slots';
import { countsIn, readImportLog } from '../shared/import-log';

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

/** Rows chosen a stream for and appended at a time: one readStreams and one commit each. */
const ROWS_PER_CHUNK = 200;

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

/**
 * Appends every new row, all or none (DESIGN "Imports"): an ImportStarted, then the rows a couple of
 * hundred at a time (each chunk one appendEach that commits on its own, so the import never holds
 * back the log's readers for longer than that, and the next waits until the projector has taken it,
 * so everyone else's writes are never more than a chunk behind it), each event naming the import in
 * its metadata, then an ImportCommitted. Readers count none of the rows until that last event, and
 * never if the import is abandoned instead (here on any failure; by the sweeper after a crash).
 * The rows are read from the file again as they are appended; what it keeps of the rows done is a
 * few bytes each (the streams it took, in an IdTable): its memory does not grow with the file.
 * Rows imported before are skipped. A stream taken meanwhile (the same rows in another user's
 * import at once) means abandoning this import and planning again, as a new one.
 */
const importRows = async (
  store: EventStore,
  scope: RequestScope,
  unitSize: number | null,
  rows: () => AsyncIterable<PlannedRow>,
  start: { key: string | null; rowCount: number; db: Kysely<CommandDatabase>; newId: () => string },
) => {
  const known = new Map<string, RecordedEvent[]>();
  let log = await abandonOpenImport(store, scope.userId, await readImportLog(store, scope.userId), scope.event);
  for (let attempt = 1; ; attempt++) {
    let imported = 0;
    let amended = 0;
    const takenHere = new IdTable();
    const importId = start.newId();
    const stream = streams.imports(scope.userId);
    const metadata = { ...scope.event, [IMPORT_METADATA_KEY]: importId };
    await runningImports(start.db).add(importId, scope.userId);
    let started: bigint | undefined;
    try {
      const begin: EventData<'ImportStarted'> = { userId: scope.userId, importId, key: start.key, rows: start.rowCount };
      ({ nextRevision: started } = await store.append(
        stream,
        [{ type: 'ImportStarted', data: begin, metadata: scope.event }],
        log.revision ?? 'no_stream',
      ));
      for await (const chunk of chunksOf(rows(), ROWS_PER_CHUNK)) {
        const chosen = await chooseStreams(store, scope, chunk, known, takenHere, log.committed);
        const appends: StreamAppend[] = [];
        for (const [i, row] of chunk.entries()) {
          const choice = chosen[i];
          if (choice === undefined) continue;
          const { id, history } = choice;
          const streamId = streamOf(row, id);
          if (history) {
            // As the read models have it: an abandoned import's amends do not count.
            const events = amendRow(row, id, history.filter(countsIn(log.committed)), scope);
            if (events.length === 0) continue;
            amended++;
            appends.push({ streamId, events: events.map((e) => ({ ...e, metadata })), expected: history.at(-1)!.revision });
            continue;
          }
          imported++;
          const events = decideRow(row, id, scope, unitSize).map((e) => ({ ...e, metadata }));
          appends.push({ streamId, events, expected: 'no_stream' });
        }
        if (appends.length === 0) continue;
        const { position } = await store.appendEach(appends);
        // Everyone else's turn: the next chunk waits for the projector to have taken this one.
        if (position) await readModelsReached(start.db, formatPosition(position));
      }
      const end: EventData<'ImportCommitted'> = {
        userId: scope.userId,
        importId,
        imported,
        amended,
        skipped: start.rowCount - imported - amended,
      };
      const { position } = await store.append(stream, [{ type: 'ImportCommitted', data: end, metadata: scope.event }], started);
      await runningImports(start.db).remove(importId);
      return { imported, amended, position };
    } catch (error) {
      const cause = error instanceof PartialAppend ? error.cause : error;
      if (started !== undefined) {
        const abandon: EventData<'ImportAbandoned'> = {
          userId: scope.userId,
          importId,
          reason: cause instanceof Error ? cause.message.slice(0, 500) : 'failed',
        };
        // If this fails too, the sweeper abandons it: the process still holds the user's slot until then.
        const ended = await store
          .append(stream, [{ type: 'ImportAbandoned', data: abandon, metadata: scope.event }], started)
          .then(() => true)
          .catch(() => false);
        if (ended)
          await runningImports(start.db)
            .remove(importId)
            .catch(() => undefined);
      } else {
        await runningImports(start.db)
          .remove(importId)
          .catch(() => undefined);
      }
      if (!(cause instanceof WrongExpectedRevision) || cause.streamId === stream) throw cause;
      if (attempt === ATTEMPTS) throw new ConflictError();
      // Taken meanwhile: plan again, as a new import (this one's streams are used up). readStreams
      // shows only what no earlier transaction can still precede; this stream is there now.
      known.set(cause.streamId, await store.readStream(cause.streamId));
      log = await readImportLog(store, scope.userId);
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
    // Pass 2 reads it again as it appends, holding the user's import slot (409/429 when taken).
    const slot = await services.imports.acquire(scope.userId);
    try {
      const start = {
        key: (ctx.state.idempotency as IdempotencyState | undefined)?.key ?? null,
        rowCount: plan.rowCount,
        db: services.db,
        newId: services.newId,
      };
      const { imported, amended, position } = await importRows(
        services.store,
        scope,
        await services.unitSizes.current(scope.userId),
        () => plannedRows(file.read(), scope.userId, mapping),
        start,
      );
      const skipped = plan.rowCount - imported - amended;
      reply(ctx, 200, { imported, skipped, amended, errors: [], warnings: plan.warnings }, position);
    } finally {
      await slot.release();
    }
  });
};
