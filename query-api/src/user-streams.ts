import type { Kysely } from 'kysely';
import { readModels, type ReadDatabase } from './read-db';

const PAGE = 1000;

/**
 * The ids of the streams holding a user's events (`read.user_streams`), a page at a time in
 * stream-id order (`pageSize` per query). The first page is read before this returns, so a database failure is an
 * ordinary error answer rather than a broken stream.
 */
export async function userStreamIds(db: Kysely<ReadDatabase>, userId: string, pageSize = PAGE): Promise<AsyncIterable<string>> {
  const page = (after: string | undefined) =>
    readModels(db)
      .selectFrom('user_streams')
      .select('stream_id')
      .where('user_id', '=', userId)
      .$if(after !== undefined, (q) => q.where('stream_id', '>', after!))
      .orderBy('stream_id')
      .limit(pageSize)
      .execute()
      .then((rows) => rows.map((r) => r.stream_id));
  const first = await page(undefined);
  return (async function* () {
    let ids = first;
    for (;;) {
      yield* ids;
      if (ids.length < pageSize) return;
      ids = await page(ids[ids.length - 1]);
    }
  })();
}
