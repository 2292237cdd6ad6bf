import { MESSAGES, streams, type SettleBody } from '@bt/contracts';
import { handle } from '../shared/handle';
import type { RequestScope } from '../shared/http';
import type { Services } from '../shared/services';
import { parlay } from './parlay';
import { settleParlay } from './settle-parlay';

/** Settles a parlay in one tap: the write behind POST /api/bets/:id/settle for a parlay's history row. */
export const settleParlayById = (
  services: Services,
  scope: RequestScope,
  parlayId: string,
  body: SettleBody,
  expectedVersion: bigint | undefined,
  notFound: string = MESSAGES.parlayNotFound,
) =>
  handle(
    services.store,
    streams.parlay(parlayId),
    parlay,
    (state) => settleParlay({ type: 'SettleParlay', data: { ...body, parlayId }, metadata: scope.command }, state, notFound),
    { metadata: scope.event, expectedVersion, recovering: scope.recovering },
  );
