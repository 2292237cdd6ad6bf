import { type Column, type PgType, type TableName, TABLES } from '@bt/read-models';

/** How the writer sees a read-model table: its key, its columns and which of them may be NULL. */
export interface TableSpec {
  key: string[];
  /** [name, Postgres type], in the declaration's order. */
  columns: [string, PgType][];
  /** The columns that may be NULL; every other one is NOT NULL. */
  nullable: Set<string>;
}

/** Each table's spec, derived from its declaration in schema.ts. */
export const SPECS = Object.fromEntries(
  Object.entries(TABLES).map(([name, declaration]): [string, TableSpec] => {
    const columns = Object.entries(declaration.columns as Record<string, Column>);
    return [
      name,
      {
        key: [...declaration.key],
        columns: columns.map(([column, c]) => [column, c.type]),
        nullable: new Set(columns.filter(([, c]) => c.nullable).map(([column]) => column)),
      },
    ];
  }),
) as { [T in TableName]: TableSpec };

/** A name quoted as an SQL identifier. */
export const quoteId = (name: string) => `"${name.replace(/"/g, '""')}"`;
