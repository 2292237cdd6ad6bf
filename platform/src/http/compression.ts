import compress from 'koa-compress';
import type { Middleware } from 'koa';
import { constants } from 'node:zlib';

/**
 * gzip/brotli for a service's answers, as the front door does for the web app's files: JSON above
 * 1 KB, and the NDJSON/CSV streams. Every chunk written is flushed through the compressor at once
 * (sync flush), so a stream keeps streaming instead of waiting for the compressor's buffer to fill.
 */
export const compressAnswers = (): Middleware =>
  compress({
    threshold: 1024,
    // JSON, NDJSON (which the default list misses), CSV and other text.
    filter: (type) => /^text\/|[/+](x-nd)?json\b|javascript|xml/i.test(type),
    // zstd (Node 22.15+) left out: the same encodings on every supported Node.
    encodingPreference: ['br', 'gzip', 'deflate', 'identity'],
    br: { flush: constants.BROTLI_OPERATION_FLUSH, params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
    gzip: { flush: constants.Z_SYNC_FLUSH },
    deflate: { flush: constants.Z_SYNC_FLUSH },
  });
