import type Router from '@koa/router';
import { legSettleBody, MESSAGES, parlayAmendBody, parlayBody, rowVersion, streams } from '@bt/contracts';
import { NotFoundError } from '@bt/platform';
import { newCommitmentSalt } from '../shared/commitment';
import { handle } from '../shared/handle';
import { idParam, ifMatch, parseBody, present, reply, requestScope } from '../shared/http';
import type { RouteKit } from '../shared/router';
import { amendParlay } from './amend-parlay';
import { createParlay } from './create-parlay';
import { parlay, toParlayResponse } from './parlay';
import { removeParlayById, restoreParlayById } from './remove-parlay-by-id';
import { settleLeg } from './settle-parlay';

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

  // One leg in one tap (or its undo): the parlay's outcome follows its legs.
  router.post('/parlays/:id/legs/:index/settle', auth, json, idempotent, async (ctx) => {
    const parlayId = idParam(ctx, MESSAGES.parlayNotFound);
    const indexText = String(ctx.params.index ?? '');
    if (!/^\d{1,3}$/.test(indexText)) throw new NotFoundError(MESSAGES.legNotFound);
    const body = parseBody(legSettleBody, ctx);
    const scope = requestScope(ctx, services);
    const result = await handle(
      store,
      streams.parlay(parlayId),
      parlay,
      (state) => settleLeg({ type: 'SettleLeg', data: { ...body, parlayId, index: Number(indexText) }, metadata: scope.command }, state),
      { metadata: scope.event, expectedVersion: ifMatch(ctx), recovering: scope.recovering },
    );
    reply(
      ctx,
      200,
      toParlayResponse(present(result.state, 'created', MESSAGES.parlayNotFound), rowVersion(result.version)),
      result.position,
    );
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
