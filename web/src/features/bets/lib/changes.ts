import type { BetChange, OddsFormat } from '@bt/contracts';
import { formatDate, formatDateTime, formatMoney, formatProfit } from '../../../lib/format';
import { betTypeLabel, OUTCOME_LABELS, sportLabel } from '../../../lib/labels';
import { formatUnitSize, showOdds } from '../../../lib/preferences';

/** One event of a bet's or parlay's change log, in words. */
export interface ChangeView {
  /** "Placed", "Created", "Edited", "Settled", "Deleted", "Restored", "Unit size $25 applied (from Settings)". */
  title: string;
  /** When it was recorded, as the app writes dates and times. */
  when: string;
  /** What changed: "Stake: $50.00 -> $75.00"; what a bet was placed with, for the first. */
  lines: string[];
}

const TITLES: Record<string, string> = {
  BetPlaced: 'Placed',
  ParlayCreated: 'Created',
  BetAmended: 'Edited',
  ParlayAmended: 'Edited',
  BetSettled: 'Settled',
  ParlaySettled: 'Settled',
  BetRemoved: 'Deleted',
  ParlayRemoved: 'Deleted',
  BetRestored: 'Restored',
  ParlayRestored: 'Restored',
};

const titleOf = (change: BetChange): string => {
  const applied = change.changes.unitSize?.to;
  if ((change.type === 'BetUnitSizeApplied' || change.type === 'ParlayUnitSizeApplied') && typeof applied === 'number') {
    return `Unit size ${formatUnitSize(applied)} applied (from Settings)`;
  }
  return TITLES[change.type] ?? 'Changed';
};

type Show = (value: unknown, change: BetChange, side: 'from' | 'to') => string;

const text: Show = (value) => (value === null || value === undefined || value === '' ? 'none' : String(value));
const money: Show = (value) => (typeof value === 'number' ? formatMoney(value) : 'none');
const profit: Show = (value) => (typeof value === 'number' ? formatProfit(value) : 'none');
const date: Show = (value) => (typeof value === 'string' ? formatDate(value) : 'none');
const yesNo: Show = (value) => (value === true ? 'yes' : 'no');
const list: Show = (value) => (Array.isArray(value) && value.length > 0 ? value.join(', ') : 'none');
/** Closed vocabularies by the labels the forms and the table use ("Football", "Pending"). */
const labelled =
  (label: (value: string) => string): Show =>
  (value, change, side) =>
    typeof value === 'string' && value !== '' ? label(value) : text(value, change, side);
const outcomeLabel = (value: string): string => (value in OUTCOME_LABELS ? OUTCOME_LABELS[value as keyof typeof OUTCOME_LABELS] : value);
const legs: Show = (value) => (Array.isArray(value) ? `${value.length} legs` : 'none');

/** Odds in the bettor's format: the change's decimal price on the same side keeps it exact. */
const odds =
  (format: OddsFormat, decimalField: string | null): Show =>
  (value, change, side) => {
    if (typeof value !== 'string') return 'none';
    const decimal = decimalField ? change.changes[decimalField]?.[side] : undefined;
    return showOdds({ american: value, decimal: typeof decimal === 'number' ? decimal : null }, format);
  };

/** The fields shown, in the order of the forms, with the forms' labels. Derived figures (clv, units) are left out. */
const fields = (format: OddsFormat): [string, string, Show][] => [
  ['name', 'Parlay Name', text],
  ['sport', 'Sport', labelled(sportLabel)],
  ['event', 'Event', text],
  ['betType', 'Bet Type', labelled(betTypeLabel)],
  ['odds', 'Odds', odds(format, 'decimalOdds')],
  ['totalOdds', 'Total Odds', odds(format, 'decimalOdds')],
  ['stake', 'Stake', money],
  ['legs', 'Legs', legs],
  ['book', 'Book', text],
  ['league', 'League', text],
  ['outcome', 'Outcome', labelled(outcomeLabel)],
  ['cashOutAmount', 'Cash-out amount', money],
  ['date', 'Date', date],
  ['tags', 'Tags', list],
  ['closingOdds', 'Closing odds', odds(format, null)],
  ['bonusBet', 'Bonus bet', yesNo],
  ['notes', 'Notes', text],
  ['profit', 'Profit/Loss', profit],
];

/** What a bet or parlay was placed with: these fields only, as "Label: value". */
const PLACED_WITH = new Set(['name', 'sport', 'event', 'betType', 'odds', 'totalOdds', 'stake', 'legs', 'outcome', 'date']);

/** A change log (GET /api/bets/:id/history, oldest first) in words, in the bettor's odds format. */
export const describeChanges = (changes: readonly BetChange[], format: OddsFormat): ChangeView[] =>
  changes.map((change, i) => {
    const lines: string[] = [];
    for (const [field, label, show] of fields(format)) {
      const moved = change.changes[field];
      if (!moved) continue;
      if (i === 0) {
        if (PLACED_WITH.has(field) && moved.to !== null) lines.push(`${label}: ${show(moved.to, change, 'to')}`);
      } else {
        lines.push(`${label}: ${show(moved.from, change, 'from')} -> ${show(moved.to, change, 'to')}`);
      }
    }
    return { title: titleOf(change), when: formatDateTime(change.at), lines };
  });
