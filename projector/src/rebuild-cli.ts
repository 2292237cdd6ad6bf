import { spawn } from 'node:child_process';
import type { EventStore, PersonalDataSettings } from '@bt/event-store';
import { commandLine } from '@bt/platform/cli';
import type { ProjectorConfig } from './config';
import type { RebuildOptions, RebuildResult } from './rebuild';
import type { RetryResult } from './restore';

/*
 * The stores' and the rebuild's code is imported when a command runs, not with this file: the
 * command line is read first, so `--help` or a wrong argument answers at once (and before the
 * CLI runs itself again under REBUILD_NODE_FLAGS).
 */

/**
 * Runs `work` with the stores DATABASE_URL and EVENTSTORE_URL name; with neither set, the embedded
 * default (the running one, or started on `.data/`).
 */
async function withStores<T>(
  config: ProjectorConfig,
  work: (store: EventStore, databaseUrl: string, personalData: PersonalDataSettings) => Promise<T>,
): Promise<T> {
  const [{ createEventStore, useEmbeddedDefault }, { personalFields }, { dataKeysMaster }] = await Promise.all([
    import('@bt/event-store'),
    import('@bt/contracts'),
    import('@bt/platform'),
  ]);
  const embedded =
    config.databaseUrl || config.eventStoreUrl ? undefined : await useEmbeddedDefault({ dataDir: config.dataDir, port: config.pgPort });
  try {
    const databaseUrl = config.databaseUrl ?? embedded?.databaseUrl ?? config.eventStoreUrl;
    if (!databaseUrl || !/^postgres/.test(databaseUrl))
      throw new Error('Bad configuration: DATABASE_URL: required with an esdb:// EVENTSTORE_URL');
    const personalData = { databaseUrl, masterKeys: await dataKeysMaster(config) };
    const store = await createEventStore(config.eventStoreUrl ?? databaseUrl, {}, { ...personalData, fields: personalFields });
    try {
      return await work(store, databaseUrl, personalData);
    } finally {
      await store.close();
    }
  } finally {
    await embedded?.release();
  }
}

/**
 * `npm run projections:rebuild [-- --fresh]`: rebuilds every read model from the first event and
 * swaps them in while the product keeps answering.
 */
const rebuildFromConfig = async (
  config: ProjectorConfig,
  options: Pick<RebuildOptions, 'fresh' | 'progress' | 'only' | 'diff' | 'swap'> = {},
): Promise<RebuildResult> => {
  const { rebuildReadModels } = await import('./rebuild');
  return withStores(config, (store, databaseUrl, personalData) =>
    rebuildReadModels({
      store,
      databaseUrl,
      personalData,
      ...options,
      pageSize: config.rebuildPageSize,
      flushEveryEvents: config.rebuildFlushEveryEvents,
      flushEveryMs: config.rebuildFlushEveryMs,
      partitions: config.rebuildPartitions,
      parallel: config.rebuildParallel,
      eventStoreUrl: config.eventStoreUrl ?? databaseUrl,
      log: (line) => console.error(line),
    }),
  );
};

/** `npm run projections:retry [-- <user id>...]`: brings users the projector set aside back (see restore.ts). */
const retryFromConfig = async (config: ProjectorConfig, userIds?: string[]): Promise<RetryResult> => {
  const { retrySetAsideUsers } = await import('./restore');
  return withStores(config, (store, databaseUrl) =>
    retrySetAsideUsers({ store, databaseUrl, userIds, log: (line) => console.error(line), partitions: config.partition.count }),
  );
};

/**
 * Node flags a rebuild runs under: a larger young generation (the fold's short-lived objects die
 * there rather than being promoted). No first old-generation size: a rebuild in buckets holds a
 * bucket's users at a time, so the collector keeps the heap to that, and each heap grows by half
 * between full collections rather than by V8's default of up to four times (V8's flags hold for the
 * bucket threads too): each thread's heap was 240-360 MB after a bucket of 60-250 MB, 200-230 MB
 * with it, and the peak RSS of 300k events 970-1,189 MB, 810-836 MB with it.
 * The CLI runs itself again under them when started without (`npm run projections:rebuild`, or
 * `node projector/dist/rebuild-cli.js` in compose).
 */
export const REBUILD_NODE_FLAGS = ['--max-semi-space-size=64', '--heap-growing-percent=50'];

/** Runs this command again in a child with REBUILD_NODE_FLAGS; resolves to its exit code. */
const underRebuildFlags = (): Promise<number> =>
  new Promise((resolve) => {
    // The IPC channel closes when this process dies, however it dies: the child then stops too (below).
    const child = spawn(process.execPath, [...process.execArgv, ...REBUILD_NODE_FLAGS, ...process.argv.slice(1)], {
      stdio: ['inherit', 'inherit', 'inherit', 'ipc'],
    });
    // Ctrl-C reaches the child too (same process group); a signal sent to this process alone is passed on.
    for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => child.kill(signal));
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });

