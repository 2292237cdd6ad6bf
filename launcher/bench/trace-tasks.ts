import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SourceMap } from 'node:module';
import { commandLine } from '@bt/platform/cli';

/**
 * Where a page's main-thread time goes in a trace written by `BENCH_WEB_TRACE=<dir> npm run bench -- web`
 * (Lighthouse's own trace, with V8's sampling profiler on): each task of the page's main thread at least
 * `--min-ms` long, from the first contentful paint, with the trace's own events in it and the source files
 * its profile samples fall in. With `--maps`, a `vite build --sourcemap --outDir <dir>` of the same code
 * (the same file names), each sample is named by its original file rather than the bundle's.
 */
const { values, positionals } = commandLine({
  usage: 'npm run bench:tasks -- <trace.json> [--maps <dir>] [--min-ms <n>]',
  about:
    "Lists the page's main-thread tasks of a Lighthouse trace (BENCH_WEB_TRACE), with the source files their time went to.\nLighthouse's mobile model counts a task as four times its length here; what passes 50 ms is blocking time.",
  options: {
    maps: { type: 'string', description: 'a source-mapped build of the same code (its assets folder, or the folder above it)' },
    'min-ms': { type: 'string', description: 'the shortest task listed (default 8)' },
  },
  positionals: { min: 1, max: 1, name: 'trace' },
});

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  id?: string;
  /** What the trace records with an event; the fields read here, per event name (url: any; startTime: Profile; the rest: ProfileChunk). */
  args?: {
    name?: string;
    data?: { url?: unknown; startTime?: number; cpuProfile?: { nodes?: ProfileNode[]; samples?: number[] }; timeDeltas?: number[] };
  };
}
interface ProfileNode {
  id: number;
  parent?: number;
  callFrame: { functionName: string; url?: string; lineNumber: number; columnNumber: number };
}

const trace = JSON.parse(readFileSync(positionals[0], 'utf8')) as { traceEvents: TraceEvent[] } | TraceEvent[];
const events = Array.isArray(trace) ? trace : trace.traceEvents;
const minMs = Number(values['min-ms'] ?? 8);
if (!(minMs >= 0)) {
  process.stderr.write(`--min-ms takes a number of milliseconds, not '${values['min-ms']}'\n`);
  process.exit(2);
}
const thread = (e: TraceEvent) => `${e.pid}:${e.tid}`;

// The page's main thread: the one that ran the app's scripts (Chromium's own pages have threads of their own).
const scripts = new Map<string, number>();
for (const e of events) {
  const url = e.args?.data?.url;
  if (typeof url === 'string' && url.includes('/assets/')) scripts.set(thread(e), (scripts.get(thread(e)) ?? 0) + 1);
}
const main = [...scripts].sort((a, b) => b[1] - a[1])[0]?.[0];
if (!main) throw new Error('no thread of the trace ran the app: was it written by BENCH_WEB_TRACE?');
const pid = Number(main.split(':')[0]);

// The sampling profile: its nodes, and each sample's time (the trace's clock) and node.
const nodes = new Map<string, ProfileNode>();
const samples: [number, string][] = [];
for (const profile of events.filter((e) => e.name === 'Profile' && e.pid === pid)) {
  let time = profile.args?.data?.startTime as number;
  const chunks = events.filter((e) => e.name === 'ProfileChunk' && e.pid === pid && e.id === profile.id).sort((a, b) => a.ts - b.ts);
  for (const chunk of chunks) {
    const data = chunk.args?.data ?? {};
    for (const node of data.cpuProfile?.nodes ?? []) nodes.set(`${profile.id}/${node.id}`, node);
    (data.cpuProfile?.samples ?? []).forEach((node, i) => {
      time += data.timeDeltas![i];
      samples.push([time, `${profile.id}/${node}`]);
    });
  }
}
if (samples.length === 0) console.log('(no profile samples: the trace was written without the V8 sampling profiler)');

const mapsDir = values.maps && existsSync(join(values.maps, 'assets')) ? join(values.maps, 'assets') : values.maps;
const maps = new Map<string, SourceMap | undefined>();
const mapOf = (url = '') => {
  const file = url.split('/').pop() ?? '';
  if (!mapsDir || !file.endsWith('.js')) return undefined;
  if (!maps.has(file)) {
    const path = join(mapsDir, `${file}.map`);
    maps.set(file, existsSync(path) ? new SourceMap(JSON.parse(readFileSync(path, 'utf8'))) : undefined);
  }
  return maps.get(file);
};
/** A sample's source: the original file (a package by its name) when mapped, else the function and bundle file. */
const sourceOf = (key: string) => {
  const frame = nodes.get(key)?.callFrame;
  if (!frame) return '?';
  const entry = mapOf(frame.url)?.findEntry(frame.lineNumber, frame.columnNumber);
  if (entry && 'originalSource' in entry && entry.originalSource) {
    const source = entry.originalSource;
    const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(source);
    return pkg ? pkg[1] : source.replace(/^.*?\/((?:web|contracts)\/src\/)/, '$1');
  }
  return `${frame.functionName || '(anonymous)'} ${frame.url?.split('/').pop() ?? ''}`.trim();
};

const fcp = events.find((e) => e.name === 'firstContentfulPaint' && e.pid === pid);
const lcp = events.filter((e) => e.name === 'largestContentfulPaint::Candidate' && e.pid === pid).pop();
const from = (ts: number) => (fcp ? `${Math.round((ts - fcp.ts) / 1000)} ms` : `${Math.round(ts / 1000)} µs`);
console.log(`times from the first contentful paint${lcp && fcp ? `; the largest at ${from(lcp.ts)}` : ''}`);

const onMain = events.filter((e) => thread(e) === main && e.ph === 'X');
const inside = [
  'v8.evaluateModule',
  'FunctionCall',
  'TimerFire',
  'FireAnimationFrame',
  'RunMicrotasks',
  'UpdateLayoutTree',
  'Layout',
  'Paint',
  'ParseHTML',
];
let blocking = 0;
for (const task of onMain.filter((e) => e.name === 'RunTask' && (e.dur ?? 0) >= minMs * 1000)) {
  const end = task.ts + (task.dur ?? 0);
  const ms = (task.dur ?? 0) / 1000;
  if (fcp && task.ts >= fcp.ts) blocking += Math.max(0, ms * 4 - 50);
  const kinds = new Map<string, number>();
  for (const e of onMain) {
    if (e.ts >= task.ts && e.ts < end && inside.includes(e.name)) kinds.set(e.name, (kinds.get(e.name) ?? 0) + (e.dur ?? 0) / 1000);
  }
  const bySource = new Map<string, number>();
  let count = 0;
  for (const [time, key] of samples) {
    if (time < task.ts || time >= end) continue;
    count += 1;
    const source = sourceOf(key);
    bySource.set(source, (bySource.get(source) ?? 0) + 1);
  }
  const what = [...kinds].map(([name, t]) => `${name} ${t.toFixed(1)}`).join(', ');
  const where = [...bySource]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 6)
    .map(([source, n]) => `${Math.round((n * 100) / count)}% ${source}`)
    .join(', ');
  console.log(`${from(task.ts).padStart(8)}: ${ms.toFixed(1)} ms (x4: ${Math.round(ms * 4)}) ${what}\n          ${where}`);
}
console.log(`blocking time of the tasks listed after the first paint, as Lighthouse's model counts it: about ${Math.round(blocking)} ms`);
