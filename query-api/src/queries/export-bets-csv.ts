import { pipeline, Readable, type Transform } from 'node:stream';
import { sql, type Kysely } from 'kysely';
import { stringify } from 'csv-stringify';
import {
  betRowToCsv,
  CSV_COLUMNS,
  historyFiltersOf,
  historyFiltersQuery,
  type CsvRecord,
  type HistoryFilters,
  type ParlayLeg,
} from '@bt/contracts';
import { readModels, type ReadDatabase } from '../read-db';
import { betRowFromTable } from './bet-row';
import { filteredBets } from './history-filter';
import type { QueryRoute } from '../query-route';

/**
 * A parlay's legs as stored (odds as typed), without the terms a leg does not have: a leg with no
 * league, close or start time is written as before they existed, so a file of old parlays reads as it did.
 */
const legsForCsv = (legs: readonly ParlayLeg[] | null): ParlayLeg[] | null =>
  legs &&
  legs.map(({ league, closingOdds, startsAt, ...leg }) => ({
    ...leg,
    ...(league == null ? {} : { league }),
    ...(closingOdds == null ? {} : { closingOdds }),
    ...(startsAt == null ? {} : { startsAt }),
  }));

/** Rows fetched per round trip while exporting. */
export const EXPORT_PAGE_SIZE = 1000;

/** What an export holds: the history rows Bet History's filters keep, the periods counted back from `today`. */
export interface ExportFilter {
  filters: HistoryFilters;
  today: string;
}

/** Every history row: no filter (the period is 'all', so no day is counted back from). */
const EVERY_ROW: ExportFilter = { filters: historyFiltersOf(historyFiltersQuery.parse({})), today: '2000-01-01' };

/**
 * The user's history rows (those the filters keep) with each parlay's legs, newest first, a page at
 * a time. Keyset paging on (created_at, id); the cursor keeps created_at as Postgres' own text so
 * microseconds survive the round trip through JavaScript.
 */
async function* exportRecords(db: Kysely<ReadDatabase>, userId: string, pageSize: number, kept: ExportFilter): AsyncGenerator<CsvRecord> {
  let cursor: { at: string; id: string } | undefined;
  for (;;) {
    const after = cursor;
    const page = await readModels(db)
      .selectFrom(filteredBets(readModels(db), userId, kept.filters, kept.today).selectAll().as('b'))
      .leftJoin('parlays as p', 'p.id', 'b.id')
      .selectAll('b')
      .select(['p.legs as legs', sql<string>`b.created_at::text`.as('cursor_at')])
      .$if(after !== undefined, (q) => q.where(sql<boolean>`(b.created_at, b.id) < (${after!.at}::timestamptz, ${after!.id})`))
      .orderBy('b.created_at', 'desc')
      .orderBy('b.id', 'desc')
      .limit(pageSize)
      .execute();
    for (const { legs, cursor_at: _at, ...row } of page) yield betRowToCsv(betRowFromTable(row), legsForCsv(legs as ParlayLeg[] | null));
    if (page.length < pageSize) return;
    const last = page[page.length - 1];
    cursor = { at: last.cursor_at, id: last.id };
  }
}

/**
 * GET /api/export/bets.csv: one row per bet and parlay (every one, or those the filters keep) under
 * the header of contracts' CSV_COLUMNS, RFC 4180 quoting and CRLF line ends (csv-stringify),
 * streamed page by page.
 */
export function exportBetsCsv(db: Kysely<ReadDatabase>, userId: string, pageSize = EXPORT_PAGE_SIZE, kept = EVERY_ROW): Transform {
  const csv = stringify({ header: true, columns: [...CSV_COLUMNS], record_delimiter: 'windows' });
  // A failure mid-way destroys the response stream: the client sees a cut download, never a clean-looking partial file.
  pipeline(Readable.from(exportRecords(db, userId, pageSize, kept)), csv, () => undefined);
  return csv;
}

/** GET /api/export/bets.csv?<the history filters>: a heavy read, streamed; without a filter every row. */
export const exportBetsRoute: QueryRoute = {
  path: '/export/bets.csv',
  heavy: 'always',
  answer: ({ db, userId, today }, ctx) => {
    // Parsed before the answer starts, so a bad filter is a 400, not a cut download.
    const query = historyFiltersQuery.parse(ctx.query);
    ctx.attachment('bets.csv');
    ctx.type = 'text/csv; charset=utf-8';
    return exportBetsCsv(db, userId, EXPORT_PAGE_SIZE, { filters: historyFiltersOf(query), today: query.today ?? today() });
  },
};
