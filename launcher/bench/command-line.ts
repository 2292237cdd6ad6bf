import { commandLine } from '@bt/platform/cli';

const SECTIONS = [
  'rebuild',
  'reads',
  'analytics',
  'pages',
  'writes',
  'throttle',
  'web',
  'import',
  'live',
  'fairness',
  'replay',
  'catchup',
  'shredding',
  'profile',
] as const;

/** The bench's sections asked for on the command line (none: all of them); `--help` and a wrong section exit here. */
export const { positionals: sections } = commandLine({
  usage: `npm run bench [-- <section>...]`,
  about:
    "Measures the product on this machine, each figure beside a baseline taken in the same run. No section: all of them.\nSizes: BENCH_EVENTS, BENCH_USERS, BENCH_BIG_USER_BETS, BENCH_READS, BENCH_WRITES, BENCH_REPLAY_USER_BETS, BENCH_THROTTLE_SECONDS, BENCH_LIVE_WRITES, BENCH_LIVE_OPEN_RATE, BENCH_FAIRNESS_ROWS, BENCH_FAIRNESS_WRITES, BENCH_CATCHUP_EVENTS, BENCH_SHREDDING_WRITES, BENCH_PROFILE_BETS; BENCH_IMPORT_NODE_ARGS (node flags of the import section child, instead of those compose gives command-api); PROJECTOR_THREAD=0 runs the product's projector on its main thread (writes, live); the product started in the bench's process (writes, live) takes the bench's PROJECTOR_BATCH_MS, PROJECTOR_BATCH_IDLE_MS and the other PROJECTOR_* settings.",
  options: {},
  positionals: { max: SECTIONS.length, choices: SECTIONS, name: 'section' },
});
