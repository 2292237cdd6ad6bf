import { betTypeFromEvent, importedSport, type CsvImport } from './csv';
import { dayOf, isIsoDate } from './domain/dates';
import { toCents } from './domain/money';
import { pricedBet, pricedParlay } from './domain/pricing';
import type { Outcome } from './enums';
import { MESSAGES } from './messages';
import { betBody, firstMessage, importedParlayBody } from './requests';

/**
 * Pikkit's export (`transactions.csv`), recognised by its header and read by column name: some
 * exports leave out `ev` or the `_iso` columns. Odds and closing lines are decimal; a parlay is one
 * row whose bet_info, sports and leagues list the legs separated by " | ".
 */
export const PIKKIT_COLUMNS = [
  'bet_id',
  'sportsbook',
  'type',
  'status',
  'odds',
  'closing_line',
  'ev',
  'amount',
  'profit',
  'time_placed',
  'time_placed_iso',
  'time_settled',
  'time_settled_iso',
  'bet_info',
  'tags',
  'sports',
  'leagues',
] as const;
export type PikkitColumn = (typeof PIKKIT_COLUMNS)[number];
export type PikkitRecord = Record<PikkitColumn, string>;

/** The columns a file must have to be read as Pikkit's (plus time_placed or time_placed_iso). */
const REQUIRED: readonly PikkitColumn[] = [
  'bet_id',
  'sportsbook',
  'type',
  'status',
  'odds',
  'amount',
  'profit',
  'bet_info',
  'sports',
  'leagues',
];

/** What each Pikkit column becomes (the import preview's "how each column was read"). */
export const PIKKIT_FIELDS: Record<PikkitColumn, string | null> = {
  bet_id: 'id',
  sportsbook: 'book',
  type: 'kind',
  status: 'outcome',
  odds: 'odds',
  closing_line: 'closingOdds',
  ev: null,
  amount: 'stake',
  profit: 'profit',
  time_placed: 'date',
  time_placed_iso: 'date',
  time_settled: null,
  time_settled_iso: null,
  bet_info: 'event',
  tags: 'tags',
  sports: 'sport',
  leagues: 'league',
};

const key = (header: string) => header.trim().toLowerCase();

/** Where each Pikkit column sits in the file; undefined when the header is not Pikkit's. */
export const readPikkitHeader = (header: readonly string[]): Partial<Record<PikkitColumn, number>> | undefined => {
  const keys = header.map(key);
  const columns: Partial<Record<PikkitColumn, number>> = {};
  for (const column of PIKKIT_COLUMNS) {
    const index = keys.indexOf(column);
    if (index >= 0) columns[column] = index;
  }
  const complete = REQUIRED.every((c) => columns[c] !== undefined);
  return complete && (columns.time_placed !== undefined || columns.time_placed_iso !== undefined) ? columns : undefined;
};

export const pikkitCells = (row: readonly string[], columns: Partial<Record<PikkitColumn, number>>): PikkitRecord => {
  const cells = {} as PikkitRecord;
  for (const column of PIKKIT_COLUMNS) {
    const index = columns[column];
    cells[column] = index === undefined ? '' : (row[index] ?? '').trim();
  }
  return cells;
};

const STATUSES: Record<string, Outcome> = {
  SETTLED_WIN: 'win',
  SETTLED_LOSS: 'loss',
  SETTLED_PUSH: 'push',
  SETTLED_VOID: 'void',
  SETTLED_CASHOUT: 'cashout',
  PENDING: 'pending',
};

const LEG_SEPARATOR = ' | ';
const legsOf = (cell: string) => cell.split(LEG_SEPARATOR).map((part) => part.trim());

/** The UTC day the bet was placed: time_placed_iso, else time_placed ("03/11/2025 15:52:19 GMT", month first). */
const dayPlaced = (cells: PikkitRecord): string | undefined => {
  if (cells.time_placed_iso !== '') {
    const time = Date.parse(cells.time_placed_iso);
    return Number.isNaN(time) ? undefined : dayOf(new Date(time));
  }
  const us = /^(\d{1,2})\/(\d{1,2})\/(\d{4})(?:[ T](\d{1,2}):(\d{2})(?::(\d{2}))?)?\s*(?:GMT|UTC|Z)?$/i.exec(cells.time_placed);
  if (!us) return undefined;
  const day = `${us[3]}-${us[1].padStart(2, '0')}-${us[2].padStart(2, '0')}`;
  return isIsoDate(day) ? day : undefined;
};

