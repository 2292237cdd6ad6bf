import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import type { Context, Middleware } from 'koa';
import type { Kysely } from 'kysely';
import { READ_SCHEMA, readPartitionCheckpoints } from '@bt/read-models';
import type { ReadDatabase } from '../read-db';

/** An answer serialized once and gzipped once, named by its content. */
export interface KeptAnswer {
  etag: string;
  json: Buffer;
  gzip: Buffer;
}

const keep = (value: unknown): KeptAnswer => {
  const json = Buffer.from(JSON.stringify(value));
  return { etag: `"${createHash('sha256').update(json).digest('base64url')}"`, json, gzip: gzipSync(json) };
};

/**
 * The latest answer of a few profiles, each under the key it was made for: what it was read from
 * (the settings' revision, the read models' checkpoints, the log's size). A request whose key is the
 * kept one is answered from memory; requests that miss together share one making.
 */
export class KeptAnswers {
  private readonly kept = new Map<string, { key: string; answer: Promise<KeptAnswer> }>();

  constructor(private readonly limit: number) {}

  /** The kept answer when it was made for this key. */
  current(handle: string, key: string): Promise<KeptAnswer> | undefined {
    const kept = this.kept.get(handle);
    return kept?.key === key ? kept.answer : undefined;
  }

  answer(handle: string, key: string, make: () => Promise<unknown>): Promise<KeptAnswer> {
    const current = this.current(handle, key);
    if (current) return current;
    const answer = make().then(keep);
    const entry = { key, answer };
    this.kept.delete(handle);
    this.kept.set(handle, entry);
    if (this.kept.size > this.limit) this.kept.delete(this.kept.keys().next().value as string);
    // A failed making is not kept: the next request tries again.
    answer.catch(() => this.kept.get(handle) === entry && this.kept.delete(handle));
    return answer;
  }
}

/**
 * How far the projector has written the read models, every partition's checkpoint: read before the
 * rows, so that an answer kept under it is never older than it.
 */
export const readModelsAt = async (db: Kysely<ReadDatabase>, partitions: number | undefined): Promise<string> =>
  (await readPartitionCheckpoints(db, READ_SCHEMA, partitions ?? 1)).map((position) => position ?? '-').join(',');

/** Sends a kept answer: gzipped as kept when the client takes gzip, 304 when its copy is current. */
export const sendKept = (ctx: Context, answer: KeptAnswer): void => {
  ctx.status = 200;
  ctx.set('ETag', answer.etag);
  ctx.set('Cache-Control', 'no-cache');
  ctx.vary('Accept-Encoding');
  if (ctx.fresh) {
    ctx.status = 304;
    return;
  }
  ctx.type = 'application/json';
  ctx.compress = false;
  if (ctx.acceptsEncodings('gzip', 'identity') === 'gzip') {
    ctx.set('Content-Encoding', 'gzip');
    ctx.body = answer.gzip;
  } else ctx.body = answer.json;
};

/**
 * Sends the kept answer at once when it is current; otherwise makes it within `turns` (a making
 * reads a whole history: a crowd on one page waits for its turns, a visit to a kept page does not).
 */
export const sendKeptOrMake = async (
  ctx: Context,
  turns: Middleware,
  kept: KeptAnswers,
  { handle, key, make }: { handle: string; key: string; make: () => Promise<unknown> },
): Promise<void> => {
  const current = kept.current(handle, key);
  if (current) return sendKept(ctx, await current);
  await turns(ctx, async () => sendKept(ctx, await kept.answer(handle, key, make)));
};
