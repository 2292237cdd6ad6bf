import { pricedBet, pricedParlay, type ImportPreview, type ImportPreviewRow } from '@bt/contracts';
import type { EventStore } from '@bt/event-store';
import type { RequestScope } from '../shared/http';
import { IdTable } from '../shared/id-table';
import type { ImportPlan, PlannedRow } from './import-plan';
import { chunksOf, decideChunk, ROWS_PER_CHUNK } from './import-streams';

/** Rows the preview shows as they would be stored. */
export const PREVIEW_ROWS = 20;

/** A row as it would be stored (the import preview): its fields and the profit we price it at. */
const previewRow = (planned: PlannedRow): ImportPreviewRow => {
  const { value, row } = planned;
  const common = {
    row,
    kind: value.kind,
    date: value.body.date ?? null,
    stake: value.body.stake,
    outcome: value.body.outcome,
    book: value.body.book ?? null,
    tags: value.body.tags ?? [],
    notes: value.body.notes ?? null,
    bonusBet: value.body.bonusBet ?? false,
  };
  if (value.kind === 'bet') {
    const { body } = value;
    const price = pricedBet(body);
    return {
      ...common,
      sport: body.sport,
      league: body.league ?? null,
      event: body.event,
      betType: body.betType,
      odds: price.odds,
      closingOdds: price.closingOdds,
      profit: price.profit,
      legCount: null,
    };
  }
  const { body } = value;
  const price = pricedParlay(body);
  return {
    ...common,
    sport: null,
    league: null,
    event: body.name,
    betType: 'parlay',
    odds: price.totalOdds,
    closingOdds: null,
    profit: price.profit,
    legCount: body.legs.length,
  };
};

/**
 * How many of the rows that read well the import would add, skip (imported before) and amend (another
 * tracker's bet imported before that changed since): the import's own decision, row by row, on the
 * streams as they are now, with nothing written.
 */
const countRows = async (store: EventStore, scope: RequestScope, rows: AsyncIterable<PlannedRow>, committed: ReadonlySet<string>) => {
  const context = { known: new Map(), takenHere: new IdTable(), committed, unitSize: null };
  let newRows = 0;
  let toUpdate = 0;
  let read = 0;
  for await (const chunk of chunksOf(rows, ROWS_PER_CHUNK)) {
    read += chunk.length;
    for (const append of await decideChunk(store, scope, chunk, context)) {
      if (append.amends) toUpdate++;
      else newRows++;
    }
  }
  return { newRows, toUpdate, alreadyImported: read - newRows - toUpdate };
};

/**
 * The answer of ?dryRun=1: how the file reads (`plan`, its first PREVIEW_ROWS rows kept) and what
 * importing it would do now (`rows`: the file's sound rows, read again). Writes nothing.
 */
export const previewImport = async (
  store: EventStore,
  scope: RequestScope,
  plan: ImportPlan,
  rows: () => AsyncIterable<PlannedRow>,
  committed: ReadonlySet<string>,
): Promise<ImportPreview> => {
  const counts =
    plan.reading !== undefined && (plan.rowCount ?? 0) > 0
      ? await countRows(store, scope, rows(), committed)
      : { newRows: 0, toUpdate: 0, alreadyImported: 0 };
  return {
    dryRun: true,
    format: plan.reading?.format ?? 'csv',
    columns: plan.reading?.columns ?? [],
    remembered: plan.reading?.remembered ?? false,
    rowCount: plan.rowCount ?? 0,
    ...counts,
    rows: (plan.preview ?? []).map(previewRow),
    errors: plan.ok ? [] : plan.errors,
    warnings: plan.warnings ?? [],
  };
};
