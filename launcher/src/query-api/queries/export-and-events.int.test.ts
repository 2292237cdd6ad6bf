import { expect } from 'chai';
import { parse as parseCsv } from 'csv-parse/sync';
import type { EventStore } from '@bt/event-store';
import { EventLog } from '@bt/read-models/testing';
import { exportBetsCsv, getBets, streamUserEvents, userStreamIds } from '@bt/query-api/testing';
import { startHarness, type Harness } from '../../testing/query-harness';

const text = async (stream: NodeJS.ReadableStream): Promise<string> => {
  let out = '';
  for await (const chunk of stream) out += chunk.toString();
  return out;
};

describe('the downloads, page by page and stream by stream', () => {
  let h: Harness;
  const log = new EventLog();

  before(async () => {
    h = await startHarness();
    log.at('2025-03-01T12:00:00.000Z').register();
    // Several bets entered at the very same instant: paging must break the tie by id, losing none.
    for (let i = 0; i < 4; i++) log.at('2025-03-02T12:00:00.000Z').placeBet({ event: `Same instant ${i}` }, 'win');
    for (let i = 0; i < 3; i++) log.placeBet({ event: `Later ${i}`, notes: i === 0 ? '=cmd|"x"' : null });
    log.createParlay([{}, {}], { name: 'Parlay' });
    await h.record(log.events);
    await h.settle();
  });

  after(() => h?.close());

  it('exports every row exactly once, in history order, across many small pages', async () => {
    const csv = await text(exportBetsCsv(h.db, log.userId, 2));
    const records = parseCsv(csv, { columns: true }) as Record<string, string>[];
    const history = await getBets(h.db, log.userId);
    expect(records).to.have.length(8);
    expect(records.map((r) => r.id)).to.deep.equal(history.map((b) => b.id));
    expect(records.find((r) => r.event === 'Later 0')!.notes).to.equal('\'=cmd|"x"');
  });

  it('starts sending events before the later streams have been read', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const ids = await collect(await userStreamIds(h.db, log.userId));
    expect(ids.length, 'enough streams for several chunks').to.be.above(4);
    let reads = 0;
    const gated: EventStore = {
      ...h.store,
      readStreams: async (streamIds) => {
        if (reads++ > 0) await gate; // every chunk after the first waits
        return h.store.readStreams(streamIds);
      },
    };
    const body = streamUserEvents(gated, log.userId, ids, 2)[Symbol.asyncIterator]();
    try {
      const first = String((await body.next()).value);
      const firstChunk = new Set(ids.slice(0, 2));
      const lines = first
        .trimEnd()
        .split('\n')
        .map((line) => JSON.parse(line) as { streamId: string });
      expect(
        lines.every((line) => firstChunk.has(line.streamId)),
        'the first write is the first chunk',
      ).to.equal(true);
      expect(reads, 'one chunk read ahead, no more').to.equal(2);
      release();
      let rest = '';
      for (let chunk = await body.next(); !chunk.done; chunk = await body.next()) rest += String(chunk.value);
      expect((first + rest).trimEnd().split('\n')).to.have.length(log.events.length);
    } finally {
      release();
      await body.return?.(undefined);
    }
  });
});

async function collect<T>(items: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of items) out.push(item);
  return out;
}
