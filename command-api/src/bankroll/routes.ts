import type Router from '@koa/router';
import { adjustBankrollBody, fromCents, fundsBody, MESSAGES, streams, type BankrollEntry } from '@bt/contracts';
import { handle } from '../shared/handle';
import { ifMatch, parseBody, reply, requestScope } from '../shared/http';
import type { RouteKit } from '../shared/router';
import { addFunds } from './add-funds';
import { adjustBankroll } from './adjust-bankroll';
import { bankroll, type BankrollEvent, type Entry } from './bankroll';
import { lastCounting, undoBankrollEntry } from './undo-entry';
import { withdrawFunds } from './withdraw-funds';

const entryView = (entry: Entry, undoneAt: string | null): BankrollEntry => ({
  revision: entry.revision,
  kind: entry.kind,
  amount: fromCents(entry.cents),
  countedBalance: entry.countedBalance,
  note: entry.note,
  at: entry.at,
  undoneAt,
});

/** The amount a deposit or withdrawal moved (on a replay: as its first attempt recorded it). */
const movedAmount = (events: readonly BankrollEvent[], asked: number): number => {
  const data = events[0]?.data;
  return data && 'amount' in data ? data.amount : asked;
};

/**
 * The answer names the amount moved; the balance (which includes settled profit) is the read
 * side's: GET /api/bankroll with the answer's X-Log-Position as X-Min-Position. An adjustment and
 * an undo honour If-Match (the ledger's `version`): one made on a stale ledger is a 409.
 */
export const bankrollRoutes = (router: Router, { services, auth, json, idempotent }: RouteKit): void => {
  const { store } = services;

  router.post('/bankroll', auth, json, idempotent, async (ctx) => {
    const { amount, note } = parseBody(fundsBody, ctx);
    const scope = requestScope(ctx, services);
    const result = await handle(
      store,
      streams.bankroll(scope.userId),
      bankroll,
      (state) => addFunds({ type: 'AddFunds', data: { amount, note }, metadata: scope.command }, state),
      { metadata: scope.event, blind: true, recovering: scope.recovering },
    );
    reply(ctx, 201, { message: MESSAGES.fundsAdded, amount: movedAmount(result.events, amount) }, result.position);
  });

  router.post('/bankroll/withdraw', auth, json, idempotent, async (ctx) => {
    const { amount, note } = parseBody(fundsBody, ctx);
    const scope = requestScope(ctx, services);
    const settledProfit = await services.settledProfit(scope.userId);
    const result = await handle(
      store,
      streams.bankroll(scope.userId),
      bankroll,
      (state) => withdrawFunds({ type: 'WithdrawFunds', data: { amount, note, settledProfit }, metadata: scope.command }, state),
      { metadata: scope.event, recovering: scope.recovering },
    );
    reply(ctx, 201, { message: MESSAGES.fundsWithdrawn, amount: movedAmount(result.events, amount) }, result.position);
  });

  router.post('/bankroll/adjust', auth, json, idempotent, async (ctx) => {
    const { countedBalance, note } = parseBody(adjustBankrollBody, ctx);
    const scope = requestScope(ctx, services);
    const settledProfit = await services.settledProfit(scope.userId);
    const result = await handle(
      store,
      streams.bankroll(scope.userId),
      bankroll,
      (state) => adjustBankroll({ type: 'AdjustBankroll', data: { countedBalance, note, settledProfit }, metadata: scope.command }, state),
      { metadata: scope.event, expectedVersion: ifMatch(ctx), recovering: scope.recovering },
    );
    const adjusted = result.events.find((e) => e.type === 'BankrollAdjusted');
    const difference = adjusted?.type === 'BankrollAdjusted' ? adjusted.data.difference : 0;
    reply(
      ctx,
      adjusted ? 201 : 200,
      { message: adjusted ? MESSAGES.bankrollAdjusted : MESSAGES.bankrollUnchanged, countedBalance, difference },
      result.position,
      result.replayed,
    );
  });

  router.post('/bankroll/undo', auth, idempotent, async (ctx) => {
    const scope = requestScope(ctx, services);
    const result = await handle(
      store,
      streams.bankroll(scope.userId),
      bankroll,
      (state) => undoBankrollEntry({ type: 'UndoBankrollEntry', data: {}, metadata: scope.command }, state),
      { metadata: scope.event, expectedVersion: ifMatch(ctx), recovering: scope.recovering },
    );
    const undone = result.events.find((e) => e.type === 'BankrollEntryUndone');
    const revision = undone?.type === 'BankrollEntryUndone' ? undone.data.entryRevision : lastCounting(result.state)?.revision;
    const entry = result.state.entries.find((e) => e.revision === revision)!;
    reply(
      ctx,
      200,
      { message: MESSAGES.bankrollEntryUndone, entry: entryView(entry, scope.command.now) },
      result.position,
      result.replayed,
    );
  });
};
