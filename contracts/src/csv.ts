import { z } from 'zod';
import type { ParlayLeg } from './events';
import { betBody, firstMessage, importedParlayBody, parlayBody, type BetBody, type ImportedParlayBody } from './requests';
import type { BetRow } from './responses';
import { parseOdds } from './domain/odds';
import { isIsoDate } from './domain/dates';
import { CSV_COLUMNS, type CsvColumn } from './enums';
import { MESSAGES } from './messages';

/**
 * The bet CSV, one format for export (GET /api/export/bets.csv) and import (POST /api/import/bets):
 * a header row, then one row per bet or parlay. A parlay row has kind 'parlay', event = its name,
 * odds = its total odds and `legs` = its legs as JSON; `id` and `profit` are informative on import
 * (profit is always computed; an id only recognises a row imported before).
 */
export type CsvRecord = Record<CsvColumn, string>;

/** Rows one import may hold. */
export const CSV_MAX_ROWS = 50_000;

const money = (n: number) => n.toFixed(2);

/**
 * CSV injection (OWASP): a spreadsheet runs a cell that starts with =, +, -, @, tab or CR as a
 * formula. Text cells that would start so get a leading single quote; so does one that already
 * starts with quotes before such a character, so that the import (which strips one quote from
 * exactly these cells) gives back the original text. Numbers and odds are not text cells.
 */
const FORMULA_START = /^'*[=+\-@\t\r]/;
/** Columns holding free text, neutralised on export and restored on import. */
const TEXT_COLUMNS = ['event', 'notes', 'book', 'league', 'tags'] as const satisfies readonly CsvColumn[];

/** A text cell as a spreadsheet may open it safely. */
export const neutraliseCsvText = (text: string): string => (FORMULA_START.test(text) ? `'${text}` : text);

/** The text a neutralised cell stood for (other cells are left as they are). */
export const restoreCsvText = (cell: string): string => (cell.startsWith("'") && FORMULA_START.test(cell.slice(1)) ? cell.slice(1) : cell);

/**
 * One exported row: a history row (GET /api/bets) and, for a parlay, its legs as stored (odds as
 * typed). Stringify the records with CSV_COLUMNS as the header, in that order.
 */
export const betRowToCsv = (row: BetRow, legs?: readonly ParlayLeg[] | null): CsvRecord => ({
  id: row.id,
  date: row.date,
  kind: row.kind,
  sport: row.sport,
  event: neutraliseCsvText(row.event),
  betType: row.betType,
  odds: row.odds,
  stake: money(row.stake),
  outcome: row.outcome,
  profit: money(row.profit),
  notes: neutraliseCsvText(row.notes ?? ''),
  legs: row.kind === 'parlay' && legs ? JSON.stringify(legs) : '',
  book: neutraliseCsvText(row.book ?? ''),
  league: neutraliseCsvText(row.league ?? ''),
  tags: neutraliseCsvText(row.tags.join(', ')),
  decimalOdds: row.decimalOdds.toFixed(4),
  closingOdds: row.closingOdds ?? '',
  clv: row.clv === null ? '' : row.clv.toFixed(2),
  bonusBet: row.bonusBet ? 'true' : 'false',
  cashOutAmount: row.cashOutAmount === null ? '' : money(row.cashOutAmount),
});

/**
 * What an import reads: our columns, and `selection` (other trackers keep the pick apart from the
 * event; an imported single bet's event is then "event: selection"). Export writes CSV_COLUMNS only.
 */
export const CSV_IMPORT_FIELDS = [...CSV_COLUMNS, 'selection'] as const;
export type CsvField = (typeof CSV_IMPORT_FIELDS)[number];
/** An imported row's cells by field (export's columns plus `selection`). */
export type CsvImportRecord = CsvRecord & { selection: string };

/**
 * Our field name -> the file's header for it, for other trackers' exports (`?mapping=`); '' means the
 * field is not read. Fields it leaves out are read by their names or our guess (`readCsvHeader`).
 */
export type CsvMapping = Partial<Record<CsvField, string>>;
export const csvMapping = z
  .record(z.string(), z.string(), { error: MESSAGES.csvBadMapping })
  .refine((m) => Object.keys(m).every((k) => (CSV_IMPORT_FIELDS as readonly string[]).includes(k)), MESSAGES.csvBadMapping)
  .transform((m) => m as CsvMapping);

