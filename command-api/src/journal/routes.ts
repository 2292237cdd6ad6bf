import type Router from '@koa/router';
import { journalAmendBody, journalBody, MESSAGES, rowVersion, streams } from '@bt/contracts';
import { handle } from '../shared/handle';
import { idParam, ifMatch, parseBody, present, reply, requestScope } from '../shared/http';
import type { RouteKit } from '../shared/router';
import { eraseEntry } from './erase-entry';
import { journalEntry, toJournalResponse } from './journal-entry';
import { restoreEntry } from './restore-entry';
import { reviseEntry } from './revise-entry';
import { writeEntry } from './write-entry';

export const journalRoutes = (router: Router, { services, auth, json, idempotent, idempotentCreate }: RouteKit): void => {
  const { store } = services;

  router.post('/journal', auth, json, idempotentCreate, async (ctx) => {
    const body = parseBody(journalBody, ctx);
    const scope = requestScope(ctx, services);
    const entryId = scope.newId();
    const result = await handle(
      store,
      streams.journal(entryId),
      journalEntry,
      (state) => writeEntry({ type: 'WriteEntry', data: { ...body, entryId }, metadata: scope.command }, state),
      { metadata: scope.event, create: true, recovering: scope.recovering },
    );
    reply(
      ctx,
      201,
      toJournalResponse(present(result.state, 'written', MESSAGES.entryNotFound), rowVersion(result.version)),
      result.position,
      result.replayed,
    );
  });

  router.put('/journal/:id', auth, json, async (ctx) => {
    const entryId = idParam(ctx, MESSAGES.entryNotFound);
    const body = parseBody(journalAmendBody, ctx);
    const scope = requestScope(ctx, services);
    const result = await handle(
      store,
      streams.journal(entryId),
      journalEntry,
      (state) => reviseEntry({ type: 'ReviseEntry', data: { ...body, entryId }, metadata: scope.command }, state),
      { metadata: scope.event, expectedVersion: ifMatch(ctx) },
    );
    reply(
      ctx,
      200,
      toJournalResponse(present(result.state, 'written', MESSAGES.entryNotFound), rowVersion(result.version)),
      result.position,
    );
  });

  router.delete('/journal/:id', auth, async (ctx) => {
    const entryId = idParam(ctx, MESSAGES.entryNotFound);
    const scope = requestScope(ctx, services);
    const result = await handle(
      store,
      streams.journal(entryId),
      journalEntry,
      (state) => eraseEntry({ type: 'EraseEntry', data: { entryId }, metadata: scope.command }, state),
      { metadata: scope.event, expectedVersion: ifMatch(ctx) },
    );
    reply(ctx, 200, { message: MESSAGES.entryDeleted }, result.position);
  });

  router.post('/journal/:id/restore', auth, json, idempotent, async (ctx) => {
    const entryId = idParam(ctx, MESSAGES.entryNotFound);
    const scope = requestScope(ctx, services);
    const result = await handle(
      store,
      streams.journal(entryId),
      journalEntry,
      (state) => restoreEntry({ type: 'RestoreEntry', data: { entryId }, metadata: scope.command }, state),
      { metadata: scope.event, expectedVersion: ifMatch(ctx), recovering: scope.recovering },
    );
    reply(
      ctx,
      200,
      toJournalResponse(present(result.state, 'written', MESSAGES.entryNotFound), rowVersion(result.version)),
      result.position,
    );
  });
};
