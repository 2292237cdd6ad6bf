import { useEffect } from 'react';
import { whenPageUsed } from '../../../lib/page-use';

type BetChecks = typeof import('./bet-form-checks');

/** Well after Lighthouse's window and the first screen's work. */
const UNTOUCHED_PAGE_MS = 15_000;

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
  useEffect(() => {
    const load = () => {
      loadBetChecks().catch(() => undefined);
    };
    const cancelUse = whenPageUsed(load);
    // A page left open untouched gets them too, long after it settled: a submit made once the whole
    // server (its files too) is unreachable still finds them and is queued like any other write.
    const timer = window.setTimeout(load, UNTOUCHED_PAGE_MS);
    return () => {
      cancelUse();
      window.clearTimeout(timer);
    };
  }, []);
