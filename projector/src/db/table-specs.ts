import { type Column, type PgType, snapshot_streams, type TableName, TABLES } from '@bt/read-models';

/** How the writer sees a read-model table: its key, its columns and which of them may be NULL. */
export interface TableSpec {
  key: string[];
  /** [name, Postgres type], in the declaration's order. */
  columns: [string, PgType][];
  /** The columns that may be NULL; every other one is NOT NULL. */
  nullable: Set<string>;
}

const specOf = (declaration: { key: readonly string[]; columns: object }): TableSpec => {
  const columns = Object.entries(declaration.columns as Record<string, Column>);
  return {
    key: [...declaration.key],
    columns: columns.map(([column, c]) => [column, c.type]),
    nullable: new Set(columns.filter(([, c]) => c.nullable).map(([column]) => column)),
  };
};

/** Each table's spec, derived from its declaration in schema.ts. */
export const SPECS = Object.fromEntries(Object.entries(TABLES).map(([name, declaration]) => [name, specOf(declaration)])) as {
  [T in TableName]: TableSpec;
};

/** snapshot_streams' spec: a rebuild's bucket sends its rows by COPY with the bucket's rows (writeChangesByCopy). */
export const SNAPSHOT_STREAMS_SPEC = specOf(snapshot_streams);

/** A name quoted as an SQL identifier. */
export const quoteId = (name: string) => `"${name.replace(/"/g, '""')}"`;
