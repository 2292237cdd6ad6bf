import { type PgType, type TableName } from '@bt/read-models';
import { quoteId as id, SPECS, type TableSpec } from './table-specs';

/*
 * The multi-row statements the writer sends: `unnest` of one array per column, each array built
 * as one Postgres array literal, in chunks of CHUNK rows.
 */

/** Rows per statement: big enough to amortise a round trip, small enough to keep parameters modest. */
export const CHUNK = 5_000;

const QUOTE = /[\\"]/g;
const quoted = (text: string): string => `"${text.includes('"') || text.includes('\\') ? text.replace(QUOTE, '\\$&') : text}"`;

/** How a column travels: timestamps as epoch milliseconds (far cheaper to format than ISO text). */
const wireType = (type: PgType): string => (type === 'timestamptz' ? 'float8' : type);

/**
 * A Postgres array literal for one column, built directly: much cheaper than pg's generic array
 * serialisation for hundreds of thousands of rows. Text and JSON are quoted (and escaped when
 * needed); the other types' text forms never need quoting.
 */
const arrayLiteral = (values: readonly unknown[], type: PgType): string => {
  const parts = new Array<string>(values.length);
  for (let i = 0; i < values.length; i++) {
    const value = values[i];
    if (value === null || value === undefined) parts[i] = 'NULL';
    else if (type === 'text') parts[i] = quoted(value as string);
    else if (type === 'jsonb') parts[i] = quoted(JSON.stringify(value));
    else if (type === 'timestamptz') parts[i] = String(value instanceof Date ? value.getTime() : Date.parse(value as string));
    else parts[i] = String(value);
  }
  return `{${parts.join(',')}}`;
};

/**
 * A statement's text for any numbering of its parameters: `texts[i]` comes before parameter i, the
 * last after them all. Kept per schema, table and kind: the text of a table's statement never
 * changes, only its arrays do (composing and compiling it through the query builder for every batch
 * cost the live projector about as much as building the arrays).
 */
interface Template {
  texts: readonly string[];
}

/** A statement ready to send: its template and one parameter (an array literal) per placeholder. */
interface Part {
  template: Template;
  params: string[];
}

const templates = new Map<string, Template>();
const templateOf = (key: string, build: () => string[]): Template => {
  let template = templates.get(key);
  if (!template) {
    if (templates.size >= 1_000) templates.clear(); // a schema per test database: keep it bounded
    templates.set(key, (template = { texts: build() }));
  }
  return template;
};

/** The text of `parts` as one statement (its parameters numbered from 1 across them) and their parameters. */
const render = (parts: readonly Part[], around: (texts: string[]) => string): { text: string; params: string[] } => {
  const params: string[] = [];
  const texts = parts.map(({ template, params: own }) => {
    let text = template.texts[0];
    for (let i = 0; i < own.length; i++) text += `$${params.length + i + 1}${template.texts[i + 1]}`;
    params.push(...own);
    return text;
  });
  return { text: around(texts), params };
};

/** `insert into schema.table (...) select ... from unnest(one array per column)`, its texts around the arrays. */
const insertTexts = (schema: string, table: TableName, spec: TableSpec, suffix = ''): string[] => {
  const names = spec.columns.map(([name]) => id(name)).join(', ');
  const values = spec.columns
    .map(([name, type]) => (type === 'timestamptz' ? `to_timestamp(u.${id(name)} / 1000)` : `u.${id(name)}`))
    .join(', ');
  const head = `insert into ${id(schema)}.${id(table)} as t (${names})
    select ${values} from unnest(`;
  return [
    head,
    ...spec.columns.map(([, type], i) => `::${wireType(type)}[]${i === spec.columns.length - 1 ? `) as u(${names})${suffix}` : ', '}`),
  ];
};

/** The arrays of a chunk of rows, one literal per column. */
const columnArrays = (spec: TableSpec, rows: readonly object[]): string[] =>
  spec.columns.map(([name, type]) =>
    arrayLiteral(
      rows.map((row) => (row as Record<string, unknown>)[name]),
      type,
    ),
  );

/** A statement (built when called: the costly part) and how many rows it writes. */
export type Statement = () => Part;
type Sized = [Statement, number];

export function* inserts(schema: string, table: TableName, rows: readonly object[]): Generator<Sized> {
  const spec = SPECS[table];
  for (let i = 0; i < rows.length; i += CHUNK) {
    const chunk = rows.slice(i, i + CHUNK);
    const template = templateOf(`insert\0${schema}\0${table}`, () => insertTexts(schema, table, spec));
    yield [() => ({ template, params: columnArrays(spec, chunk) }), chunk.length];
  }
}

const onConflict = (spec: TableSpec): string => {
  const updated = spec.columns.map(([name]) => name).filter((name) => !spec.key.includes(name));
  if (updated.length === 0) return ' on conflict do nothing';
  return ` on conflict (${spec.key.map(id).join(', ')}) do update set ${updated
    .map((name) => `${id(name)} = excluded.${id(name)}`)
    .join(', ')} where (${updated.map((name) => `t.${id(name)}`).join(', ')}) is distinct from (${updated
    .map((name) => `excluded.${id(name)}`)
    .join(', ')})`;
};

export function* upserts(schema: string, table: TableName, rows: readonly object[]): Generator<Sized> {
  const spec = SPECS[table];
  for (let i = 0; i < rows.length; i += CHUNK) {
    const chunk = rows.slice(i, i + CHUNK);
    const template = templateOf(`upsert\0${schema}\0${table}`, () => insertTexts(schema, table, spec, onConflict(spec)));
    yield [() => ({ template, params: columnArrays(spec, chunk) }), chunk.length];
  }
}

export function* deletes(schema: string, table: TableName, keys: readonly object[]): Generator<Sized> {
  const spec = SPECS[table];
  const keyColumns = spec.columns.filter(([name]) => spec.key.includes(name));
  const template = templateOf(`delete\0${schema}\0${table}`, () => {
    const names = keyColumns.map(([n]) => id(n)).join(', ');
    const where = keyColumns.map(([n]) => `t.${id(n)} = k.${id(n)}`).join(' and ');
    return [
      `delete from ${id(schema)}.${id(table)} as t
        using unnest(`,
      ...keyColumns.map(
        ([, type], i) =>
          `::${type}[]${
            i === keyColumns.length - 1
              ? `) as k(${names})
        where ${where}`
              : ', '
          }`,
      ),
    ];
  });
  for (let i = 0; i < keys.length; i += CHUNK) {
    const chunk = keys.slice(i, i + CHUNK);
    yield [() => ({ template, params: columnArrays({ ...spec, columns: keyColumns }, chunk) }), chunk.length];
  }
}

/** Several statements as one: each a data-modifying WITH query of one statement (one round trip). */
export const together = (group: readonly Statement[]) => () => {
  const parts = group.map((build) => build());
  return parts.length === 1
    ? render(parts, ([text]) => text)
    : render(parts, (texts) => `with ${texts.map((text, i) => `"w${i}" as (${text})`).join(', ')} select 1`);
};
