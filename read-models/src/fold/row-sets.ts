import { fromCents, toCents } from '@bt/contracts';
import { moneyColumns, type Column, type DeclaredTable } from '../columns';
import type { TableName, TableRows } from '../database';
import type { RowChanges } from './rows';

/*
 * A user's rows of one table as a projection holds them: what changed since the last take, and
 * which rows the table already holds (a new row is a plain insert, a changed one an upsert, a row
 * removed before it was ever written needs no delete). Keys, owner and money columns come from the
 * table's declaration, which the read model hands them (its folder's table.ts): they do not look
 * tables up in TABLES, which is assembled from the read models.
 */

/** A table's money columns, read off its declaration once. */
const MONEY = new Map<DeclaredTable, string[]>();

const moneyOf = (table: DeclaredTable): string[] => {
  let columns = MONEY.get(table);
  if (columns === undefined) MONEY.set(table, (columns = moneyColumns(table)));
  return columns;
};

type Convert = (row: object) => object;

/**
 * A copy of a table's row with `convert` applied to its money columns: one literal of every
 * column, compiled once per table (a spread and a loop over the money columns, seeing every
 * table's rows, took a sixth of a rebuild's take). Rows hold every column of their table.
 */
const compile = (table: DeclaredTable, convert: (value: number) => number): Convert => {
  const money = new Set(moneyOf(table));
  const fields = Object.keys(table.columns).map((column) => {
    const value = `row[${JSON.stringify(column)}]`;
    return `${JSON.stringify(column)}: ${money.has(column) ? `convert(${value})` : value}`;
  });
  return new Function('convert', `return (row) => ({${fields.join(', ')}});`)(convert) as Convert;
};

const TO_DOLLARS = new Map<DeclaredTable, Convert>();
const TO_CENTS = new Map<DeclaredTable, Convert>();
const converter = (cache: Map<DeclaredTable, Convert>, table: DeclaredTable, convert: (value: number) => number): Convert => {
  let compiled = cache.get(table);
  if (compiled === undefined) cache.set(table, (compiled = compile(table, convert)));
  return compiled;
};

/** A row whose money columns hold integer cents (running sums stay exact) as the table's dollars. */
const inDollars = <T extends TableName>(table: DeclaredTable<T>, row: TableRows[T]): TableRows[T] =>
  converter(TO_DOLLARS, table, fromCents)(row) as TableRows[T];

/** A row as loaded from its table, with its money columns in integer cents. */
const inCents = <T extends TableName>(table: DeclaredTable<T>, row: TableRows[T]): TableRows[T] =>
  converter(TO_CENTS, table, toCents)(row) as TableRows[T];

/**
 * How a KeyedRows holds its rows when not as the table does: `written` makes the table's row of a
 * held one (a new object: the held row may change after), `loaded` the held row of a table's.
 */
export interface RowForm<T extends TableName> {
  written(row: TableRows[T]): TableRows[T];
  loaded(row: TableRows[T]): TableRows[T];
}

/** Money columns held in integer cents (running sums stay exact), the table's in dollars: one per table. */
const IN_CENTS = new Map<DeclaredTable, RowForm<never>>();
const inCentsForm = <T extends TableName>(table: DeclaredTable<T>): RowForm<T> => {
  let form = IN_CENTS.get(table) as RowForm<T> | undefined;
  if (form === undefined) {
    form = { written: (row) => inDollars(table, row), loaded: (row) => inCents(table, row) };
    IN_CENTS.set(table, form as RowForm<never>);
  }
  return form;
};

/** The rows a projection holds for a user, whatever their shape: what the engine takes and the loader fills. */
export interface RowSet {
  /** Files the rows changed since the last take into `changes`, and forgets the marks. */
  take(changes: RowChanges): void;
  /** Puts a row read from the table (the user's state continues from it). */
  load(row: object): void;
}

/**
 * A user's rows of a table with many per user, by the key column that is not the user's (a bet's
 * id, a day's date, a sport), or of at most one (analytics_totals), by the user's id.
 * `form`: how the rows are held when not as the table holds them (true: money in integer cents).
 */
export class KeyedRows<T extends TableName> implements RowSet {
  private byKey = new Map<string, TableRows[T]>();
  /** Rows a snapshot holds that were not built yet (see `hold`): each is built when first read. */
  private unbuilt: { index: Map<string, number>; build: (i: number) => TableRows[T] } | undefined;
  /** Set by a projection when its rows must be derived again before the next take (see ReadModel.settle). */
  // Stryker disable next-line all: equivalent: only saves work (recomputing gives the same rows)
  stale = false;
  private readonly changed = new Set<string>();
  private readonly stored = new Set<string>();
  /** False until the first take after `untrack`: no write is recorded, the take files every row. */
  private tracked = true;
  /** The key column besides the owner (a bet's id, a day's date), or the owner's for a table of one row per user. */
  private readonly keyColumn: string;
  /** Set while untracked (see deriveWhenRead): builds every row afresh before they are next read. */
  private derive: (() => void) | undefined;

