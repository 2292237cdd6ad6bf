import { sql, type Kysely } from 'kysely';
import { type Database, READ_MODELS, type ReadModelName } from '@bt/read-models';

/** One row that differs: its user, its key, and each column's value before (live) and after (rebuilt). */
export interface DiffExample {
  user: string;
  key: Record<string, unknown>;
  kind: 'added' | 'removed' | 'changed';
  /** The columns that differ (all of a row added or removed). */
  columns: { column: string; before: unknown; after: unknown }[];
}

/** How a read model's rebuilt rows differ from its live rows. */
export interface ReadModelDiff {
  model: ReadModelName;
  table: string;
  /** Users with at least one row that differs. */
  users: number;
  added: number;
  removed: number;
  changed: number;
  /** Up to `examples` of the rows that differ, by user and key. */
  examples: DiffExample[];
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Compares each read model's table in `before` (the live schema) with `after` (the rebuilt shadow)
 * in Postgres: a full outer join on the primary key, keeping the pairs whose rows are distinct, so
 * only the rows that differ leave the database.
 */
export async function diffReadModels(
  db: Kysely<Database>,
  models: readonly ReadModelName[],
  before: string,
  after: string,
  examples = 20,
): Promise<ReadModelDiff[]> {
  const diffs: ReadModelDiff[] = [];
  for (const model of READ_MODELS.filter((m) => models.includes(m.name))) {
    const { name: table, key: declaredKey, owner } = model.table;
    const key = [...declaredKey];
    const on = sql.join(
      key.map((column) => sql`l.${sql.ref(column)} = s.${sql.ref(column)}`),
      sql` and `,
    );
    const from = sql`${sql.id(before, table)} l full join ${sql.id(after, table)} s on ${on}
      where row(l.*) is distinct from row(s.*)`;
    const first = sql.ref(key[0]);
    const { rows } = await sql<{ users: number; added: number; removed: number; changed: number }>`
      select count(distinct coalesce(l.${sql.ref(owner)}, s.${sql.ref(owner)}))::int as users,
        (count(*) filter (where l.${first} is null))::int as added,
        (count(*) filter (where s.${first} is null))::int as removed,
        (count(*) filter (where l.${first} is not null and s.${first} is not null))::int as changed
      from ${from}`.execute(db);
    const counts = rows[0];
    const order = sql.join(key.map((column) => sql`coalesce(l.${sql.ref(column)}, s.${sql.ref(column)})`));
    const found =
      counts.users === 0
        ? []
        : (
            await sql<{ before: Record<string, unknown> | null; after: Record<string, unknown> | null }>`
            select case when l.${first} is null then null else to_jsonb(l) end as before,
              case when s.${first} is null then null else to_jsonb(s) end as after
            from ${from} order by ${order} limit ${examples}`.execute(db)
          ).rows;
    diffs.push({
      model: model.name,
      table,
      ...counts,
      examples: found.map(({ before: was, after: now }) => {
        const row = (now ?? was)!;
        const columns = Object.keys(row)
          .filter((column) => !was || !now || !same(was[column], now[column]))
          .map((column) => ({ column, before: was?.[column] ?? null, after: now?.[column] ?? null }));
        return {
          user: String(row[owner]),
          key: Object.fromEntries(key.map((column) => [column, row[column]])),
          kind: !was ? 'added' : !now ? 'removed' : 'changed',
          columns: !was || !now ? [] : columns,
        };
      }),
    });
  }
  return diffs;
}

/** True when some read model's rows differ. */
export const differs = (diffs: readonly ReadModelDiff[]): boolean => diffs.some((d) => d.users > 0);

/** The report, a line each: per read model its counts, then its examples (user, key, column: before -> after). */
export const formatDiff = (diffs: readonly ReadModelDiff[]): string[] =>
  diffs.flatMap((d) => [
    `${d.model} (${d.table}): ${d.users === 0 ? 'no difference' : `${d.users} user(s) differ: ${d.added} row(s) added, ${d.removed} removed, ${d.changed} changed`}`,
    ...d.examples.flatMap((e) => {
      const at = `  user ${e.user}, ${Object.entries(e.key)
        .map(([k, v]) => `${k}=${String(v)}`)
        .join(' ')}`;
      if (e.kind !== 'changed') return [`${at}: ${e.kind}`];
      return e.columns.map((c) => `${at}, ${c.column}: ${JSON.stringify(c.before)} -> ${JSON.stringify(c.after)}`);
    }),
  ]);
