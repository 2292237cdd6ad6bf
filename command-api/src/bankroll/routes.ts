import type Router from '@koa/router';
import { fundsBody, MESSAGES, streams } from '@bt/contracts';
import { handle } from '../shared/handle';
import { parseBody, reply, requestScope } from '../shared/http';
import type { RouteKit } from '../shared/router';
import { addFunds } from './add-funds';
import { bankroll } from './bankroll';
import { withdrawFunds } from './withdraw-funds';

/**
 * The answer names the amount moved; the balance (which includes settled profit) is the read
 * side's: GET /api/bankroll with the answer's X-Log-Position as X-Min-Position.
 */
export const bankrollRoutes = (router: Router, { services, auth, json, idempotent }: RouteKit): void => {
  const { store } = services;

  router.post('/bankroll', auth, json, idempotent, async (ctx) => {
    const { amount } = parseBody(fundsBody, ctx);
    const scope = requestScope(ctx, services);
    const result = await handle(
      store,
      streams.bankroll(scope.userId),
      bankroll,
      (state) => addFunds({ type: 'AddFunds', data: { amount }, metadata: scope.command }, state),
      { metadata: scope.event, blind: true, recovering: scope.recovering },
    );
    reply(ctx, 201, { message: MESSAGES.fundsAdded, amount: result.events[0]?.data.amount ?? amount }, result.position);
  });

  router.post('/bankroll/withdraw', auth, json, idempotent, async (ctx) => {
    const { amount } = parseBody(fundsBody, ctx);
    const scope = requestScope(ctx, services);
    const settledProfit = await services.settledProfit(scope.userId);
    const result = await handle(
      store,
      streams.bankroll(scope.userId),
      bankroll,
      (state) => withdrawFunds({ type: 'WithdrawFunds', data: { amount, settledProfit }, metadata: scope.command }, state),
      { metadata: scope.event, recovering: scope.recovering },
    );
    reply(ctx, 201, { message: MESSAGES.fundsWithdrawn, amount: result.events[0]?.data.amount ?? amount }, result.position);
  });
};