/** A row's cells by our column names (absent columns are blank). */
export const csvCells = (row: readonly string[], columns: Partial<Record<CsvField, number>>): CsvImportRecord => {
  const cells = {} as CsvImportRecord;
  for (const column of CSV_IMPORT_FIELDS) {
    const index = columns[column];
    cells[column] = index === undefined ? '' : (row[index] ?? '').trim();
  }
  for (const column of TEXT_COLUMNS) cells[column] = restoreCsvText(cells[column]);
  return cells;
};

export const isBlankCsvRow = (cells: CsvImportRecord): boolean => CSV_IMPORT_FIELDS.every((c) => cells[c] === '');

/**
 * What an imported row becomes: the same body POST /api/bets or POST /api/parlays takes; a parlay
 * from another tracker (or our export of one) may have legs without prices and its own total odds.
 */
export type CsvImport = { kind: 'bet'; body: BetBody } | { kind: 'parlay'; body: ImportedParlayBody };

// Other trackers' words for our values (compared lower-case).
const OUTCOME_ALIASES: Record<string, string> = {
  won: 'win',
  w: 'win',
  winner: 'win',
  lost: 'loss',
  lose: 'loss',
  l: 'loss',
  loser: 'loss',
  p: 'push',
  draw: 'push',
  v: 'void',
  voided: 'void',
  cancelled: 'void',
  canceled: 'void',
  refund: 'void',
  refunded: 'void',
  'cash out': 'cashout',
  'cashed out': 'cashout',
  'cash-out': 'cashout',
  'cashed-out': 'cashout',
  open: 'pending',
  '': 'pending',
};
const SPORT_ALIASES: Record<string, string> = {
  nfl: 'football',
  ncaaf: 'football',
  'american football': 'football',
  cfb: 'football',
  nba: 'basketball',
  wnba: 'basketball',
  ncaab: 'basketball',
  cbb: 'basketball',
  mlb: 'baseball',
  nhl: 'hockey',
  'ice hockey': 'hockey',
  mls: 'soccer',
  epl: 'soccer',
};
const KNOWN_SPORTS = new Set(['football', 'basketball', 'baseball', 'hockey', 'soccer', 'other']);
const BET_TYPE_ALIASES: Record<string, string> = {
  ml: 'moneyline',
  'money line': 'moneyline',
  'point spread': 'spread',
  ats: 'spread',
  'run line': 'spread',
  'puck line': 'spread',
  'over/under': 'total',
  'o/u': 'total',
  totals: 'total',
  'player prop': 'prop',
  props: 'prop',
};

const alias = (value: string, aliases: Record<string, string>) => {
  const key = value.trim().toLowerCase();
  return aliases[key] ?? key;
};

export const importedSport = (value: string): { sport: string; warning?: string } => {
  const sport = alias(value, SPORT_ALIASES);
  // Another tracker's sport we do not list is still a sport: keep the bet, as 'other' (and say so).
  return sport === '' || KNOWN_SPORTS.has(sport) ? { sport } : { sport: 'other', warning: MESSAGES.csvUnknownSport(value.trim()) };
};

/**
 * The odds to import: the odds cell, unless the file's decimalOdds cell holds a price the odds cell
 * only rounds (an export of odds typed as decimal, "1.91", has odds "-110" and decimalOdds "1.9100").
 */
const oddsOf = (cells: CsvRecord): string => {
  const odds = parseOdds(cells.odds);
  const decimal = cells.decimalOdds === '' ? undefined : parseOdds(cells.decimalOdds);
  return odds && decimal?.format === 'decimal' && Math.abs(odds.decimal - decimal.decimal) > 0.00005 ? cells.decimalOdds : cells.odds;
};

/** The cells a row has (blank cells of the newer columns are left out, as from a file without them). */
const present = (cells: Record<string, string | undefined>) =>
  Object.fromEntries(Object.entries(cells).filter(([, v]) => v !== undefined && v !== ''));

/** "$1,250.00" -> "1250.00"; the body schema then validates it. */
const amountOf = (value: string) => value.replace(/[$,\s]/g, '');

/**
 * YYYY-MM-DD as is; an ISO instant's day; US M/D/YYYY; either with a time after it ("2025-03-01
 * 19:30", "3/1/2025 7:30 PM": the day as written); blank = absent (today). Anything else is left to the schema.
 */
