import { fromCents, isDecided, toCents, type Streak } from '@bt/contracts';
import type { BetHistoryRow, StreaksRow } from '../../database';
import { RECENT_STREAKS_LIMIT } from './table';

/** byBetDate of two rows of the same date: by creation, then id. */
const sameDay = (a: BetHistoryRow, b: BetHistoryRow): number =>
  a.created_at.getTime() - b.created_at.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/** Bet-date order, ties by creation (then id, so the order is total). */
export const byBetDate = (a: BetHistoryRow, b: BetHistoryRow): number => (a.date < b.date ? -1 : a.date > b.date ? 1 : sameDay(a, b));

type Kind = Streak['type'];

/** One streak: a maximal run of decided rows of one outcome, in bet-date order; money in cents. */
interface Run {
  type: Kind;
  length: number;
  first: BetHistoryRow;
  last: BetHistoryRow;
  cents: number;
}

interface MonthTally {
  month: string;
  winStreaks: number;
  lossStreaks: number;
}

/** The first index in `list` whose item is not before `key` (binary search). */
const lowerBound = <T>(list: readonly T[], before: (item: T) => boolean): number => {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (before(list[mid])) lo = mid + 1;
    else hi = mid;
  }
  return lo;
};

const toStreak = (run: Run): Streak => ({
  type: run.type,
  length: run.length,
  startDate: run.first.date,
  endDate: run.last.date,
  profit: fromCents(run.cents),
});

/**
 * A user's streaks kept up to date row by row (DESIGN "Streaks", computeStreaks in ./streaks.ts is
 * the from-scratch reference): the decided rows (win or loss) in bet-date order, the runs they form
 * (consecutive runs alternate win/loss), per outcome and length the runs of that length in order
 * (the longest, on a tie the most recent, is the last of the longest length), and per month how many
 * runs started in it. Adding or removing a row finds its place by binary search and changes only the
 * run(s) around it: it grows or shrinks one, splits one in three (summing the smaller side's
 * profit), or merges two neighbours; the arrays are spliced (a move of pointers), never re-sorted or
 * folded again.
 */
export class StreakRuns {
  private readonly rows: BetHistoryRow[] = [];
  private readonly runs: Run[] = [];
  private readonly byLength: Record<Kind, Map<number, Run[]>> = { win: new Map(), loss: new Map() };
  private readonly months = new Map<string, MonthTally>();

  /** The streaks of a whole history (rows of any outcome: only decided ones count), folded once. */
  static of(history: Iterable<BetHistoryRow>): StreakRuns {
    const streaks = new StreakRuns();
    // byBetDate's order, by date first in lists of a day each: a sort of a few hundred dates and
    // of each day's rows takes half the comparisons of one sort of them all (150,000 rows: 200 ms).
    const days = new Map<string, BetHistoryRow[]>();
    for (const row of history) {
      if (!isDecided(row.outcome)) continue;
      const day = days.get(row.date);
      if (day) day.push(row);
      else days.set(row.date, [row]);
    }
    for (const date of [...days.keys()].sort()) {
      const day = days.get(date)!;
      if (day.length > 1) day.sort(sameDay);
      for (const row of day) streaks.rows.push(row);
    }
    let current: Run | undefined;
    for (const row of streaks.rows) {
      if (current && current.type === row.outcome) {
        current.length += 1;
        current.last = row;
        current.cents += toCents(row.profit);
      } else {
        current = { type: row.outcome as Kind, length: 1, first: row, last: row, cents: toCents(row.profit) };
        streaks.runs.push(current);
      }
    }
    for (const run of streaks.runs) streaks.attach(run, true);
    return streaks;
  }

  /** Counts a row (a win or a loss; any other outcome is ignored). */
  add(row: BetHistoryRow): void {
    if (!isDecided(row.outcome)) return;
    const type = row.outcome as Kind;
    const cents = toCents(row.profit);
    const i = lowerBound(this.rows, (r) => byBetDate(r, row) < 0);
    this.rows.splice(i, 0, row);
    const prev = i > 0 ? this.rows[i - 1] : undefined;
    const next = i + 1 < this.rows.length ? this.rows[i + 1] : undefined;
    const kp = prev ? this.runOf(prev) : -1;
    const inside = prev !== undefined && next !== undefined && byBetDate(this.runs[kp].last, prev) !== 0;
    if (inside) {
      const run = this.runs[kp];
      if (run.type === type) return this.change(run, () => ((run.length += 1), (run.cents += cents)));
      // A row of the other outcome inside a run splits it in three.
      const start = this.indexOf(run.first);
      const leftLength = i - start;
      const rightLength = run.length - leftLength;
      let sideCents = 0;
      if (leftLength <= rightLength) for (let j = start; j < i; j++) sideCents += toCents(this.rows[j].profit);
      else for (let j = i + 1; j <= i + rightLength; j++) sideCents += toCents(this.rows[j].profit);
      const leftCents = leftLength <= rightLength ? sideCents : run.cents - sideCents;
      this.detach(run);
      const left: Run = { type: run.type, length: leftLength, first: run.first, last: prev, cents: leftCents };
      const middle: Run = { type, length: 1, first: row, last: row, cents };
      const right: Run = { type: run.type, length: rightLength, first: next, last: run.last, cents: run.cents - leftCents };
      this.runs.splice(kp, 1, left, middle, right);
      for (const r of [left, middle, right]) this.attach(r);
      return;
    }
    // Between two runs (or at either end): it joins the neighbour of its outcome, else starts a run.
    const before = kp >= 0 ? this.runs[kp] : undefined;
    const after = kp + 1 < this.runs.length ? this.runs[kp + 1] : undefined;
    if (before && before.type === type) {
      this.change(before, () => ((before.length += 1), (before.last = row), (before.cents += cents)));
    } else if (after && after.type === type) {
      this.change(after, () => ((after.length += 1), (after.first = row), (after.cents += cents)));
    } else {
      const run: Run = { type, length: 1, first: row, last: row, cents };
      this.runs.splice(kp + 1, 0, run);
      this.attach(run);
    }
  }