  /** Its table's name: where a take files its rows. */
  readonly table: T;

  private readonly form: RowForm<T> | undefined;

  constructor(
    private readonly declaration: DeclaredTable<T>,
    private readonly userId: string,
    form: boolean | RowForm<T> = false,
  ) {
    this.table = declaration.name;
    this.form = form === true ? inCentsForm(declaration) : form || undefined;
    const { owner, key } = declaration;
    const others = key.filter((column) => column !== owner);
    if (others.length > 1) throw new Error(`${this.table}: a key of one column besides the owner's`);
    this.keyColumn = others[0] ?? owner;
  }

  /** How many rows it holds, built or not (building none; rows left to derive count as last derived). */
  get size(): number {
    return this.byKey.size + (this.unbuilt?.index.size ?? 0);
  }

  /** Every row by its key (rows held unbuilt are built first: a replay reading them all). */
  get rows(): Map<string, TableRows[T]> {
    if (this.derive) this.derive();
    if (this.unbuilt) this.buildAll();
    return this.byKey;
  }

  /**
   * Untracked only (answers false when tracked, deferring nothing): the rows are left as they are
   * and built afresh by `derive` from the rest of the user's state when next read (the take, a
   * snapshot, a replay), which must hand them to `derived`. A rebuild writes only a user's final
   * rows: a read model derived from others' rows (analytics from `bets`) then builds them once
   * rather than keeping them up through every change of a history.
   */
  deriveWhenRead(derive: () => void): boolean {
    if (this.tracked) return false;
    this.derive = derive;
    return true;
  }

  /** The rows `derive` built, in place of those held. */
  derived(rows: Map<string, TableRows[T]>): void {
    this.derive = undefined;
    this.byKey = rows;
  }

  /**
   * Holds rows without building them (a snapshot's: a replay after it reads a few of a large
   * history's rows, see snapshots/codec.ts): `keys[i]`'s row is `build(i)`, built when first read.
   */
  hold(keys: readonly string[], build: (i: number) => TableRows[T]): void {
    const index = new Map<string, number>();
    for (let i = 0; i < keys.length; i++) index.set(keys[i], i);
    this.unbuilt = { index, build };
  }

  get(key: string): TableRows[T] | undefined {
    if (this.derive) this.derive();
    const row = this.byKey.get(key);
    if (row !== undefined || !this.unbuilt) return row;
    const i = this.unbuilt.index.get(key);
    if (i === undefined) return undefined;
    const built = this.unbuilt.build(i);
    this.unbuilt.index.delete(key);
    this.byKey.set(key, built);
    return built;
  }

  /** Puts a row (new or in place of the one with its key). */
  put(key: string, row: TableRows[T]): void {
    if (this.derive) this.derive();
    this.unbuilt?.index.delete(key);
    this.byKey.set(key, row);
    if (this.tracked) this.changed.add(key);
  }

  /** Removes a row, if there is one. */
  remove(key: string): void {
    if (this.derive) this.derive();
    const held = this.unbuilt?.index.delete(key) ?? false;
    if ((this.byKey.delete(key) || held) && this.tracked) this.changed.add(key);
  }

  /** Builds every row still held (the order of a Map's keys is no row's order: readers sort). */
  private buildAll(): void {
    const { index, build } = this.unbuilt!;
    this.unbuilt = undefined;
    for (const [key, i] of index) this.byKey.set(key, build(i));
  }

  /** Marks a row changed in place (a running sum), or removed from `rows` directly. */
  mark(key: string): void {
    if (this.tracked) this.changed.add(key);
  }

  /**
   * Stops recording writes until the next take, which files every row as new: a rebuild folds a
   * user from their first event and writes their final rows once, so the marks of every write
   * (most of a fold's work on analytics groups) would be thrown away. Only for rows nothing stored.
   */
  untrack(): void {
    if (this.stored.size > 0 || this.unbuilt) throw new Error(`${this.table}: only rows not yet stored can go untracked`);
    this.tracked = false;
    this.changed.clear();
  }

  load(row: object): void {
    const values = row as Record<string, string>;
    const key = values[this.keyColumn];
    this.rows.set(key, this.form ? this.form.loaded(row as TableRows[T]) : (row as TableRows[T]));
    this.stored.add(key);
  }

