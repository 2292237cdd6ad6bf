import type pg from 'pg';

/**
 * The tables of these schemas with a row naming the user (a uuid or text `user_id`, `id` or
 * `scope` column holding the id): what a deleted account must not leave behind.
 */
export const tablesNaming = async (client: pg.Client, userId: string, schemas: readonly string[]): Promise<string[]> => {
  const { rows: columns } = await client.query<{ table_schema: string; table_name: string; column_name: string }>(
    `select table_schema, table_name, column_name from information_schema.columns
      where table_schema = any($1) and column_name in ('user_id', 'id', 'scope') and data_type in ('uuid', 'text')`,
    [schemas],
  );
  const found: string[] = [];
  for (const c of columns) {
    const { rows } = await client.query<{ n: number }>(
      `select count(*)::int as n from "${c.table_schema}"."${c.table_name}" where "${c.column_name}"::text = $1`,
      [userId],
    );
    if (rows[0].n > 0) found.push(`${c.table_schema}.${c.table_name}`);
  }
  return found;
};
