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

/**
 * Bytes a bucket's lines gather before they go to its file (a longer line: its own size): 64 KB,
 * fewer for many buckets so all of them hold 32 MB at most (a 10M-event log has 2,000 buckets).
 */
const bufferedFor = (count: number) => Math.max(4096, Math.min(1 << 16, Math.floor((32 << 20) / count)));
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
  /** Each bucket's lines not yet written: bytes outside the heap, so no string outlives its event. */
  private readonly buffers: Buffer[];
  private readonly filled: number[];
  private readonly used: boolean[];
  private readonly buffered: number;

  /** A new folder, or `dir`: one another thread spilled into (to read). */
  constructor(
    readonly count: number,
    readonly dir = mkdtempSync(join(tmpdir(), 'bt-rebuild-')),
  ) {
    this.buffers = Array.from({ length: count }, () => Buffer.allocUnsafe(0));
    this.filled = new Array<number>(count).fill(0);
    this.used = new Array<boolean>(count).fill(false);
    this.buffered = bufferedFor(count);
  }

  /** Whether any event was added to the bucket. */
  holds(bucket: number): boolean {
    return this.used[bucket];
  }

  add(bucket: number, event: RecordedEvent): void {
    const line = `${encode(event)}\n`;
    const bytes = Buffer.byteLength(line);
    if (this.filled[bucket] + bytes > this.buffers[bucket].length) {
      this.write(bucket);
      if (bytes > this.buffers[bucket].length) this.buffers[bucket] = Buffer.allocUnsafe(Math.max(this.buffered, bytes));
    }
    this.filled[bucket] += this.buffers[bucket].write(line, this.filled[bucket]);
    this.used[bucket] = true;
  }

  /** Writes what is buffered: call once every event is added. */
  finish(): void {
    for (let bucket = 0; bucket < this.count; bucket++) {
      this.write(bucket);
      this.buffers[bucket] = Buffer.allocUnsafe(0);
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
    rmSync(this.dir, { recursive: true, force: true });
  }

  private write(bucket: number): void {
    if (this.filled[bucket] === 0) return;
    // Opened for each write: a large log has more buckets than a process may hold files open.
    const file = openSync(this.path(bucket), 'a');
    try {
      writeSync(file, this.buffers[bucket], 0, this.filled[bucket]);
    } finally {
      closeSync(file);
    }
    this.filled[bucket] = 0;
  }

  private path(bucket: number): string {
    return join(this.dir, `${bucket}.jsonl`);
  }
}
