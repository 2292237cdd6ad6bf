import type Router from '@koa/router';
import { goalAmendBody, goalBody, MESSAGES, rowVersion, streams } from '@bt/contracts';
import { handle } from '../shared/handle';
import { idParam, ifMatch, parseBody, present, reply, requestScope } from '../shared/http';
import type { RouteKit } from '../shared/router';
import { goal, toGoalResponse } from './goal';
import { removeGoal } from './remove-goal';
import { restoreGoal } from './restore-goal';
import { reviseGoal } from './revise-goal';
import { setGoal } from './set-goal';

export const goalRoutes = (router: Router, { services, auth, json, idempotent, idempotentCreate }: RouteKit): void => {
  const { store } = services;

  router.post('/goals', auth, json, idempotentCreate, async (ctx) => {
    const { currentAmount: _ignored, ...body } = parseBody(goalBody, ctx);
    const scope = requestScope(ctx, services);
    const goalId = scope.newId();
    const result = await handle(
      store,
      streams.goal(goalId),
      goal,
      (state) => setGoal({ type: 'SetGoal', data: { ...body, goalId }, metadata: scope.command }, state),
      { metadata: scope.event, create: true, recovering: scope.recovering },
    );
    reply(
      ctx,
      201,
      toGoalResponse(present(result.state, 'set', MESSAGES.goalNotFound), rowVersion(result.version)),
      result.position,
      result.replayed,
    );
  });

  router.put('/goals/:id', auth, json, async (ctx) => {
    const goalId = idParam(ctx, MESSAGES.goalNotFound);
    const { currentAmount: _ignored, ...body } = parseBody(goalAmendBody, ctx);
    const scope = requestScope(ctx, services);
    const result = await handle(
      store,
      streams.goal(goalId),
      goal,
      (state) => reviseGoal({ type: 'ReviseGoal', data: { ...body, goalId }, metadata: scope.command }, state),
      { metadata: scope.event, expectedVersion: ifMatch(ctx) },
    );
    reply(ctx, 200, toGoalResponse(present(result.state, 'set', MESSAGES.goalNotFound), rowVersion(result.version)), result.position);
  });

  router.delete('/goals/:id', auth, async (ctx) => {
    const goalId = idParam(ctx, MESSAGES.goalNotFound);
    const scope = requestScope(ctx, services);
    const result = await handle(
      store,
      streams.goal(goalId),
      goal,
      (state) => removeGoal({ type: 'RemoveGoal', data: { goalId }, metadata: scope.command }, state),
      { metadata: scope.event, expectedVersion: ifMatch(ctx) },
    );
    reply(ctx, 200, { message: MESSAGES.goalDeleted }, result.position);
  });

  router.post('/goals/:id/restore', auth, json, idempotent, async (ctx) => {
    const goalId = idParam(ctx, MESSAGES.goalNotFound);
    const scope = requestScope(ctx, services);
    const result = await handle(
      store,
      streams.goal(goalId),
      goal,
      (state) => restoreGoal({ type: 'RestoreGoal', data: { goalId }, metadata: scope.command }, state),
      { metadata: scope.event, expectedVersion: ifMatch(ctx), recovering: scope.recovering },
    );
    reply(ctx, 200, toGoalResponse(present(result.state, 'set', MESSAGES.goalNotFound), rowVersion(result.version)), result.position);
  });
};
