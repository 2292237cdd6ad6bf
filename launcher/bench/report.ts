import type pg from 'pg';
import type { EventStore } from '@bt/event-store';

/** The bench's table: one row per figure, each beside a baseline measured in the same run. */
const rows: string[][] = [];

export const report = (what: string, figure: string, baseline: string, ratio: string, target: string) => {
  rows.push([what, figure, baseline, ratio, target]);
  console.log(`  ${what}: ${figure} | baseline ${baseline} | ${ratio} | target ${target}`);
};

/** Prints the table of every figure reported, as markdown (docs/benchmarks.md keeps it). */
export const printReport = () => {
  console.log('\n| what | figure | baseline (same run) | ratio | target |\n|---|---|---|---|---|');
  for (const r of rows) console.log(`| ${r.join(' | ')} |`);
};

export const fmt = (n: number, digits = 0) => n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });
export const ms = (n: number) => `${fmt(n, 2)} ms`;

/** The bench's database: its pool, its event store, and where a product started on it keeps its files. */
export interface BenchDatabase {
  pool: pg.Pool;
  store: EventStore;
  databaseUrl: string;
  dataDir: string;
}
