import { MESSAGES, streams } from '@bt/contracts';
import { handle } from '../shared/handle';
import type { RequestScope } from '../shared/http';
import type { Services } from '../shared/services';
import { parlay } from './parlay';
import { removeParlay } from './remove-parlay';
import { restoreParlay } from './restore-parlay';

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

/**
 * Restores a removed parlay: the write behind POST /api/parlays/:id/restore, and behind
 * POST /api/bets/:id/restore when the history row is a parlay, which words its own 404 and 409.
 */
export const restoreParlayById = (
  services: Services,
  scope: RequestScope,
  parlayId: string,
  expectedVersion: bigint | undefined,
  words: { notFound: string; notDeleted: string } = { notFound: MESSAGES.parlayNotFound, notDeleted: MESSAGES.parlayNotDeleted },
) =>
  handle(
    services.store,
    streams.parlay(parlayId),
    parlay,
    (state) =>
      restoreParlay({ type: 'RestoreParlay', data: { parlayId }, metadata: scope.command }, state, words.notFound, words.notDeleted),
    { metadata: scope.event, expectedVersion, recovering: scope.recovering },
  );
