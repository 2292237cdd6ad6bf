/**
 * Test helpers other workspaces use (`@bt/query-api/testing`); production code never imports them.
 * The launcher runs query-api's integration tests that need a live projector (query-api does not
 * import the projector), with this harness and the queries those tests call directly.
 */
export { startHarness, TEST_SECRET, type Harness, type HarnessOptions } from './harness';
export { HEAVY_READ_RETRY_AFTER_SECONDS, type HeavyReadLimits } from '../heavy-reads';
export { readModels } from '../read-db';
export { userStreamIds } from '../user-streams';
export { exportBetsCsv } from '../queries/export-bets-csv';
export { betRowFromTable } from '../queries/bet-row';
export { getBets } from '../queries/get-bets';
export { knownHistories, NOW, recordKnownHistories } from './known-histories';
export { getBetsPage } from '../queries/get-bets-page';
export { streamUserEvents } from '../queries/stream-user-events';
