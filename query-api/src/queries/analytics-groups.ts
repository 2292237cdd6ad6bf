import { sql, type Kysely, type RawBuilder, type SelectQueryBuilder } from 'kysely';
import { analyticsFigures, dimensionColumnOf, GROUP_FIGURES, READ_SCHEMA } from '@bt/read-models';
import { readModels, type ReadDatabase } from '../read-db';

/** The analytics tables (a row per user and day, per user and month, per user: read-models' models/analytics/table.ts). */
export type AnalyticsTable = 'analytics_daily' | 'analytics_monthly' | 'analytics_totals';

/** One group of an analytics row as SQL reads it (analyticsGroups): its user and period, dimension and key, figures in dollars. */
export type AnalyticsGroupRow = { user_id: string; date: string; month: string; dimension: string; key: string } & Record<
  (typeof GROUP_FIGURES)[number],
  number
>;

/** A query over analyticsGroups' rows. */
export type AnalyticsSelect = SelectQueryBuilder<{ groups: AnalyticsGroupRow }, 'groups', object>;

/** A figure of a group ([key, ...GROUP_FIGURES], money in cents) as a column of its type, money in dollars. */
const figure = (name: (typeof GROUP_FIGURES)[number], i: number): RawBuilder<unknown> => {
  const value = sql`(e.g->>${sql.raw(String(i + 1))})`;
  const type = analyticsFigures[name].type;
  const column =
    type === 'integer' ? sql`${value}::int` : type === 'numeric' ? sql`round(${value}::numeric / 100, 2)` : sql`${value}::float8`;
  return sql`${column} as ${sql.id(name)}`;
};

/** Each table's period column (analytics_totals has none). */
const PERIOD_COLUMNS: Record<AnalyticsTable, string[]> = {
  analytics_daily: ['date'],
  analytics_monthly: ['month'],
  analytics_totals: [],
};

/**
 * An analytics table (each dimension's groups of a period in a column of JSON text) as a row per
 * user, period and group of `dimensions`, with its dimension, key and figures in dollars: what the
 * readers filter and sum in SQL. Only those dimensions' columns are parsed. A plain subquery, which
 * Postgres pulls up: the readers' conditions on user_id and the period reach the table's key.
 */
export const analyticsGroups = (table: AnalyticsTable, dimensions: readonly string[]): RawBuilder<AnalyticsGroupRow> => {
  const columns = dimensions.map((dimension) => {
    const column = dimensionColumnOf(dimension);
    return sql`select ${dimension}::text as dimension, g from jsonb_array_elements(d.${sql.id(column)}::jsonb) as a(g)`;
  });
  const keys = sql.join(['user_id', ...PERIOD_COLUMNS[table]].map((column) => sql`d.${sql.id(column)}`));
  return sql`(
    select ${keys}, e.dimension, e.g->>0 as key, ${sql.join(GROUP_FIGURES.map(figure))}
    from ${sql.table(`${READ_SCHEMA}.${table}`)} as d cross join lateral (${sql.join(columns, sql` union all `)}) as e)`;
};

/** The user's groups of `dimensions` in `table`, to filter and sum. */
export const selectGroups = (db: Kysely<ReadDatabase>, table: AnalyticsTable, dimensions: readonly string[], userId: string) =>
  (readModels(db).selectFrom(analyticsGroups(table, dimensions).as('groups')) as unknown as AnalyticsSelect).where('user_id', '=', userId);
