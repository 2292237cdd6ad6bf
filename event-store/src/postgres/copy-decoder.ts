/*
 * Every read of the event store is a binary COPY, decoded here as the rows arrive: numbers come as
 * 8 bytes rather than text, `recorded_at` as microseconds rather than through `to_char`, and each
 * row is one protocol message (pg's row path costs a string per column and an array per row before
 * we even start).
 */
import pg from 'pg';
import type { EventMetadata, RecordedEvent } from '../port';

/** Revisions below this are shared bigints rather than one allocated per event. */
const SMALL = Array.from({ length: 1024 }, (_, i) => BigInt(i));
/** Microseconds from the Unix epoch to Postgres' (2000-01-01), where timestamptz counts from. */
const PG_EPOCH_US = 946_684_800_000_000;
const COPY_SIGNATURE = Buffer.from('PGCOPY\n\xff\r\n\0', 'latin1');
/** The columns of `COLUMNS` (sql.ts), in the order decoded below. */
const FIELDS = 9;

/**
 * Buffer's own decoders, which `toString(encoding, start, end)` calls after checking its arguments
 * and looking the encoding up. Five decodes per event, so we call them directly: undocumented, but
 * what every Buffer decode has run for years (protobufjs, behind gRPC, calls utf8Slice the same way).
 */
interface Decoders {
  latin1Slice(start: number, end: number): string;
  utf8Slice(start: number, end: number): string;
}

/**
 * One `COPY (SELECT ${COLUMNS} ...) TO STDOUT (FORMAT binary)`, each row decoded into an event as
 * its message arrives (Postgres sends one CopyData message per row; the first also carries the
 * file header). A row is: int16 field count, then per field an int32 length and that many bytes;
 * int8/xid8 and timestamptz (microseconds since 2000-01-01 UTC) are 8 bytes big-endian; text and
 * json are their UTF-8 text. pg calls `handleCopyData` for copy-out data (pg-copy-streams relies
 * on the same hook); the rest of the query protocol is pg.Query's own.
 */
class EventCopy extends pg.Query {
  readonly events: RecordedEvent[] = [];
  failure: Error | undefined;
  private header = true;
  // Consecutive events of one append share their commit (and often their recorded time).
  private commitHi = -1;
  private commitLo = -1;
  private commit = 0n;
  private recordedUs = Number.NaN;
  private recordedAt = '';

  handleCopyData({ chunk }: { chunk: Buffer }): void {
    if (this.failure) return;
    const b = chunk as Buffer & Decoders;
    try {
      let o = 0;
      if (this.header) {
        if (b.length < 19 || b.compare(COPY_SIGNATURE, 0, 11, 0, 11) !== 0) throw new Error('not a binary COPY header');
        o = 19 + b.readInt32BE(15);
        this.header = false;
        if (o === b.length) return;
      }
      const fields = b.readInt16BE(o);
      if (fields === -1) return; // the trailer
      if (fields !== FIELDS) throw new Error(`expected ${FIELDS} columns, got ${fields}`);
      o += 6; // field count, length of prepare
      const prepare = b.readBigInt64BE(o);
      o += 12;
      const commitHi = b.readUInt32BE(o);
      const commitLo = b.readUInt32BE(o + 4);
      if (commitHi !== this.commitHi || commitLo !== this.commitLo) {
        this.commitHi = commitHi;
        this.commitLo = commitLo;
        this.commit = b.readBigUInt64BE(o);
      }
      o += 12;
      const small = b.readInt32BE(o) === 0 ? b.readUInt32BE(o + 4) : SMALL.length;
      const revision = small < SMALL.length ? SMALL[small] : b.readBigInt64BE(o);
      o += 12;
      const us = b.readInt32BE(o) * 4294967296 + b.readUInt32BE(o + 4);
      if (us !== this.recordedUs) {
        this.recordedUs = us;
        // Milliseconds, truncated, as ISO (what to_char's MS gave).
        this.recordedAt = new Date(Math.floor((us + PG_EPOCH_US) / 1000)).toISOString();
      }
      o += 8;
      let n = b.readInt32BE(o);
      const id = b.latin1Slice((o += 4), (o += n)); // a uuid's text
      n = b.readInt32BE(o);
      const streamId = b.utf8Slice((o += 4), (o += n));
      n = b.readInt32BE(o);
      const type = b.utf8Slice((o += 4), (o += n));
      n = b.readInt32BE(o);
      const data: unknown = JSON.parse(b.utf8Slice((o += 4), (o += n)));
      n = b.readInt32BE(o);
      const metadata = JSON.parse(b.utf8Slice((o += 4), (o += n))) as EventMetadata;
      this.events.push({
        id,
        streamId,
        revision,
        position: { commit: this.commit, prepare },
        type,
        data,
        metadata,
        recordedAt: this.recordedAt,
      });
    } catch (e) {
      this.failure = new Error(`Unreadable row from the event store: ${(e as Error).message}`, { cause: e });
    }
  }
}

/** Runs `COPY (select) TO STDOUT (FORMAT binary)` on a connection and returns the decoded events. */
export function copyEvents(client: pg.ClientBase, select: string): Promise<RecordedEvent[]> {
  return new Promise((resolve, reject) => {
    const copy = new EventCopy(`COPY (${select}) TO STDOUT (FORMAT binary)`);
    copy.on('error', reject); // `on`: a broken connection can report a second error
    copy.on('end', () => (copy.failure ? reject(copy.failure) : resolve(copy.events)));
    client.query(copy);
  });
}
