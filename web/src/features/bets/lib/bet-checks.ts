import { useEffect } from 'react';
import { whenPageUsed } from '../../../lib/page-use';

type BetChecks = typeof import('./bet-form-checks');

let loading: Promise<BetChecks> | undefined;

/** The bet form's zod checks (bet-form-checks.ts), fetched and evaluated once; a failed fetch is asked again next time. */
export const loadBetChecks = (): Promise<BetChecks> => {
  loading ??= import('./bet-form-checks').catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
};

/**
 * Loads the checks once the bettor starts using the page, so a submit finds them in (even if the
 * server is unreachable by then: the chunk is fetched while it answers), but the dashboard's first
 * paint does not evaluate zod.
 */
export const usePreloadedBetChecks = (): void =>
  useEffect(
    () =>
      whenPageUsed(() => {
        loadBetChecks().catch(() => undefined);
      }),
    [],
  );
