/**
 * query-api's integration harness with the live projector running (query-api does not import the
 * projector; the launcher, which runs both, does): the default for tests that record events and
 * read them back. `projector: false` for tests that drive the checkpoint by hand.
 */
import { startProjector } from '@bt/projector';
import { startHarness as startQueryApiHarness, type Harness, type HarnessOptions } from '@bt/query-api/testing';

export { TEST_SECRET, type Harness } from '@bt/query-api/testing';

export interface ProjectedHarnessOptions extends Omit<HarnessOptions, 'startProjector'> {
  /** Run the live projector (default true). */
  projector?: boolean;
  /** When the projector takes a user's snapshots for asOf replays (its defaults unless given). */
  snapshots?: { minEvents?: number; growth?: number };
}

export const startHarness = ({ projector, snapshots, ...options }: ProjectedHarnessOptions = {}): Promise<Harness> =>
  startQueryApiHarness({
    ...options,
    startProjector:
      projector === false
        ? undefined
        : (store, databaseUrl) => startProjector({ store, databaseUrl, batchTimeMs: 5, log: () => undefined, snapshots }),
  });