  take(changes: RowChanges): void {
    const to = changes[this.table] as { inserts: TableRows[T][]; upserts: TableRows[T][]; deletes: object[] };
    if (!this.tracked) {
      for (const [key, row] of this.rows) {
        to.inserts.push(this.form ? this.form.written(row) : row);
        this.stored.add(key);
      }
      this.tracked = true;
      return;
    }
    for (const key of this.changed) {
      const row = this.rows.get(key);
      if (row) {
        const written = this.form ? this.form.written(row) : row;
        if (this.stored.has(key)) {
          to.upserts.push(written);
        } else {
          to.inserts.push(written);
          this.stored.add(key);
        }
      } else if (this.stored.delete(key)) {
        to.deletes.push(this.keyOf(key));
      }
    }
    this.changed.clear();
  }

  /** Every row, as the table would hold it. */
  list(): TableRows[T][] {
    const rows = [...this.rows.values()];
    const form = this.form;
    return form ? rows.map((row) => form.written(row)) : rows;
  }

  private keyOf(key: string): object {
    const { owner, key: columns } = this.declaration;
    return Object.fromEntries(columns.map((column) => [column, column === owner ? this.userId : key]));
  }
}

/**
 * A table with at most one row per user (users, user_stats, bankroll, streaks). A row given at the
 * start is written by the first take even if nothing changes it: the one-per-user rows exist for
 * every user with an event.
 */
export class OneRow<T extends TableName> implements RowSet {
  /** Set by a projection when its row must be derived again before the next take (see ReadModel.settle). */
  // Stryker disable next-line all: equivalent: only saves work (recomputing gives the same rows)
  stale = false;
  // Stryker disable next-line all: equivalent: a row not yet stored is written at the first take anyway
  private changed = false;
  private stored = false;

  /** Its table's name: where a take files its row. */
  readonly table: T;

  constructor(
    private readonly declaration: DeclaredTable<T>,
    public row: TableRows[T] | null,
    private readonly cents = false,
  ) {
    this.table = declaration.name;
  }

  put(row: TableRows[T]): void {
    this.row = row;
    this.changed = true;
  }

  /** Marks the row changed in place (a running sum). */
  mark(): void {
    this.changed = true;
  }

  load(row: object): void {
    this.row = this.cents ? inCents(this.declaration, row as TableRows[T]) : (row as TableRows[T]);
    this.stored = true;
  }

  take(changes: RowChanges): void {
    if (this.row && (this.changed || !this.stored)) {
      const to = changes[this.table] as { inserts: TableRows[T][]; upserts: TableRows[T][] };
      (this.stored ? to.upserts : to.inserts).push(this.cents ? inDollars(this.declaration, this.row) : this.row);
      this.stored = true;
    }
    this.changed = false;
  }

  /** The row as the table would hold it. */
  value(): TableRows[T] | null {
    // Stryker disable next-line all: equivalent: a row held in cents is never null (one-per-user running sums start at zero)
    return this.row && this.cents ? inDollars(this.declaration, this.row) : this.row;
  }
}

/** Per table, a row of every column's zero (null or 0) and the columns that have none (keys must give them). */
const ZEROS = new Map<DeclaredTable, { zeros: Record<string, unknown>; required: string[] }>();

const zerosOf = (table: DeclaredTable) => {
  let found = ZEROS.get(table);
  if (found === undefined) {
    const zeros: Record<string, unknown> = {};
    const required: string[] = [];
    for (const [name, column] of Object.entries(table.columns as Record<string, Column>)) {
      if (column.nullable) zeros[name] = null;
      else if (column.type === 'integer' || column.type === 'numeric' || column.type === 'double precision') zeros[name] = 0;
      else {
        zeros[name] = undefined;
        required.push(name);
      }
    }
    ZEROS.set(table, (found = { zeros, required }));
  }
  return found;
};

/**
 * An empty running sum of `table` for a user: `keys` give the key columns, every other column is 0
 * (numbers) or null (nullable ones). A projection that starts millions of them (a rebuild: the
 * analytics groups of every day) keeps one as a template and spreads it where a row starts, with
 * that row's keys: a spread site that sees one table's rows stays fast, this one sees them all.
 */
export const zeroRow = <T extends TableName>(table: DeclaredTable<T>, keys: Record<string, string>): TableRows[T] => {
  const { zeros, required } = zerosOf(table);
  for (const name of required) if (!(name in keys)) throw new Error(`${table.name}.${name} has no zero`);
  // Callers give key columns only: the spread keeps the zero row's shape (its columns' order).
  return { ...zeros, ...keys } as TableRows[T];
};
