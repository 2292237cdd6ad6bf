import type { Kysely } from 'kysely';
import { migrateSchema, type SchemaMigration } from '@bt/platform/migrate-schema';
import type { Database } from './database';
import * as readModels001 from './migrations/2026-11-22-001-read-models';
import * as projectionFailures001 from './migrations/2026-11-23-001-projection-failures';
import * as parlayDateSet001 from './migrations/2026-11-23-002-parlay-date-set';
import * as userSettings001 from './migrations/2026-11-24-001-user-settings';
import * as wagerTerms002 from './migrations/2026-11-24-002-wager-terms';
import * as analytics003 from './migrations/2026-11-24-003-analytics';
import * as importedParlayOdds001 from './migrations/2026-11-25-001-imported-parlay-odds';
import * as removedRows001 from './migrations/2026-11-26-001-removed-rows';
import * as historyPages002 from './migrations/2026-11-26-002-history-pages';
import * as userSnapshots013 from './migrations/2026-11-26-013-user-snapshots';
import * as historySearch001 from './migrations/2026-11-27-001-history-search';
import * as snapshotStreams013 from './migrations/2026-11-27-013-snapshot-streams';
import * as streamEarliest013 from './migrations/2026-11-28-013-stream-earliest';
import * as importHolds014 from './migrations/2026-11-28-014-import-holds';
import * as historySearchFields015 from './migrations/2026-11-28-015-history-search-fields';
import * as readModelVersions016 from './migrations/2026-11-28-016-read-model-versions';
import * as betStartTimes017 from './migrations/2026-11-28-017-bet-start-times';
import * as publicProfiles018 from './migrations/2026-11-28-018-public-profiles';
import * as bankrollLedger019 from './migrations/2026-11-28-019-bankroll-ledger';
import * as analyticsDays020 from './migrations/2026-11-28-020-analytics-days';
import * as analyticsPeriods021 from './migrations/2026-11-29-021-analytics-periods';

/**
 * Every file of ./migrations, in order, by its date-prefixed name: a new one is one dated file
 * and its line here (migrate.test.ts fails on a file not listed). Append, never edit a landed one.
 */
export const MIGRATIONS: Record<string, SchemaMigration> = {
  '2026-11-22-001-read-models': readModels001,
  '2026-11-23-001-projection-failures': projectionFailures001,
  '2026-11-23-002-parlay-date-set': parlayDateSet001,
  '2026-11-24-001-user-settings': userSettings001,
  '2026-11-24-002-wager-terms': wagerTerms002,
  '2026-11-24-003-analytics': analytics003,
  '2026-11-25-001-imported-parlay-odds': importedParlayOdds001,
  '2026-11-26-001-removed-rows': removedRows001,
  '2026-11-26-002-history-pages': historyPages002,
  '2026-11-26-013-user-snapshots': userSnapshots013,
  '2026-11-27-001-history-search': historySearch001,
  '2026-11-27-013-snapshot-streams': snapshotStreams013,
  '2026-11-28-013-stream-earliest': streamEarliest013,
  '2026-11-28-014-import-holds': importHolds014,
  '2026-11-28-015-history-search-fields': historySearchFields015,
  '2026-11-28-016-read-model-versions': readModelVersions016,
  '2026-11-28-017-bet-start-times': betStartTimes017,
  '2026-11-28-018-public-profiles': publicProfiles018,
  '2026-11-28-019-bankroll-ledger': bankrollLedger019,
  '2026-11-28-020-analytics-days': analyticsDays020,
  '2026-11-29-021-analytics-periods': analyticsPeriods021,
};

/** Creates `schema` if needed and brings its read-model tables up to date (live `read` or a rebuild's shadow). */
export async function migrateReadModels(db: Kysely<Database>, schema: string): Promise<void> {
  await migrateSchema(db, schema, MIGRATIONS);
}
