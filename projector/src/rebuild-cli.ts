import { readConfig, type ProjectorConfig } from './config';
import { useEmbeddedDefault } from './embedded-default';
import { openEventStore } from './open-store';
import { rebuildReadModels, type RebuildResult } from './rebuild';

/**
 * `npm run projections:rebuild [-- --fresh]`: rebuilds every read model from the first event and
 * swaps them in while the product keeps answering. DATABASE_URL and EVENTSTORE_URL name the stores;
 * with neither set it uses the embedded default (the running one, or started on `.data/`).
 */
export async function rebuildFromConfig(config: ProjectorConfig, options: { fresh?: boolean; progress?: boolean } = {}): Promise<RebuildResult> {
  const embedded = config.DATABASE_URL || config.EVENTSTORE_URL ? undefined : await useEmbeddedDefault({ dataDir: config.DATA_DIR, port: config.PG_PORT });
  try {
    const databaseUrl = config.DATABASE_URL ?? embedded?.databaseUrl ?? config.EVENTSTORE_URL;
    if (!databaseUrl || !/^postgres/.test(databaseUrl)) throw new Error('Bad configuration: DATABASE_URL: required with an esdb:// EVENTSTORE_URL');
    const store = await openEventStore(config.EVENTSTORE_URL ?? databaseUrl);
    try {
      return await rebuildReadModels({
        store,
        databaseUrl,
        fresh: options.fresh,
        progress: options.progress,
        pageSize: config.REBUILD_PAGE_SIZE,
        flushEveryEvents: config.REBUILD_FLUSH_EVERY_EVENTS,
        flushEveryMs: config.REBUILD_FLUSH_EVERY_MS,
        log: (line) => console.error(line),
      });
    } finally {
      await store.close();
    }
  } finally {
    await embedded?.release();
  }
}

const isMain = import.meta.url === `file://${process.argv[1]}` || process.argv[1]?.endsWith('rebuild-cli.ts');
if (isMain) {
  rebuildFromConfig(readConfig(), { fresh: process.argv.includes('--fresh'), progress: true }).then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    },
  );
}
