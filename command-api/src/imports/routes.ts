import type Router from '@koa/router';
import { csvMapping, firstMessage, IMPORT_METADATA_KEY, MESSAGES, streams, type CsvMapping, type EventData } from '@bt/contracts';
import type { Kysely } from 'kysely';
import {
  formatPosition,
  PartialAppend,
  WrongExpectedRevision,
  type EventStore,
  type NewEvent,
  type RecordedEvent,
  type StreamAppend,
} from '@bt/event-store';
import { ConflictError, HttpError, UnauthorizedError, ValidationError } from '@bt/platform';
import type { CommandDatabase } from '../db/schema';
import { reply, requestScope, type IdempotencyState, type RequestScope } from '../shared/http';
import { IdTable } from '../shared/id-table';
import type { RouteKit } from '../shared/router';
import { spooledBody } from '../shared/upload';
import { plannedRows, type ColumnChoice, type ImportReading, type PlannedRow } from './import-plan';
import { PREVIEW_ROWS, previewImport } from './import-preview';
import { abandonOpenImport, importVisible, readModelsReached, runningImports } from './import-slots';
import { chunksOf, decideChunk, ROWS_PER_CHUNK } from './import-streams';
import { readImportLog } from '../shared/import-log';
import { accountDeleted } from '../users/delete-account';

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
 * import at once) means abandoning this import and planning again, as a new one. The mapping the
 * file was read by is remembered with the commit when it is not what such a file reads as anyway.
 */
const importRows = async (
  store: EventStore,
  scope: RequestScope,
  unitSize: number | null,
  rows: () => AsyncIterable<PlannedRow>,
  start: {
    key: string | null;
    rowCount: number;
    db: Kysely<CommandDatabase>;
    newId: () => string;
    /** The mapping to remember for the file's headers, appended with the ImportCommitted. */
    remember: ImportReading['toRemember'];
    /** Whether the user's account has been deleted since the import began. */
    deleted: () => Promise<boolean>;
  },
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
        // The account was deleted meanwhile: stop, so the deletion (which waits for this request) erases what is here.
        if (await start.deleted()) throw new UnauthorizedError();
        const decided = await decideChunk(store, scope, chunk, { known, takenHere, committed: log.committed, unitSize });
        const appends: StreamAppend[] = decided.map(({ streamId, events, expected, amends }) => {
          if (amends) amended++;
          else imported++;
          return { streamId, events: events.map((e) => ({ ...e, metadata })), expected };
        });
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
      const commit: NewEvent[] = [{ type: 'ImportCommitted', data: end, metadata: scope.event }];
      if (start.remember) {
        const saved: EventData<'ImportMappingSaved'> = { userId: scope.userId, ...start.remember };
        commit.push({ type: 'ImportMappingSaved', data: saved, metadata: scope.event });
      }
      const { position } = await store.append(stream, commit, started);
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
    // The columns: the mapping sent, else the one remembered for the file's headers, else our guess.
    const log = await readImportLog(services.store, scope.userId);
    const choice: ColumnChoice = { mapping, remembered: log.mappings };
    // Pass 1 reads the whole file, keeping only what the answer shows (on a thread of its own, in
    // the product); nothing is written yet.
    const { path, charset } = file;
    const plan = await services.planner.plan({ path, charset, userId: scope.userId, choice, previewRows: dryRun ? PREVIEW_ROWS : 0 });
    if (dryRun) {
      // The preview: nothing is written (a second pass counts the rows imported before).
      const rows = () => plannedRows(file.read(), scope.userId, choice, true);
      ctx.status = 200;
      ctx.body = await previewImport(services.store, scope, plan, rows, log.committed);
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
        remember: plan.reading.toRemember,
        deleted: () => accountDeleted(services, scope.userId),
      };
      const { imported, amended, position } = await importRows(
        services.store,
        scope,
        await services.unitSizes.current(scope.userId),
        () => plannedRows(file.read(), scope.userId, choice),
        start,
      );
      const skipped = plan.rowCount - imported - amended;
      if (position) await importVisible(services.db, scope.userId, formatPosition(position));
      reply(ctx, 200, { imported, skipped, amended, errors: [], warnings: plan.warnings }, position);
    } finally {
      await slot.release();
    }
  });
};
