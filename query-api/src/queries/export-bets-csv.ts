import { pipeline, Readable, type Transform } from 'node:stream';
import { sql, type Kysely } from 'kysely';
import { stringify } from 'csv-stringify';
import { betRowToCsv, CSV_COLUMNS, type CsvRecord, type ParlayLeg } from '@bt/contracts';
import { readModels, type ReadDatabase } from '../read-db';
import { betRowFromTable } from './bet-row';
import type { QueryRoute } from '../query-route';

/**
 * A parlay's legs as stored (odds as typed), without the terms a leg does not have: a leg with no
 * league or close is written as before they existed, so a file of old parlays reads as it did.
 */
const legsForCsv = (legs: readonly ParlayLeg[] | null): ParlayLeg[] | null =>
  legs &&
  legs.map(({ league, closingOdds, ...leg }) => ({
    ...leg,
    ...(league == null ? {} : { league }),
    ...(closingOdds == null ? {} : { closingOdds }),
  }));

/** Rows fetched per round trip while exporting. */
export const EXPORT_PAGE_SIZE = 1000;

/**
 * The user's history rows with each parlay's legs, newest first, a page at a time. Keyset paging on
 * (created_at, id); the cursor keeps created_at as Postgres' own text so microseconds survive the
 * round trip through JavaScript.
 */
async function* exportRecords(db: Kysely<ReadDatabase>, userId: string, pageSize: number): AsyncGenerator<CsvRecord> {
  let cursor: { at: string; id: string } | undefined;
  for (;;) {
    const after = cursor;
    const page = await readModels(db)
      .selectFrom('bets as b')
      .leftJoin('parlays as p', 'p.id', 'b.id')
      .selectAll('b')
      .select(['p.legs as legs', sql<string>`b.created_at::text`.as('cursor_at')])
      .where('b.user_id', '=', userId)
      .where('b.is_part_of_parlay', '=', false)
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
 * GET /api/export/bets.csv: one row per bet and parlay under the header of contracts' CSV_COLUMNS,
 * RFC 4180 quoting and CRLF line ends (csv-stringify), streamed page by page.
 */
export function exportBetsCsv(db: Kysely<ReadDatabase>, userId: string, pageSize = EXPORT_PAGE_SIZE): Transform {
  const csv = stringify({ header: true, columns: [...CSV_COLUMNS], record_delimiter: 'windows' });
  // A failure mid-way destroys the response stream: the client sees a cut download, never a clean-looking partial file.
  pipeline(Readable.from(exportRecords(db, userId, pageSize)), csv, () => undefined);
  return csv;
}

/** GET /api/export/bets.csv: a heavy read, streamed. */
export const exportBetsRoute: QueryRoute = {
  path: '/export/bets.csv',
  heavy: 'always',
  answer: ({ db, userId }, ctx) => {
    ctx.attachment('bets.csv');
    ctx.type = 'text/csv; charset=utf-8';
    return exportBetsCsv(db, userId);
  },
};
