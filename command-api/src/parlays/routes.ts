import type Router from '@koa/router';
import { MESSAGES, parlayAmendBody, parlayBody, rowVersion, streams } from '@bt/contracts';
import { newCommitmentSalt } from '../shared/commitment';
import { handle } from '../shared/handle';
import { idParam, ifMatch, parseBody, present, reply, requestScope } from '../shared/http';
import type { RouteKit } from '../shared/router';
import { amendParlay } from './amend-parlay';
import { createParlay } from './create-parlay';
import { parlay, toParlayResponse } from './parlay';
import { removeParlayById, restoreParlayById } from './remove-parlay-by-id';

export const parlayRoutes = (router: Router, { services, auth, json, idempotent, idempotentCreate }: RouteKit): void => {
  const { store } = services;

  router.post('/parlays', auth, json, idempotentCreate, async (ctx) => {
    const body = parseBody(parlayBody, ctx);
    const scope = requestScope(ctx, services);
    const parlayId = scope.newId();
    const unitSize = await services.unitSizes.current(scope.userId);
    const result = await handle(
      store,
      streams.parlay(parlayId),
      parlay,
      (state) =>
        createParlay(
          { type: 'CreateParlay', data: { ...body, parlayId, unitSize, commitmentSalt: newCommitmentSalt() }, metadata: scope.command },
          state,
        ),
      { metadata: scope.event, create: true, recovering: scope.recovering },
    );
    reply(
      ctx,
      201,
      toParlayResponse(present(result.state, 'created', MESSAGES.parlayNotFound), rowVersion(result.version)),
      result.position,
      result.replayed,
    );
  });

  router.put('/parlays/:id', auth, json, async (ctx) => {
    const parlayId = idParam(ctx, MESSAGES.parlayNotFound);
    const body = parseBody(parlayAmendBody, ctx);
    const scope = requestScope(ctx, services);
    const commitmentSalt = newCommitmentSalt();
    const result = await handle(
      store,
      streams.parlay(parlayId),
      parlay,
      (state) => amendParlay({ type: 'AmendParlay', data: { ...body, parlayId, commitmentSalt }, metadata: scope.command }, state),
      { metadata: scope.event, expectedVersion: ifMatch(ctx) },
    );
    reply(
      ctx,
      200,
      toParlayResponse(present(result.state, 'created', MESSAGES.parlayNotFound), rowVersion(result.version)),
      result.position,
    );
  });

  router.delete('/parlays/:id', auth, async (ctx) => {
    const parlayId = idParam(ctx, MESSAGES.parlayNotFound);
    const result = await removeParlayById(services, requestScope(ctx, services), parlayId, ifMatch(ctx));
    reply(ctx, 200, { message: MESSAGES.parlayDeleted }, result.position);
  });

  router.post('/parlays/:id/restore', auth, json, idempotent, async (ctx) => {
    const parlayId = idParam(ctx, MESSAGES.parlayNotFound);
    const result = await restoreParlayById(services, requestScope(ctx, services), parlayId, ifMatch(ctx));
    reply(
      ctx,
      200,
      toParlayResponse(present(result.state, 'created', MESSAGES.parlayNotFound), rowVersion(result.version)),
      result.position,
    );
  });
};
