import pg from 'pg';

/** How often the sampler asks Postgres what its sessions are doing. */
const EVERY_MS = 50;

/**
 * Samples `pg_stat_activity` of the bench's database every 50 ms: how many sessions were seen
 * active (or idle in a transaction that has written) waiting on what (`wait_event_type:wait_event`,
 * `CPU` when none) and in which kind of statement (its first words; an import's chunk and a
 * session idle in its transaction marked as such), tallied under the phase set last. What the
 * `fairness` section prints with BENCH_FAIRNESS_WAITS=1, to see where Postgres spends an import's
 * interference.
 */
export async function sampleWaits(databaseUrl: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const tallies = new Map<string, { samples: number; seen: Map<string, number> }>();
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
    phase: (name: string) => (phase = name),
    /** Stops and answers each phase's most frequent waits, as lines: sessions per sample, wait, statement. */
    async stop(top = 12): Promise<string[]> {
      stopped = true;
      await loop;
      await client.end();
      return [...tallies].flatMap(([name, { samples, seen }]) => [
        `  ${name}: ${samples} samples, ${([...seen.values()].reduce((a, b) => a + b, 0) / Math.max(1, samples)).toFixed(2)} sessions on average`,
        ...[...seen]
          .sort((a, b) => b[1] - a[1])
          .slice(0, top)
          .map(([key, n]) => `    ${(n / samples).toFixed(2)}  ${key}`),
      ]);
    },
  };
}
