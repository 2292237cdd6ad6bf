import { expect } from 'chai';
import { sql } from 'kysely';
import { createDb } from '@bt/platform';
import { createTestDatabase, type TestDatabase } from '@bt/event-store/testing';
import type { Column } from './columns';
import { migrateReadModels } from './migrate';
import { checkpoints, import_holds, read_model_versions, snapshot_marks, snapshot_streams, TABLES, user_snapshots } from './database';

/** information_schema's name of each declared Postgres type. */
const INFORMATION_SCHEMA_TYPE: Record<Column['type'], string> = {
  uuid: 'uuid',
  text: 'text',
  numeric: 'numeric',
  date: 'date',
  timestamptz: 'timestamp with time zone',
  boolean: 'boolean',
  integer: 'integer',
  jsonb: 'jsonb',
  'double precision': 'double precision',
  bytea: 'bytea',
};

interface Shape {
  columns: { name: string; type: string; nullable: boolean }[];
  key: string[];
}

describe('the table declarations agree with the landed migrations', () => {
  let database: TestDatabase;
  let db: ReturnType<typeof createDb>['db'];
  const schema = 'declared';

  before(async () => {
    database = await createTestDatabase();
    ({ db } = createDb(database.url, 2));
    await migrateReadModels(db, schema);
  });
  after(async () => {
    await db?.destroy();
    await database?.drop();
  });

  /** Every table the migrations built in `schema`, as information_schema describes it. */
  const migrated = async (): Promise<Record<string, Shape>> => {
    const { rows: columns } = await sql<{ table_name: string; column_name: string; data_type: string; is_nullable: string }>`
      select table_name, column_name, data_type, is_nullable from information_schema.columns
      where table_schema = ${schema} and table_name not like 'kysely_%'
      order by table_name, ordinal_position`.execute(db);
    const { rows: keys } = await sql<{ table_name: string; column_name: string }>`
      select k.table_name, k.column_name from information_schema.table_constraints c
      join information_schema.key_column_usage k
        on k.constraint_schema = c.constraint_schema and k.constraint_name = c.constraint_name and k.table_name = c.table_name
      where c.table_schema = ${schema} and c.constraint_type = 'PRIMARY KEY'
      order by k.table_name, k.ordinal_position`.execute(db);
    const tables: Record<string, Shape> = {};
    for (const c of columns) {
      (tables[c.table_name] ??= { columns: [], key: [] }).columns.push({
        name: c.column_name,
        type: c.data_type,
        nullable: c.is_nullable === 'YES',
      });
    }
    for (const k of keys) tables[k.table_name]?.key.push(k.column_name);
    return tables;
  };

  const declared = (): Record<string, Shape> =>
    Object.fromEntries(
      Object.entries({ ...TABLES, checkpoints, user_snapshots, snapshot_marks, snapshot_streams, import_holds, read_model_versions }).map(
        ([name, declaration]) => [
          name,
          {
            columns: Object.entries(declaration.columns as Record<string, Column>).map(([column, c]) => ({
              name: column,
              type: INFORMATION_SCHEMA_TYPE[c.type],
              nullable: c.nullable,
            })),
            key: [...declaration.key],
          },
        ],
      ),
    );

  it('declares every migrated table, with its columns in order, their types, nullability and primary key', async () => {
    const tables = await migrated();
    expect(Object.keys(tables).sort()).to.deep.equal(Object.keys(declared()).sort());
    for (const [name, shape] of Object.entries(declared())) expect(tables[name], name).to.deep.equal(shape);
  });
});
