import { readdirSync, readFileSync } from 'node:fs';
import pg from 'pg';

/** Clock ticks a second of /proc's utime and stime (USER_HZ, 100 on Linux). */
const TICKS = 100;

/** utime + stime of a process or thread, in seconds; 0 once it is gone. */
const cpuOf = (path: string): number => {
  try {
    // The fields after the command's closing parenthesis: state is the 3rd, utime the 14th, stime the 15th.
    const fields = readFileSync(`${path}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / TICKS;
  } catch {
    return 0;
  }
};

const parentOf = (pid: number): number | undefined => {
  try {
    return Number(readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ')[1]);
  } catch {
    return undefined;
  }
};

interface Reading {
  at: number;
  main: number;
  threads: number;
  postgres: number;
}

/**
 * CPU seconds spent by the product's process (its main thread, where the APIs and an import's
 * parsing run, and its other threads: the projector's, GC, libuv) and by the Postgres server (every
 * process of its postmaster), tallied per phase: what the `fairness` section prints with
 * BENCH_FAIRNESS_CPU=1, to see whose CPU an import's interference is. Linux only (/proc); a
 * backend that starts and exits within 250 ms drops out.
 */
export async function sampleCpu(databaseUrl: string, productPid: number) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const { rows } = await client.query<{ pid: number }>('select pg_backend_pid() as pid');
  const postmaster = parentOf(rows[0].pid); // while the backend lives
  await client.end();
  // The server's processes as last seen: a backend that exits (a pool lets idle ones go) keeps what it spent.
  const seen = new Map<number, number>();
  const look = () => {
    if (postmaster === undefined) return;
    seen.set(postmaster, cpuOf(`/proc/${postmaster}`));
    for (const entry of readdirSync('/proc')) {
      const pid = Number(entry);
      if (Number.isInteger(pid) && parentOf(pid) === postmaster) seen.set(pid, cpuOf(`/proc/${pid}`));
    }
  };
  const looking = setInterval(look, 250);
  const read = (): Reading => {
    look();
    const main = cpuOf(`/proc/${productPid}/task/${productPid}`);
    const threads = cpuOf(`/proc/${productPid}`) - main;
    const postgres = [...seen.values()].reduce((a, b) => a + b, 0);
    return { at: performance.now(), main, threads, postgres };
  };
  const phases: { name: string; from: Reading; to?: Reading }[] = [];
  const close = () => {
    const last = phases.at(-1);
    if (last && !last.to) last.to = read();
  };
  return {
    /** CPU from now on counts under `name`. */
    phase(name: string) {
      close();
      phases.push({ name, from: read() });
    },
    /** Each phase's CPU seconds and cores busy on average, as lines. */
    stop(): string[] {
      close();
      clearInterval(looking);
      return phases.map(({ name, from, to }) => {
        const wall = (to!.at - from.at) / 1000;
        const part = (key: 'main' | 'threads' | 'postgres') =>
          `${key} ${(to![key] - from[key]).toFixed(1)} s (${((to![key] - from[key]) / wall).toFixed(2)} cores)`;
        return `  cpu, ${name} (${wall.toFixed(1)} s): product ${part('main')}, ${part('threads')}; ${part('postgres')}`;
      });
    },
  };
}
