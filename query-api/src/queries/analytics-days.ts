import { sql, type RawBuilder } from 'kysely';
import { analyticsFigures, dayColumnOf, DAY_FIGURES, READ_SCHEMA } from '@bt/read-models';

/** A figure of a day's group ([key, ...DAY_FIGURES], money in cents) as analytics_monthly's column holds it. */
const figure = (name: (typeof DAY_FIGURES)[number], i: number): RawBuilder<unknown> => {
  const value = sql`(e.g->>${sql.raw(String(i + 1))})`;
  const type = analyticsFigures[name].type;
  const column =
    type === 'integer' ? sql`${value}::int` : type === 'numeric' ? sql`round(${value}::numeric / 100, 2)` : sql`${value}::float8`;
  return sql`${column} as ${sql.id(name)}`;
};

/**
 * analytics_daily (a row per user and day, each dimension's groups of the day in a column of JSON
 * text: read-models' models/analytics/table.ts) as a row per user, day and group of `dimensions`
 * with analytics_monthly's columns (dimension, key, the figures in dollars): what the readers filter
 * and sum. Only those dimensions' columns are parsed. A plain subquery, which Postgres pulls up:
 * the readers' conditions on user_id and date reach the table's key.
 */
export const dailyGroups = (
  dimensions: readonly string[],
): RawBuilder<{ user_id: string; date: string; dimension: string; key: string }> => {
  const columns = dimensions.map((dimension) => {
    const column = dayColumnOf(dimension);
    return sql`select ${dimension}::text as dimension, g from jsonb_array_elements(d.${sql.id(column)}::jsonb) as a(g)`;
  });
  return sql`(
    select d.user_id, d.date, e.dimension, e.g->>0 as key, ${sql.join(DAY_FIGURES.map(figure))}
    from ${sql.table(`${READ_SCHEMA}.analytics_daily`)} as d cross join lateral (${sql.join(columns, sql` union all `)}) as e)`;
};
