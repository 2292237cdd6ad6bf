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
 * The indexes of the buckets a folder takes, one after the other, from the shared index `next` of
 * the next one not yet taken (every folder of a rebuild takes from the same one), until none is left.
 */
export function* takenBuckets(next: Int32Array, count: number): Generator<number> {
  for (let i = Atomics.add(next, 0, 1); i < count; i = Atomics.add(next, 0, 1)) yield i;
}

/**
 * Bytes a bucket's lines gather before they go to its file (a longer line: its own size): 256 KB,
 * fewer for many buckets so all of them hold 64 MB at most (a 10M-event log has 2,000 buckets).
 */
const bufferedFor = (count: number) => Math.max(4096, Math.min(1 << 18, Math.floor((64 << 20) / count)));
/**
 * Bucket files kept open between writes, the least recently written closed first: opening a file
 * for each write took 0.3 s of the 1.6 s the main thread spent spilling 300k events into 60 buckets.
 * A large log has more buckets than a process may hold files open (often 1,024).
 */
const OPEN_FILES = 256;
/** Bytes read from a bucket's file at a time. */
const READ_CHUNK = 4 << 20;
/** The buffer a bucket's file is read into, kept from one bucket's read to the next (none while one is being read). */
let readBuffer: Buffer | undefined;

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
  /** Open files by bucket, least recently written first. */
  private readonly files = new Map<number, number>();

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
    const line = encode(event);
    // Room for its UTF-8 at most (3 bytes a UTF-16 unit) and the newline: no string joined to it, none measured.
    const room = 3 * line.length + 1;
    if (this.filled[bucket] + room > this.buffers[bucket].length) {
      this.write(bucket);
      if (room > this.buffers[bucket].length) this.buffers[bucket] = Buffer.allocUnsafe(Math.max(this.buffered, room));
    }
    const buffer = this.buffers[bucket];
    const end = this.filled[bucket] + buffer.write(line, this.filled[bucket]);
    buffer[end] = 10; // newline
    this.filled[bucket] = end + 1;
    this.used[bucket] = true;
  }

  /** Writes what is buffered: call once every event is added. */
  finish(): void {
    for (let bucket = 0; bucket < this.count; bucket++) {
      this.write(bucket);
      this.buffers[bucket] = Buffer.allocUnsafe(0);
    }
    this.close();
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
      // Kept for the next read: a new one is mapped, zeroed and unmapped again for each bucket.
      const chunk = readBuffer ?? Buffer.allocUnsafeSlow(READ_CHUNK);
      readBuffer = undefined;
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
      readBuffer = chunk;
    } finally {
      closeSync(file);
    }
  }

  remove(): void {
    this.close();
    rmSync(this.dir, { recursive: true, force: true });
  }

  private close(): void {
    for (const file of this.files.values()) closeSync(file);
    this.files.clear();
  }

  private write(bucket: number): void {
    if (this.filled[bucket] === 0) return;
    let file = this.files.get(bucket);
    if (file === undefined) {
      if (this.files.size >= OPEN_FILES) {
        const [oldest, open] = this.files.entries().next().value!;
        this.files.delete(oldest);
        closeSync(open);
      }
      file = openSync(this.path(bucket), 'a');
    } else {
      this.files.delete(bucket); // written last: the end of the order
    }
    this.files.set(bucket, file);
    writeSync(file, this.buffers[bucket], 0, this.filled[bucket]);
    this.filled[bucket] = 0;
  }

  private path(bucket: number): string {
    return join(this.dir, `${bucket}.jsonl`);
  }
}