const dateOf = (value: string): string | undefined => {
  if (value === '') return undefined;
  if (/^\d{4}-\d{2}-\d{2}[T ]/.test(value) && isIsoDate(value.slice(0, 10))) return value.slice(0, 10);
  const us = /^(\d{1,2})\/(\d{1,2})\/(\d{4})(?:,?\s+\d{1,2}:\d{2}(?::\d{2})?(?:\s*[ap]\.?m\.?)?)?$/i.exec(value);
  if (us) return `${us[3]}-${us[1].padStart(2, '0')}-${us[2].padStart(2, '0')}`;
  return value;
};

/**
 * What a single's event suggests when the file says nothing of its bet type: over/under is a total,
 * a line (+3.5, -7) a spread, else a moneyline (the bettor can edit it).
 */
export const betTypeFromEvent = (event: string): string => {
  if (/\b(over|under)\b/i.test(event)) return 'total';
  if (/(^|\s)[+-]\d{1,2}(\.5)?(\s|$)/.test(event)) return 'spread';
  return 'moneyline';
};

/**
 * Validates one row and turns it into the body of the command it stands for. Messages are the
 * forms' (spec section 5) plus MESSAGES' csv ones; `warning` says what was imported differently
 * from the file (a sport we do not list, kept as 'other'). `unread`: the fields no column of the
 * file is read as; a file without a sport column imports its bets as 'other', one without a bet
 * type reads it from the event (`betTypeFromEvent`), so such a file never stops on them.
 */
export const csvRowToImport = (
  cells: CsvRecord & { selection?: string },
  unread: ReadonlySet<CsvField> = new Set(),
): { ok: true; value: CsvImport; warning?: string } | { ok: false; message: string } => {
  const kind = cells.kind.toLowerCase() || (cells.legs ? 'parlay' : 'bet');
  // The columns added after the first twelve (blank in files exported before them); decimalOdds
  // and clv are informative, like profit: the odds column prices the bet.
  const common = {
    stake: amountOf(cells.stake),
    outcome: alias(cells.outcome, OUTCOME_ALIASES),
    notes: cells.notes,
    date: dateOf(cells.date),
    ...present({ book: cells.book, tags: cells.tags, bonusBet: cells.bonusBet, cashOutAmount: amountOf(cells.cashOutAmount) }),
  };
  if (kind === 'bet') {
    const { sport, warning } = importedSport(unread.has('sport') ? 'other' : cells.sport);
    const event = cells.selection ? (cells.event ? `${cells.event}: ${cells.selection}` : cells.selection) : cells.event;
    const parsed = betBody.safeParse({
      ...common,
      sport,
      event,
      betType: unread.has('betType') ? betTypeFromEvent(event) : alias(cells.betType, BET_TYPE_ALIASES),
      odds: oddsOf(cells),
      ...present({ league: cells.league, closingOdds: cells.closingOdds }),
    });
    if (!parsed.success) return { ok: false, message: firstMessage(parsed.error) };
    return { ok: true, value: { kind: 'bet', body: parsed.data }, ...(warning ? { warning } : {}) };
  }
  if (kind !== 'parlay') return { ok: false, message: MESSAGES.csvBadKind };
  let legs: unknown;
  try {
    legs = cells.legs === '' ? [] : JSON.parse(cells.legs);
  } catch {
    return { ok: false, message: MESSAGES.csvBadLegs };
  }
  if (!Array.isArray(legs) || !legs.every((leg) => typeof leg === 'object' && leg !== null)) {
    return { ok: false, message: MESSAGES.csvBadLegs };
  }
  // Our export of an imported parlay: legs without prices, priced at the row's odds (its total).
  const unpriced = legs.some((leg: { odds?: unknown }) => leg.odds === null || leg.odds === undefined || leg.odds === '');
  const parsed = unpriced
    ? importedParlayBody.safeParse({ ...common, name: cells.event, legs, totalOdds: oddsOf(cells) })
    : parlayBody.safeParse({ ...common, name: cells.event, legs });
  return parsed.success ? { ok: true, value: { kind: 'parlay', body: parsed.data } } : { ok: false, message: firstMessage(parsed.error) };
};
