import type Router from '@koa/router';
import { firstMessage, streams } from '@bt/contracts';
import { csvMapping, type CsvMapping } from '@bt/contracts/csv';
import type { Position } from '@bt/event-store/port';
import { ConflictError, HttpError, ValidationError } from '@bt/platform';
import { bet } from '../bets/bet';
import { placeBet } from '../bets/place-bet';
import { createParlay } from '../parlays/create-parlay';
import { parlay } from '../parlays/parlay';
import { handle } from '../shared/handle';
import { reply, requestScope, type RequestScope } from '../shared/http';
import { laterPosition } from '../shared/positions';
import type { RouteKit } from '../shared/router';
import type { Services } from '../shared/services';
import { planImport, type PlannedRow } from './import-plan';

export const IMPORT_MESSAGES = {
  notText: 'Send the CSV file as the request body with Content-Type: text/csv',
} as const;

/** Appends in flight at once during an import. */
const CONCURRENCY = 8;

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

type RowResult = { imported: true; position: Position } | { imported: false };

/** Appends one row under the first of its ids that is free; none free = imported before. */
const importRow = async (services: Services, scope: RequestScope, planned: PlannedRow): Promise<RowResult> => {
  const { store } = services;
  for (const { id, ownerCheck } of planned.ids) {
    try {
      const options = { metadata: scope.event, create: true };
      const { value } = planned;
      const result =
        value.kind === 'bet'
          ? await handle(store, streams.bet(id), bet, (s) => placeBet({ type: 'PlaceBet', data: { ...value.body, betId: id }, metadata: scope.command }, s), options)
          : await handle(store, streams.parlay(id), parlay, (s) => createParlay({ type: 'CreateParlay', data: { ...value.body, parlayId: id }, metadata: scope.command }, s), options);
      return { imported: true, position: result.position! };
    } catch (error) {
      // The stream exists: this row was imported before (or, for the row's own id, belongs to someone else).
      if (!(error instanceof ConflictError)) throw error;
      if (!ownerCheck) return { imported: false };
      const [first] = await store.readStream(planned.value.kind === 'bet' ? streams.bet(id) : streams.parlay(id));
      if ((first?.data as { userId?: string } | undefined)?.userId === scope.userId) return { imported: false };
    }
  }
  return { imported: false };
};

export const importRoutes = (router: Router, { services, auth, csv, idempotent }: RouteKit): void => {
  router.post('/import/bets', auth, csv, idempotent, async (ctx) => {
    const text = ctx.request.body;
    if (typeof text !== 'string') throw new HttpError(415, IMPORT_MESSAGES.notText);
    const mapping = mappingOf(typeof ctx.query.mapping === 'string' ? ctx.query.mapping : undefined);
    const scope = requestScope(ctx, services);
    const plan = planImport(text, scope.userId, mapping);
    if (!plan.ok) {
      ctx.status = 422;
      ctx.body = { imported: 0, skipped: 0, errors: plan.errors };
      return;
    }
    let imported = 0;
    let position: Position | undefined;
    const queue = [...plan.rows];
    const worker = async () => {
      for (let next = queue.shift(); next; next = queue.shift()) {
        const result = await importRow(services, scope, next);
        if (result.imported) {
          imported += 1;
          position = laterPosition(position, result.position);
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(CONCURRENCY, queue.length) }, worker));
    const skipped = plan.rows.length - imported;
    reply(ctx, 200, { imported, skipped, errors: [] }, position ?? (await services.store.headPosition()));
  });
};