  /** Stops counting a row as it was counted (same date, creation, id, outcome and profit). */
  remove(row: BetHistoryRow): void {
    if (!isDecided(row.outcome)) return;
    const i = this.indexOf(row);
    if (i < 0) return;
    const k = this.runOf(row);
    const run = this.runs[k];
    this.rows.splice(i, 1);
    if (run.length > 1) {
      this.change(run, () => {
        run.length -= 1;
        run.cents -= toCents(row.profit);
        if (byBetDate(run.first, row) === 0) run.first = this.rows[i];
        if (byBetDate(run.last, row) === 0) run.last = this.rows[i - 1];
      });
      return;
    }
    // A run of one goes; its neighbours (of the same outcome, as runs alternate) become one.
    this.detach(run);
    const before = this.runs[k - 1];
    const after = this.runs[k + 1];
    if (before && after) {
      this.detach(after);
      this.change(before, () => ((before.length += after.length), (before.cents += after.cents), (before.last = after.last)));
      this.runs.splice(k, 2);
    } else {
      this.runs.splice(k, 1);
    }
  }

  /** The streaks row's figures, as computeStreaks gives them. */
  row(): Omit<StreaksRow, 'user_id'> {
    return {
      current_streak: this.runs.length > 0 ? toStreak(this.runs[this.runs.length - 1]) : null,
      longest_win_streak: this.longest('win'),
      longest_loss_streak: this.longest('loss'),
      recent_streaks: this.runs.slice(-RECENT_STREAKS_LIMIT).reverse().map(toStreak),
      streaks_by_month: [...this.months.values()]
        .sort((a, b) => (a.month < b.month ? -1 : a.month > b.month ? 1 : 0))
        .map((m) => ({ month: m.month, winStreaks: m.winStreaks, lossStreaks: m.lossStreaks })),
    };
  }

  /** The most recent of the longest runs of an outcome. */
  private longest(type: Kind): Streak | null {
    let max = 0;
    for (const length of this.byLength[type].keys()) if (length > max) max = length;
    const runs = this.byLength[type].get(max);
    return runs ? toStreak(runs[runs.length - 1]) : null;
  }

  /** The index of the row with the key of `row` in `rows`, or -1. */
  private indexOf(row: BetHistoryRow): number {
    const i = lowerBound(this.rows, (r) => byBetDate(r, row) < 0);
    return i < this.rows.length && byBetDate(this.rows[i], row) === 0 ? i : -1;
  }

  /** The index of the run holding a counted row (the last run starting at or before it). */
  private runOf(row: BetHistoryRow): number {
    return lowerBound(this.runs, (run) => byBetDate(run.first, row) <= 0) - 1;
  }

  /** Changes a run in place, keeping its length bucket and its month's tally right. */
  private change(run: Run, apply: () => void): void {
    this.detach(run);
    apply();
    this.attach(run);
  }

  /** Counts a run in its length's list (in bet-date order) and its month; `last`: it comes after every run counted. */
  private attach(run: Run, last = false): void {
    let bucket = this.byLength[run.type].get(run.length);
    if (!bucket) this.byLength[run.type].set(run.length, (bucket = []));
    if (last) bucket.push(run);
    else
      bucket.splice(
        lowerBound(bucket, (r) => byBetDate(r.first, run.first) < 0),
        0,
        run,
      );
    const month = run.first.date.slice(0, 7);
    let tally = this.months.get(month);
    if (!tally) this.months.set(month, (tally = { month, winStreaks: 0, lossStreaks: 0 }));
    if (run.type === 'win') tally.winStreaks += 1;
    else tally.lossStreaks += 1;
  }

  private detach(run: Run): void {
    const buckets = this.byLength[run.type];
    const bucket = buckets.get(run.length)!;
    bucket.splice(
      lowerBound(bucket, (r) => byBetDate(r.first, run.first) < 0),
      1,
    );
    if (bucket.length === 0) buckets.delete(run.length);
    const month = run.first.date.slice(0, 7);
    const tally = this.months.get(month)!;
    if (run.type === 'win') tally.winStreaks -= 1;
    else tally.lossStreaks -= 1;
    if (tally.winStreaks === 0 && tally.lossStreaks === 0) this.months.delete(month);
  }
}
