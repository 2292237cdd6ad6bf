import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Context, Middleware } from 'koa';
import { MESSAGES } from '@bt/contracts';
import { HttpError } from '@bt/platform';
import { decoded } from './decoded-text';

/** A text body spooled to a file by `spooledText`: read it as often as needed, a chunk at a time. */
interface SpooledText {
  /** Its bytes. */
  size: number;
  /** The file and the charset it is read with (`decoded`): what another thread reads it by. */
  path: string;
  charset: string;
  /** The text, decoded (the Content-Type's charset, else UTF-8) as it is read from the file. */
  read(): AsyncIterable<string>;
}

/** The types a text body may come as (a browser sends a .csv as any of them). */
const TEXT_TYPES = ['application/csv', 'application/vnd.ms-excel', 'application/octet-stream'];
const isText = (type: string) => type.startsWith('text/') || TEXT_TYPES.includes(type);

/** The spooled body of this request (`spooledText`); undefined when it is not a text body. */
export const spooledBody = (ctx: Context): SpooledText | undefined => ctx.state.spooled as SpooledText | undefined;

/**
 * Text bodies (CSV) up to `limitBytes`, any text/* or CSV content type, written to a temporary file
 * as they arrive rather than held in memory (a 10 MB file is read twice by an import: checked,
 * then appended). `spooledBody(ctx)` reads it; the file is removed once the request is answered.
 * Over the limit: 413. Sets `ctx.state.bodyDigest` (sha256 of the bytes) for the idempotency
 * fingerprint, which cannot read the body itself.
 */
export const spooledText =
  (limitBytes: number): Middleware =>
  async (ctx, next) => {
    if (!isText(ctx.request.type)) return next();
    const charset = ctx.request.charset || 'utf-8';
    try {
      new TextDecoder(charset);
    } catch {
      throw new HttpError(415, MESSAGES.importNotText);
    }
    const declared = Number(ctx.get('Content-Length') || '0');
    if (declared > limitBytes) {
      ctx.req.resume(); // read and dropped: the answer is 413 either way
      throw new HttpError(413, MESSAGES.bodyTooLarge);
    }
    const dir = await mkdtemp(join(tmpdir(), 'bt-upload-'));
    try {
      const path = join(dir, 'body');
      const digest = createHash('sha256');
      let size = 0;
      // Past the limit the rest is read and dropped (not cut off: the client is to read the 413).
      const counted = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          size += chunk.length;
          if (size > limitBytes) return done();
          digest.update(chunk);
          done(null, chunk);
        },
      });
      try {
        await pipeline(ctx.req, counted, createWriteStream(path));
      } catch (error) {
        throw new HttpError(400, (error as Error).message); // the client went away mid-way
      }
      if (size > limitBytes) throw new HttpError(413, MESSAGES.bodyTooLarge);
      ctx.state.bodyDigest = digest.digest('hex');
      ctx.state.spooled = { size, path, charset, read: () => decoded(path, charset) } satisfies SpooledText;
      await next();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  };
