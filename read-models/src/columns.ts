import type { ColumnType } from 'kysely';

/**
 * How a read-model table is declared, once: its columns (name, Postgres type, nullability, the
 * TypeScript type kysely reads and writes), its key and the column naming its user. The kysely
 * `Database` type, the writer's statements and storability checks, and the loader all derive from
 * these declarations; the landed migrations are checked against them (database.int.test.ts).
 */

export type PgType = 'uuid' | 'text' | 'numeric' | 'date' | 'timestamptz' | 'boolean' | 'integer' | 'jsonb' | 'double precision' | 'bytea';

/** timestamptz: read as Date, written as Date or ISO text. */
export type Timestamp = ColumnType<Date, Date | string, Date | string>;
/** numeric (dollars): read as number, written as number or numeric text. */
export type Money = ColumnType<number, number | string, number | string>;
/** jsonb: read as the parsed value, written as JSON text. */
export type Json<T> = ColumnType<T, string, string>;

/** One column: its Postgres type and nullability; `T` is its kysely type (phantom). */
export interface Column<T = unknown> {
  readonly type: PgType;
  readonly nullable: boolean;
  readonly kysely?: T;
}

type OrNull<T> = T extends ColumnType<infer S, infer I, infer U> ? ColumnType<S | null, I | null, U | null> : T | null;

const column = <T>(type: PgType) => {
  const notNull: Column<T> & { nullable: false } = { type, nullable: false };
  return Object.assign(notNull, {
    /** The same column, NULL allowed. */
    orNull: (): Column<OrNull<T>> => ({ type, nullable: true }),
  });
};

/** The column builders: `text<Outcome>()`, `money()`, `jsonb<Streak[]>()`, `.orNull()`. */
export const col = {
  uuid: () => column<string>('uuid'),
  text: <T extends string = string>() => column<T>('text'),
  /** 'YYYY-MM-DD' (platform's db keeps dates as text). */
  date: () => column<string>('date'),
  timestamptz: () => column<Timestamp>('timestamptz'),
  /** Dollars, rounded to cents (numeric). */
  money: () => column<Money>('numeric'),
  integer: () => column<number>('integer'),
  double: () => column<number>('double precision'),
  boolean: () => column<boolean>('boolean'),
  jsonb: <T>() => column<Json<T>>('jsonb'),
  bytea: () => column<Buffer>('bytea'),
};

export interface TableDeclaration<N extends string = string, C extends Record<string, Column> = Record<string, Column>> {
  /** The table's name in the read-model schema (a key of TABLES). */
  name: N;
  /** In the migration's order. */
  columns: C;
  /** The primary key. */
  key: readonly (keyof C & string)[];
  /** The column naming the user the row belongs to. */
  owner: keyof C & string;
}

/**
 * What any table's declaration holds, whatever its columns: what the read models' list, the row
 * sets and TABLES take (a TableDeclaration is one; it is not one of TableDeclaration<N> itself,
 * whose key and owner are typed by its columns).
 */
export interface DeclaredTable<N extends string = string> {
  readonly name: N;
  readonly columns: Readonly<Record<string, Column>>;
  readonly key: readonly string[];
  readonly owner: string;
}

/** Declares a table (checks key and owner against its columns). */
export const table = <N extends string, C extends Record<string, Column>>(
  name: N,
  declaration: Omit<TableDeclaration<N, C>, 'name'>,
): TableDeclaration<N, C> => ({ name, ...declaration });

/** The kysely table type of a declaration. */
export type TableType<D> = D extends { columns: infer C } ? { [K in keyof C]: C[K] extends Column<infer T> ? T : never } : never;

/** The money (numeric) columns of a declaration: a projection keeps running sums of them in integer cents. */
export const moneyColumns = (declaration: { columns: object }): string[] =>
  Object.entries(declaration.columns as Record<string, Column>)
    .filter(([, c]) => c.type === 'numeric')
    .map(([name]) => name);
