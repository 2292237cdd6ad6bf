import type Router from '@koa/router';
import { betAmendBody, betBody, MESSAGES, rowVersion, settleBody, streams } from '@bt/contracts';
import { ValidationError } from '@bt/platform';
import { newCommitmentSalt } from '../shared/commitment';
import { handle, load } from '../shared/handle';
import { idParam, ifMatch, parseBody, present, reply, requestScope } from '../shared/http';
import type { RouteKit } from '../shared/router';
import { removeParlayById, restoreParlayById } from '../parlays/remove-parlay-by-id';
import { settleParlayById } from '../parlays/settle-parlay-by-id';
import { toParlayHistoryRow } from '../parlays/parlay';
import { amendBet } from './amend-bet';
import { bet, toBetResponse } from './bet';
import { placeBet } from './place-bet';
import { removeBet } from './remove-bet';
import { restoreBet } from './restore-bet';
import { settleBet } from './settle-bet';

export const betRoutes = (router: Router, { services, auth, json, idempotent, idempotentCreate }: RouteKit): void => {
  const { store } = services;

  // The hot path: the unit size in effect (kept by this process, see UnitSizes), then one append
  // with 'no_stream'.
  router.post('/bets', auth, json, idempotentCreate, async (ctx) => {
    const body = parseBody(betBody, ctx);
    // A parlay has legs and its own form; imports keep what other trackers recorded.
    if (body.betType === 'parlay') throw new ValidationError(MESSAGES.singleParlay);
    const scope = requestScope(ctx, services);
    const betId = scope.newId();
    const unitSize = await services.unitSizes.current(scope.userId);
    const result = await handle(
      store,
      streams.bet(betId),
      bet,
      (state) =>
        placeBet(
          { type: 'PlaceBet', data: { ...body, betId, unitSize, commitmentSalt: newCommitmentSalt() }, metadata: scope.command },
          state,
        ),
      { metadata: scope.event, create: true, recovering: scope.recovering },
    );
    reply(
      ctx,
      201,
      toBetResponse(present(result.state, 'placed', MESSAGES.betNotFound), rowVersion(result.version)),
      result.position,
      result.replayed,
    );
  });

  router.put('/bets/:id', auth, json, async (ctx) => {
    const betId = idParam(ctx, MESSAGES.betNotFound);
    const body = parseBody(betAmendBody, ctx);
    const scope = requestScope(ctx, services);
    const commitmentSalt = newCommitmentSalt();
    const result = await handle(
      store,
      streams.bet(betId),
      bet,
      (state) => amendBet({ type: 'AmendBet', data: { ...body, betId, commitmentSalt }, metadata: scope.command }, state),
      { metadata: scope.event, expectedVersion: ifMatch(ctx) },
    );
    reply(ctx, 200, toBetResponse(present(result.state, 'placed', MESSAGES.betNotFound), rowVersion(result.version)), result.position);
  });

  // History rows mix bets and parlays, so a parlay's id here deletes the parlay.
  router.delete('/bets/:id', auth, async (ctx) => {
    const betId = idParam(ctx, MESSAGES.betNotFound);
    const scope = requestScope(ctx, services);
    const expectedVersion = ifMatch(ctx);
    const loaded = await load(store, streams.bet(betId), bet);
    if (loaded.state.status === 'none') {
      const removed = await removeParlayById(services, scope, betId, expectedVersion, MESSAGES.betNotFound);
      reply(ctx, 200, { message: MESSAGES.parlayDeleted }, removed.position);
      return;
    }
    const result = await handle(
      store,
      streams.bet(betId),
      bet,
      (state) => removeBet({ type: 'RemoveBet', data: { betId }, metadata: scope.command }, state),
      { metadata: scope.event, expectedVersion, loaded },
    );
    reply(ctx, 200, { message: MESSAGES.betDeleted }, result.position);
  });

  // One tap (Win, Loss, Push, Void, Cashed out, or an undo): a parlay's id settles the parlay,
  // answered as its history row.
  router.post('/bets/:id/settle', auth, json, idempotent, async (ctx) => {
    const betId = idParam(ctx, MESSAGES.betNotFound);
    const body = parseBody(settleBody, ctx);
    const scope = requestScope(ctx, services);
    const expectedVersion = ifMatch(ctx);
    const loaded = await load(store, streams.bet(betId), bet);
    if (loaded.state.status === 'none') {
      const settled = await settleParlayById(services, scope, betId, body, expectedVersion, MESSAGES.betNotFound);
      const row = toParlayHistoryRow(present(settled.state, 'created', MESSAGES.betNotFound), rowVersion(settled.version));
      reply(ctx, 200, row, settled.position);
      return;
    }
    const result = await handle(
      store,
      streams.bet(betId),
      bet,
      (state) => settleBet({ type: 'SettleBet', data: { ...body, betId }, metadata: scope.command }, state),
      { metadata: scope.event, expectedVersion, loaded, recovering: scope.recovering },
    );
    reply(ctx, 200, toBetResponse(present(result.state, 'placed', MESSAGES.betNotFound), rowVersion(result.version)), result.position);
  });

  // Like DELETE: a parlay's id here restores the parlay (answered as its history row).
  router.post('/bets/:id/restore', auth, json, idempotent, async (ctx) => {
    const betId = idParam(ctx, MESSAGES.betNotFound);
    const scope = requestScope(ctx, services);
    const expectedVersion = ifMatch(ctx);
    const loaded = await load(store, streams.bet(betId), bet);
    if (loaded.state.status === 'none') {
      const words = { notFound: MESSAGES.betNotFound, notDeleted: MESSAGES.parlayNotDeleted };
      const restored = await restoreParlayById(services, scope, betId, expectedVersion, words);
      const row = toParlayHistoryRow(present(restored.state, 'created', MESSAGES.betNotFound), rowVersion(restored.version));
      reply(ctx, 200, row, restored.position);
      return;
    }
    const result = await handle(
      store,
      streams.bet(betId),
      bet,
      (state) => restoreBet({ type: 'RestoreBet', data: { betId }, metadata: scope.command }, state),
      { metadata: scope.event, expectedVersion, loaded, recovering: scope.recovering },
    );
    reply(ctx, 200, toBetResponse(present(result.state, 'placed', MESSAGES.betNotFound), rowVersion(result.version)), result.position);
  });
};
