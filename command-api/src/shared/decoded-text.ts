import { createReadStream } from 'node:fs';

/**
 * Bytes read from the file at a time: each piece of text (at most 64 KB, even as two-byte text)
 * then stays below V8's large-object size, so it dies young rather than in the old generation,
 * which only a full collection frees.
 */
const READ_BYTES = 32 * 1024;

/** A spooled upload's text (upload.ts), decoded by `charset` as it is read from `path`. */
export async function* decoded(path: string, charset: string): AsyncGenerator<string> {
  const decoder = new TextDecoder(charset);
  for await (const chunk of createReadStream(path, { highWaterMark: READ_BYTES })) {
    const text = decoder.decode(chunk as Buffer, { stream: true });
    if (text !== '') yield text;
  }
  const tail = decoder.decode();
  if (tail !== '') yield tail;
}
