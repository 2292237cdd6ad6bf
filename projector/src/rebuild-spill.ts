import { closeSync, mkdtempSync, openSync, readSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RecordedEvent } from '@bt/event-store';

/** The bucket of a user (FNV-1a of the id): every event of a user lands in the same one. */
export const bucketOf = (userId: string, count: number): number => {
  let hash = 0x811c9dc5;
  for (let i = 0; i < userId.length; i++) hash = Math.imul(hash ^ userId.charCodeAt(i), 0x01000193);
  return (hash >>> 0) % count;
};

/** Bytes a bucket's writes gather before they go to its file. */
const BUFFERED = 1 << 16;
/** Bytes read from a bucket's file at a time. */
const READ_CHUNK = 4 << 20;

/** An event as one line: JSON keeps data and metadata exactly (lone surrogates too), bigints as text. */
const encode = (e: RecordedEvent): string =>
  JSON.stringify([
    e.id,
    e.streamId,
    String(e.revision),
    String(e.position.commit),
    String(e.position.prepare),
    e.type,
    e.recordedAt,
    e.data,
    e.metadata,
  ]);

type Line = [string, string, string, string, string, string, string, unknown, RecordedEvent['metadata']];
const decode = (line: string): RecordedEvent => {
  const [id, streamId, revision, commit, prepare, type, recordedAt, data, metadata] = JSON.parse(line) as Line;
  return {
    id,
    streamId,
    revision: BigInt(revision),
    position: { commit: BigInt(commit), prepare: BigInt(prepare) },
    type,
    recordedAt,
    data,
    metadata,
  };
};

/**
 * The log spilled into files, one per bucket of users, in log order within each (a temporary
 * folder, removed by `remove`): one read of the log, then each bucket folded on its own, so only a
 * bucket's users are in memory at once.
 */
export class Spill {
  private readonly buffers: string[];
  private readonly files: (number | undefined)[];
  private readonly used: boolean[];

  /** A new folder, or `dir`: one another thread spilled into (to read). */
  constructor(
    readonly count: number,
    readonly dir = mkdtempSync(join(tmpdir(), 'bt-rebuild-')),
  ) {
    this.buffers = new Array<string>(count).fill('');
    this.files = new Array<number | undefined>(count).fill(undefined);
    this.used = new Array<boolean>(count).fill(false);
  }

  /** Whether any event was added to the bucket. */
  holds(bucket: number): boolean {
    return this.used[bucket];
  }

  add(bucket: number, event: RecordedEvent): void {
    this.buffers[bucket] += `${encode(event)}\n`;
    this.used[bucket] = true;
    if (this.buffers[bucket].length >= BUFFERED) this.write(bucket);
  }

  /** Writes what is buffered and closes the files: call once every event is added. */
  finish(): void {
    for (let bucket = 0; bucket < this.count; bucket++) {
      this.write(bucket);
      if (this.files[bucket] !== undefined) closeSync(this.files[bucket]!);
      this.files[bucket] = undefined;
    }
  }

  /** A bucket's events in log order, `size` at a time (its file read a few MB at a time). */
  *read(bucket: number, size: number): Generator<RecordedEvent[]> {
    let file: number;
    try {
      file = openSync(this.path(bucket), 'r');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return; // no event of its users
      throw error;
    }
    try {
      const chunk = Buffer.alloc(READ_CHUNK);
      let rest = Buffer.alloc(0);
      let page: RecordedEvent[] = [];
      for (let read = readSync(file, chunk); read > 0; read = readSync(file, chunk)) {
        // A newline byte never occurs inside a UTF-8 character, nor inside a JSON line.
        const bytes = rest.length > 0 ? Buffer.concat([rest, chunk.subarray(0, read)]) : chunk.subarray(0, read);
        let start = 0;
        for (let end = bytes.indexOf(10, start); end >= 0; end = bytes.indexOf(10, start)) {
          page.push(decode(bytes.toString('utf8', start, end)));
          start = end + 1;
          if (page.length >= size) {
            yield page;
            page = [];
          }
        }
        rest = Buffer.from(bytes.subarray(start)); // a copy: `chunk` is read into again
      }
      if (page.length > 0) yield page;
    } finally {
      closeSync(file);
    }
  }

  remove(): void {
    for (const file of this.files) if (file !== undefined) closeSync(file);
    rmSync(this.dir, { recursive: true, force: true });
  }

  private write(bucket: number): void {
    if (this.buffers[bucket].length === 0) return;
    this.files[bucket] ??= openSync(this.path(bucket), 'a');
    writeSync(this.files[bucket]!, this.buffers[bucket]);
    this.buffers[bucket] = '';
  }

  private path(bucket: number): string {
    return join(this.dir, `${bucket}.jsonl`);
  }
}
