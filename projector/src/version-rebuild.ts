import type { Kysely } from 'kysely';
import type { Logger } from '@bt/platform';
import type { EventStore } from '@bt/event-store';
import {
  type Database,
  READ_MODEL_VERSIONS,
  READ_MODELS,
  type ReadModelName,
  READ_SCHEMA,
  readCheckpointRows,
  readStoredVersions,
  recordVersions,
} from '@bt/read-models';
import { rebuildReadModels } from './rebuild';

/** Code versions of the read models (READ_MODEL_VERSIONS; tests bump one). */
export type ReadModelVersions = Readonly<Partial<Record<ReadModelName, number>>>;

/** The read models whose code is newer than the version their rows were built with. */
const staleModels = async (db: Kysely<Database>, versions: ReadModelVersions): Promise<ReadModelName[]> => {
  const stored = await readStoredVersions(db, READ_SCHEMA);
  return READ_MODELS.map((m) => m.name).filter((name) => (stored.get(name) ?? 0) < (versions[name] ?? READ_MODEL_VERSIONS[name]));
};

/**
 * At a projector's start, before it projects anything: the read models whose code is newer than
 * their rows. With nothing projected yet (no checkpoint), it records the code's versions instead:
 * the live projector builds every read model with this code.
 */
export async function staleReadModels(db: Kysely<Database>, versions: ReadModelVersions = READ_MODEL_VERSIONS): Promise<ReadModelName[]> {
  const all = { ...READ_MODEL_VERSIONS, ...versions };
  const stale = await staleModels(db, all);
  if (stale.length === 0 || (await readCheckpointRows(db, READ_SCHEMA)).length > 0) return stale;
  await recordVersions(db, READ_SCHEMA, Object.fromEntries(stale.map((name) => [name, all[name]])));
  return [];
}

/**
 * Then, in the background: rebuilds, while the live projector goes on, each read model whose code is
 * newer than its rows (rebuildReadModels' `only`: shadow, catch-up to the live checkpoints, swap of
 * its tables, its version recorded in the swap). Read models with nothing projected yet just record
 * the code's versions. The rebuild lock makes it one rebuild at a time per database: a projector
 * finding it taken leaves the rebuild to its holder, and one taking it checks again first what is
 * still stale (another projector may have rebuilt it meanwhile). Answers what it rebuilt. Its
 * progress is the rebuild's: its log lines, and projector_rebuild_events_total in /metrics.
 */
export async function rebuildStaleReadModels(run: {
  stale: readonly ReadModelName[];
  store: EventStore;
  databaseUrl: string;
  versions?: ReadModelVersions;
  logger: Logger;
}): Promise<ReadModelName[]> {
  const { stale, logger } = run;
  const versions = { ...READ_MODEL_VERSIONS, ...run.versions };
  if (stale.length === 0) return [];
  logger.info({ models: stale }, 'read models: code newer than their rows; rebuilding them in the background');
  try {
    const result = await rebuildReadModels({
      store: run.store,
      databaseUrl: run.databaseUrl,
      only: stale,
      versions,
      logger,
      log: (line) => logger.info(line),
      stillWanted: async (locked) => (await staleModels(locked, versions)).filter((name) => stale.includes(name)),
    });
    if (!result.swapped) return [];
    logger.info({ models: result.only, events: result.events, seconds: Math.round(result.seconds) }, 'read models rebuilt and swapped in');
    return result.only ?? [];
  } catch (error) {
    if (error instanceof Error && /Another rebuild/.test(error.message)) {
      logger.info('read models: another process is rebuilding them; leaving it to it');
      return [];
    }
    throw error;
  }
}
