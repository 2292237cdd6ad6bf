import { MESSAGES, streams } from '@bt/contracts';
import { handle } from '../shared/handle';
import type { RequestScope } from '../shared/http';
import type { Services } from '../shared/services';
import { parlay } from './parlay';
import { removeParlay } from './remove-parlay';

/**
 * Removes a parlay: the write behind DELETE /api/parlays/:id, and behind DELETE /api/bets/:id when
 * the history row is a parlay (history mixes both), which words its own 404.
 */
export const removeParlayById = (
  services: Services,
  scope: RequestScope,
  parlayId: string,
  expectedVersion: bigint | undefined,
  notFound: string = MESSAGES.parlayNotFound,
) =>
  handle(
    services.store,
    streams.parlay(parlayId),
    parlay,
    (state) => removeParlay({ type: 'RemoveParlay', data: { parlayId }, metadata: scope.command }, state, notFound),
    { metadata: scope.event, expectedVersion },
  );