/** The exit code of a diff that found rows differing (and did not swap): a deploy script stops on it. */
export const DIFFERS_EXIT_CODE = 3;

const isMain = import.meta.url === `file://${process.argv[1]}` || process.argv[1]?.endsWith('rebuild-cli.ts');
if (isMain) {
  const underFlags = REBUILD_NODE_FLAGS.every((flag) => process.execArgv.includes(flag));
  if (underFlags) {
    // Started by underRebuildFlags: stop when it is gone (killed), as a rebuild killed half-way does (it resumes).
    process.on('disconnect', () => process.exit(1));
    if (process.send && !process.connected) process.exit(1); // gone before this listened
  }
  const { readModelChoices, resolveReadModels, UnknownReadModel } = await import('./read-model-names');
  const { values, positionals: ids } = commandLine({
    usage:
      'npm run projections:rebuild [-- --fresh] [--only <read models>] [--diff [--swap]] | npm run projections:retry [-- <user id>...]',
    about: [
      'projections:rebuild rebuilds every read model from the first event and swaps them in while the product keeps answering.',
      '--only rebuilds the read models named (comma-separated) and swaps in only their tables, caught up to the live',
      'checkpoint; every other read model keeps serving and being projected live.',
      '--diff builds them and, instead of swapping, reports per read model the users and rows that differ from the',
      `live ones (up to 20 examples); exit code 0: nothing differs, ${DIFFERS_EXIT_CODE}: something does, 1: the rebuild failed.`,
      '--diff --swap reports, then swaps.',
      `Read models (by name, table or group): ${readModelChoices()}.`,
      'projections:retry (--retry) brings back users the projector set aside: the ones named, or all of them.',
      'Stores: DATABASE_URL and EVENTSTORE_URL; with neither, the embedded default (.data/).',
    ].join('\n'),
    options: {
      fresh: { type: 'boolean', description: 'Rebuild from scratch, not reusing a rebuild left half-way' },
      retry: { type: 'boolean', description: 'Retry the set-aside users instead of rebuilding' },
      only: { type: 'string', description: 'Rebuild and swap in only these read models (comma-separated names or tables)' },
      diff: { type: 'boolean', description: 'Report how the rebuilt rows differ from the live ones instead of swapping' },
      swap: { type: 'boolean', description: 'With --diff: swap after reporting' },
    },
    positionals: { max: Infinity, name: 'user id' },
  });
  if (!values.retry && ids.length > 0) {
    console.error(`projections:rebuild takes no arguments (got ${ids.join(' ')}); user ids go to projections:retry`);
    process.exit(2);
  }
  if (values.retry && (values.fresh || values.only !== undefined || values.diff || values.swap)) {
    console.error('--fresh, --only, --diff and --swap are for projections:rebuild, not projections:retry');
    process.exit(2);
  }
  if (values.swap && !values.diff) {
    console.error('--swap goes with --diff (a rebuild without --diff swaps anyway)');
    process.exit(2);
  }
  let only: ReturnType<typeof resolveReadModels> | undefined;
  try {
    only =
      values.only === undefined
        ? undefined
        : resolveReadModels(
            values.only
              .split(',')
              .map((name) => name.trim())
              .filter(Boolean),
          );
  } catch (error) {
    if (!(error instanceof UnknownReadModel)) throw error;
    console.error(error.message);
    process.exit(2);
  }
  if (!underFlags) {
    void underRebuildFlags().then((code) => process.exit(code));
  } else {
    const { readConfig } = await import('./config');
    const run = values.retry
      ? retryFromConfig(readConfig(), ids.length > 0 ? ids : undefined).then((r) => (r.stillFailing.length > 0 ? 1 : 0))
      : rebuildFromConfig(readConfig(), { fresh: values.fresh, progress: true, only, diff: values.diff, swap: values.swap }).then(
          async ({ timings, diff, swapped }) => {
            const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
            console.error(
              `rebuild: read ${s(timings.read)}, fold ${s(timings.fold)}, waiting for writes ${s(timings.write)}, indexes and swap ${s(timings.swap)}; peak RSS ${Math.round(process.resourceUsage().maxRSS / 1024)} MB`,
            );
            if (!diff) return 0;
            const { differs, formatDiff } = await import('./rebuild-diff');
            for (const line of formatDiff(diff)) console.log(line);
            return differs(diff) && !swapped ? DIFFERS_EXIT_CODE : 0;
          },
        );
    run.then(
      (code) => process.exit(code),
      (error: unknown) => {
        console.error(error instanceof Error ? error.message : error);
        process.exit(1);
      },
    );
  }
}
