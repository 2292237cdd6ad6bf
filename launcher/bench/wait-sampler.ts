import pg from 'pg';

/** How often the sampler asks Postgres what its sessions are doing. */
const EVERY_MS = 50;

/** WAL written so far (pg_stat_wal): bytes, records, full-page images. */
interface Wal {
  bytes: number;
  records: number;
  fpi: number;
}

/**
 * Samples `pg_stat_activity` of the bench's database every 50 ms: how many sessions were seen
 * active (or idle in a transaction that has written) waiting on what (`wait_event_type:wait_event`,
 * `CPU` when none) and in which kind of statement (its first words; an import's chunk and a
 * session idle in its transaction marked as such), tallied under the phase set last. What the
 * `fairness` section prints with BENCH_FAIRNESS_WAITS=1, to see where Postgres spends an import's
 * interference, with the WAL each phase wrote (what the appends' commits wait to flush).
 */
export async function sampleWaits(databaseUrl: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const tallies = new Map<string, { samples: number; seen: Map<string, number> }>();
  // The WAL Postgres wrote (all databases), read as each phase starts and when sampling stops.
  const walAt: Promise<{ name: string; wal: Wal }>[] = [];
  const readWal = (name: string) => {
    const read = client.query<Wal>(
      'select wal_bytes::float8 as bytes, wal_records::float8 as records, wal_fpi::float8 as fpi from pg_stat_wal',
    );
    walAt.push(read.then(({ rows }) => ({ name, wal: rows[0] })));
  };
  let phase: string | undefined;
  let stopped = false;
  const loop = (async () => {
    while (!stopped) {
      if (phase !== undefined) {
        // Besides the active sessions, those idle in a transaction that holds an xid (a transaction
        // between its statements, e.g. a batch waiting on its process). An import's chunk (the
        // many-new-streams append, the only statement naming 'streamId') is told from other appends.
        const { rows } = await client.query<{ wait: string; query: string }>(
          `select coalesce(wait_event_type || ':' || wait_event, 'CPU') as wait,
                  case when query like '%''streamId''%' then '(import chunk) ' else '' end
                  || case when state <> 'active' then '(' || state || ') ' else '' end
                  || left(regexp_replace(query, '\\s+', ' ', 'g'), 40) as query
           from pg_stat_activity
           where datname = current_database() and pid <> pg_backend_pid()
             and (state = 'active' or (state like 'idle in transaction%' and backend_xid is not null))`,
        );
        const tally = tallies.get(phase) ?? { samples: 0, seen: new Map<string, number>() };
        tallies.set(phase, tally);
        tally.samples += 1;
        for (const { wait, query } of rows) {
          const key = `${wait} | ${query}`;
          tally.seen.set(key, (tally.seen.get(key) ?? 0) + 1);
        }
      }
      await new Promise((resolve) => setTimeout(resolve, EVERY_MS));
    }
  })();
  return {
    /** Samples from now on count under `name`. */
    phase: (name: string) => {
      phase = name;
      readWal(name);
    },
    /** Stops and answers each phase's most frequent waits, as lines: sessions per sample, wait, statement. */
    async stop(top = 12): Promise<string[]> {
      stopped = true;
      await loop;
      readWal('end');
      const wal = await Promise.all(walAt);
      await client.end();
      const written = new Map(
        wal.slice(0, -1).map(({ name, wal: from }, i) => {
          const to = wal[i + 1].wal;
          return [
            name,
            `WAL ${((to.bytes - from.bytes) / 2 ** 20).toFixed(0)} MB in ${to.records - from.records} records (${to.fpi - from.fpi} full pages)`,
          ];
        }),
      );
      return [...tallies].flatMap(([name, { samples, seen }]) => [
        `  ${name}: ${samples} samples, ${([...seen.values()].reduce((a, b) => a + b, 0) / Math.max(1, samples)).toFixed(2)} sessions on average; ${written.get(name) ?? ''}`,
        ...[...seen]
          .sort((a, b) => b[1] - a[1])
          .slice(0, top)
          .map(([key, n]) => `    ${(n / samples).toFixed(2)}  ${key}`),
      ]);
    },
  };
}
