import { streams, type EventData, type ImportStatus } from '@bt/contracts';
import type { EventStore } from '@bt/event-store';
import { NotFoundError } from '@bt/platform';
import type { Kysely } from 'kysely';
import { readModels, type ReadDatabase } from '../read-db';
import type { QueryRoute } from '../query-route';

type Lifecycle = EventData<'ImportStarted'> & EventData<'ImportCommitted'> & EventData<'ImportAbandoned'>;

/**
 * The import the user sent with Idempotency-Key `key` (the latest, if several), from their
 * `imports-` stream; `visible` once no import holds them (its rows are in the read models).
 * Undefined when there is none.
 */
export async function getImport(
  db: Kysely<ReadDatabase>,
  store: EventStore,
  userId: string,
  key: string,
): Promise<ImportStatus | undefined> {
  let found: ImportStatus | undefined;
  for (const event of await store.readStream(streams.imports(userId))) {
    const data = event.data as Partial<Lifecycle>;
    if (event.type === 'ImportStarted') {
      if (data.key !== key) continue;
      found = {
        importId: data.importId!,
        key,
        status: 'running',
        rows: data.rows ?? 0,
        imported: null,
        amended: null,
        skipped: null,
        reason: null,
        visible: false,
        startedAt: new Date(event.recordedAt).toISOString(),
        endedAt: null,
      };
    } else if (found && data.importId === found.importId) {
      found.endedAt = new Date(event.recordedAt).toISOString();
      if (event.type === 'ImportCommitted') {
        Object.assign(found, { status: 'committed', imported: data.imported, amended: data.amended, skipped: data.skipped });
      } else if (event.type === 'ImportAbandoned') {
        Object.assign(found, { status: 'abandoned', reason: data.reason ?? null });
      }
    }
  }
  if (found && found.status !== 'running') {
    const hold = await readModels(db).selectFrom('import_holds').select('user_id').where('user_id', '=', userId).executeTakeFirst();
    found.visible = hold === undefined;
  }
  return found;
}

/** GET /api/imports/:key */
export const importRoute: QueryRoute = {
  path: '/imports/:key',
  answer: async ({ db, store, userId }, ctx) => {
    const answer = await getImport(db, store, userId, ctx.params.key);
    if (!answer) throw new NotFoundError();
    return answer;
  },
};
