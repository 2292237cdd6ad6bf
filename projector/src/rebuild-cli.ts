import { spawn } from 'node:child_process';
import type { EventStore } from '@bt/event-store';
import { commandLine } from '@bt/platform/cli';
import type { ProjectorConfig } from './config';
import type { RebuildResult } from './rebuild';
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
async function withStores<T>(config: ProjectorConfig, work: (store: EventStore, databaseUrl: string) => Promise<T>): Promise<T> {
  const { createEventStore, useEmbeddedDefault } = await import('@bt/event-store');
  const embedded =
    config.databaseUrl || config.eventStoreUrl ? undefined : await useEmbeddedDefault({ dataDir: config.dataDir, port: config.pgPort });
  try {
    const databaseUrl = config.databaseUrl ?? embedded?.databaseUrl ?? config.eventStoreUrl;
    if (!databaseUrl || !/^postgres/.test(databaseUrl))
      throw new Error('Bad configuration: DATABASE_URL: required with an esdb:// EVENTSTORE_URL');
    const store = await createEventStore(config.eventStoreUrl ?? databaseUrl);
    try {
      return await work(store, databaseUrl);
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
  options: { fresh?: boolean; progress?: boolean } = {},
): Promise<RebuildResult> => {
  const { rebuildReadModels } = await import('./rebuild');
  return withStores(config, (store, databaseUrl) =>
    rebuildReadModels({
      store,
      databaseUrl,
      fresh: options.fresh,
      progress: options.progress,
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
 * bucket's users at a time, so the collector keeps the heap to that.
 * The CLI runs itself again under them when started without (`npm run projections:rebuild`, or
 * `node projector/dist/rebuild-cli.js` in compose).
 */
export const REBUILD_NODE_FLAGS = ['--max-semi-space-size=64'];

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

const isMain = import.meta.url === `file://${process.argv[1]}` || process.argv[1]?.endsWith('rebuild-cli.ts');
if (isMain) {
  const { values, positionals: ids } = commandLine({
    usage: 'npm run projections:rebuild [-- --fresh] | npm run projections:retry [-- <user id>...]',
    about: [
      'projections:rebuild rebuilds every read model from the first event and swaps them in while the product keeps answering.',
      'projections:retry (--retry) brings back users the projector set aside: the ones named, or all of them.',
      'Stores: DATABASE_URL and EVENTSTORE_URL; with neither, the embedded default (.data/).',
    ].join('\n'),
    options: {
      fresh: { type: 'boolean', description: 'Rebuild from scratch, not reusing a rebuild left half-way' },
      retry: { type: 'boolean', description: 'Retry the set-aside users instead of rebuilding' },
    },
    positionals: { max: Infinity, name: 'user id' },
  });
  if (!values.retry && ids.length > 0) {
    console.error(`projections:rebuild takes no arguments (got ${ids.join(' ')}); user ids go to projections:retry`);
    process.exit(2);
  }
  if (values.retry && values.fresh) {
    console.error('--fresh is for projections:rebuild, not projections:retry');
    process.exit(2);
  }
  if (!REBUILD_NODE_FLAGS.every((flag) => process.execArgv.includes(flag))) {
    void underRebuildFlags().then((code) => process.exit(code));
  } else {
    // Started by underRebuildFlags: stop when it is gone (killed), as a rebuild killed half-way does (it resumes).
    process.on('disconnect', () => process.exit(1));
    if (process.send && !process.connected) process.exit(1); // gone before this listened
    const { readConfig } = await import('./config');
    const run = values.retry
      ? retryFromConfig(readConfig(), ids.length > 0 ? ids : undefined).then((r) => (r.stillFailing.length > 0 ? 1 : 0))
      : rebuildFromConfig(readConfig(), { fresh: values.fresh, progress: true }).then(({ timings }) => {
          const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
          console.error(
            `rebuild: read ${s(timings.read)}, fold ${s(timings.fold)}, waiting for writes ${s(timings.write)}, indexes and swap ${s(timings.swap)}; peak RSS ${Math.round(process.resourceUsage().maxRSS / 1024)} MB`,
          );
          return 0;
        });
    run.then(
      (code) => process.exit(code),
      (error: unknown) => {
        console.error(error instanceof Error ? error.message : error);
        process.exit(1);
      },
    );
  }
}
