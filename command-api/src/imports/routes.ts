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
import { PartialAppend, WrongExpectedRevision, type EventStore, type RecordedEvent, type StreamAppend } from '@bt/event-store';
import { ConflictError, HttpError, ValidationError } from '@bt/platform';
import { amendBet } from '../bets/amend-bet';
import { bet, type BetEvent } from '../bets/bet';
import { placeBet } from '../bets/place-bet';
import { createParlay } from '../parlays/create-parlay';
import { amendParlay } from '../parlays/amend-parlay';
import { parlay, type ParlayEvent } from '../parlays/parlay';
import { currentUnitSize } from '../settings/preferences';
import { reply, requestScope, type RequestScope } from '../shared/http';
import { fold, type Recorded } from '../shared/command';
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
  takenHere: Set<string>, // by an earlier row of this file (the same id twice)
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
      const stream = streamOf(row, candidate);
      if (takenHere.has(stream)) break;
      if (history.length === 0) {
        choice = { id: candidate };
        takenHere.add(stream);
        break;
      }
      // Another tracker's bet imported before: amended to what the row says now.
      if (row.amends) {
        choice = { id: candidate, history };
        takenHere.add(stream);
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

/**
 * Undoes what an import appended before it failed half-way (it commits a few hundred rows at a
 * time): each bet and parlay it created is removed again, by events that say so in their metadata.
 * An amend of a bet imported before stays (removing it would lose that bet). Best effort: what
 * cannot be undone stays, and the import's error stands.
 */
const compensate = async (store: EventStore, scope: RequestScope, appended: PartialAppend['appended'], created: ReadonlySet<string>) => {
  const metadata = { ...scope.event, [COMPENSATES]: scope.event.commandId };
  await Promise.all(
    appended
      .filter(({ streamId }) => created.has(streamId))
      .map(({ streamId, result }) => {
        const id = streamId.slice(streamId.indexOf('-') + 1);
        const removal = streamId.startsWith('bet-')
          ? { type: 'BetRemoved', data: { userId: scope.userId, betId: id } }
          : { type: 'ParlayRemoved', data: { userId: scope.userId, parlayId: id } };
        return store.append(streamId, [{ ...removal, metadata }], result.nextRevision).catch(() => undefined);
      }),
  );
};

/** Rows chosen a stream for at a time: one readStreams each, while the rows before them are written. */
const ROWS_PER_READ = 500;

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
 * Appends every new row in one appendEach: all rows or none, whatever fails (the rows appended
 * before a failure are compensated). The rows are read from the file again as they are appended, a
 * few hundred at a time, so memory does not grow with the file; on Postgres each few hundred commit
 * on their own (`atomic: false`), so an import never holds back the log's readers (the projector,
 * for everyone) for longer than one such chunk. Rows imported before are skipped. A stream taken
 * meanwhile (the same file imported twice at once) means planning again with what is there now.
 */
const importRows = async (store: EventStore, scope: RequestScope, rows: () => AsyncIterable<PlannedRow>) => {
  const known = new Map<string, RecordedEvent[]>();
  const unitSize = await currentUnitSize(store, scope.userId);
  for (let attempt = 1; ; attempt++) {
    let imported = 0;
    let amended = 0;
    const takenHere = new Set<string>();
    const created = new Set<string>();
    async function* appends(): AsyncGenerator<StreamAppend> {
      for await (const chunk of chunksOf(rows(), ROWS_PER_READ)) {
        const chosen = await chooseStreams(store, scope, chunk, known, takenHere);
        for (const [i, row] of chunk.entries()) {
          const choice = chosen[i];
          if (choice === undefined) continue;
          const { id, history } = choice;
          if (history) {
            const events = amendRow(row, id, history, scope);
            if (events.length === 0) continue;
            amended++;
            yield {
              streamId: streamOf(row, id),
              events: events.map((e) => ({ ...e, metadata: scope.event })),
              expected: history.at(-1)!.revision,
            };
            continue;
          }
          imported++;
          created.add(streamOf(row, id));
          yield {
            streamId: streamOf(row, id),
            events: decideRow(row, id, scope, unitSize).map((e) => ({ ...e, metadata: scope.event })),
            expected: 'no_stream',
          };
        }
      }
    }
    try {
      const { position } = await store.appendEach(appends(), { atomic: false });
      return { imported, amended, position };
    } catch (error) {
      if (error instanceof PartialAppend) {
        await compensate(store, scope, error.appended, created);
        if (!(error.cause instanceof WrongExpectedRevision)) throw error.cause;
        if (attempt === ATTEMPTS) throw new ConflictError();
        // The stream taken meanwhile: plan again (the compensated rows get new ids).
        known.set(error.cause.streamId, await store.readStream(error.cause.streamId));
        continue;
      }
      if (!(error instanceof WrongExpectedRevision) || attempt === ATTEMPTS) {
        if (error instanceof WrongExpectedRevision) throw new ConflictError();
        throw error;
      }
      // readStreams shows only what no earlier transaction can still precede; this stream is there now.
      known.set(error.streamId, await store.readStream(error.streamId));
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
    const { imported, amended, position } = await importRows(services.store, scope, () => plannedRows(file.read(), scope.userId, mapping));
    const skipped = plan.rowCount - imported - amended;
    reply(ctx, 200, { imported, skipped, amended, errors: [], warnings: plan.warnings }, position ?? (await services.store.headPosition()));
  });
};
