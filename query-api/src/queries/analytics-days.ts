import { sql, type RawBuilder } from 'kysely';
import { analyticsFigures, DAY_FIGURES, READ_SCHEMA } from '@bt/read-models';

/** A figure of a day's group ([dimension, key, ...DAY_FIGURES], money in cents) as analytics_monthly's column holds it. */
const figure = (name: (typeof DAY_FIGURES)[number], i: number): RawBuilder<unknown> => {
  const value = sql`(e.g->>${sql.raw(String(i + 2))})`;
  const type = analyticsFigures[name].type;
  const column =
    type === 'integer' ? sql`${value}::int` : type === 'numeric' ? sql`round(${value}::numeric / 100, 2)` : sql`${value}::float8`;
  return sql`${column} as ${sql.id(name)}`;
};

/**
 * analytics_daily (a row per user and day, every group of the day in JSON text: read-models'
 * models/analytics/table.ts) as a row per user, day and group with analytics_monthly's columns
 * (dimension, key, the figures in dollars): what the readers filter and sum. A plain subquery,
 * which Postgres pulls up: their conditions on user_id and date reach the table's key.
 */
export const dailyGroups: RawBuilder<{ user_id: string; date: string; dimension: string; key: string }> = sql`(
  select d.user_id, d.date, e.g->>0 as dimension, e.g->>1 as key, ${sql.join(DAY_FIGURES.map(figure))}
  from ${sql.table(`${READ_SCHEMA}.analytics_daily`)} as d cross join lateral json_array_elements(d.groups::json) as e(g))`;