/** Decimal prices as decimal text ("2" would read as American): "2" -> "2.0". */
const decimalText = (cell: string) => (/^\d+$/.test(cell) ? `${cell}.0` : cell);

/** Pikkit has no free-bet column: a tag saying so, or a loss that cost nothing, marks a bonus bet. */
const BONUS_TAG = /\b(bonus|free)\s*bets?\b|^bonus$/i;

/**
 * One Pikkit row as the body of the command it stands for, with its bet_id (what recognises it
 * again) and its warnings (a sport we do not list; a profit that is not ours). A parlay's legs
 * carry no prices: it is imported as a parlay priced at the file's total odds (`totalOdds`), each
 * leg's event and selection its part of bet_info, dated the parlay's day, pending (the parlay's
 * outcome is the file's status).
 */
export const pikkitRowToImport = (
  cells: PikkitRecord,
): { ok: true; value: CsvImport; betId: string; warnings: string[] } | { ok: false; message: string } => {
  if (cells.bet_id === '') return { ok: false, message: MESSAGES.pikkitBetIdMissing };
  const outcome = STATUSES[cells.status.toUpperCase()];
  if (!outcome) return { ok: false, message: MESSAGES.pikkitBadStatus(cells.status) };
  const date = dayPlaced(cells);
  if (!date) return { ok: false, message: MESSAGES.pikkitBadTime };
  const warnings: string[] = [];
  const parlay = cells.type.toLowerCase() === 'parlay';
  const sports = (parlay ? legsOf(cells.sports) : [cells.sports]).map((s) => {
    const read = importedSport(s);
    if (read.warning && !warnings.includes(read.warning)) warnings.push(read.warning);
    return read.sport;
  });
  const stake = Number(cells.amount.replace(/[$,\s]/g, ''));
  const fileProfit = Number(cells.profit.replace(/[$,\s]/g, '') || '0');
  const tags = cells.tags
    .split(',')
    .map((t) => t.trim())
    .filter(Boolean);
  const bonusBet = tags.some((t) => BONUS_TAG.test(t)) || (outcome === 'loss' && cells.profit !== '' && fileProfit === 0 && stake > 0);
  const terms = {
    stake: cells.amount.replace(/[$,\s]/g, ''),
    outcome,
    date,
    bonusBet,
    ...(cells.sportsbook ? { book: cells.sportsbook } : {}),
    ...(tags.length > 0 ? { tags } : {}),
    ...(outcome === 'cashout' ? { cashOutAmount: Number.isFinite(fileProfit) ? (toCents(stake) + toCents(fileProfit)) / 100 : NaN } : {}),
  };
  const checkProfit = (ours: number) => {
    if (outcome === 'cashout' || outcome === 'pending' || cells.profit === '' || !Number.isFinite(fileProfit)) return;
    if (Math.abs(toCents(ours) - toCents(fileProfit)) > 1)
      warnings.push(MESSAGES.importProfitDiffers(fileProfit.toFixed(2), ours.toFixed(2)));
  };
  if (parlay) {
    const leagues = legsOf(cells.leagues);
    const parsed = importedParlayBody.safeParse({
      ...terms,
      name: cells.bet_info,
      totalOdds: decimalText(cells.odds),
      legs: legsOf(cells.bet_info).map((info, i) => ({
        sport: sports[i] ?? 'other',
        event: info,
        selection: info,
        odds: null,
        date,
        outcome: 'pending',
        ...(leagues[i] ? { league: leagues[i] } : {}),
      })),
    });
    if (!parsed.success) return { ok: false, message: firstMessage(parsed.error) };
    checkProfit(pricedParlay(parsed.data).profit);
    return { ok: true, value: { kind: 'parlay', body: parsed.data }, betId: cells.bet_id, warnings };
  }
  const parsed = betBody.safeParse({
    ...terms,
    sport: sports[0] || 'other',
    event: cells.bet_info,
    betType: betTypeFromEvent(cells.bet_info),
    odds: decimalText(cells.odds),
    ...(cells.leagues ? { league: cells.leagues } : {}),
    ...(cells.closing_line ? { closingOdds: decimalText(cells.closing_line) } : {}),
  });
  if (!parsed.success) return { ok: false, message: firstMessage(parsed.error) };
  const body = parsed.data;
  checkProfit(pricedBet(body).profit);
  return { ok: true, value: { kind: 'bet', body }, betId: cells.bet_id, warnings };
};
