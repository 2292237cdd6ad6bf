import { expect } from 'chai';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { parse as parseCsv } from 'csv-parse/sync';
import { signToken } from '@bt/platform/http/auth';
import type { EventStore } from '@bt/event-store/port';
import { EventLog } from '@bt/projector/testing/event-log';
import { createQueryApi } from '../app';
import { startHarness, TEST_SECRET, type Harness } from '../testing/harness';
import { userStreamIds } from '../user-streams';
import { exportBetsCsv } from './export-bets-csv';
import { getBets } from './get-bets';

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
    expect(records.find((r) => r.event === 'Later 0')!.notes).to.equal('=cmd|"x"');
  });

  it('starts sending events before the later streams have been read', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const [firstStream] = [...(await collect(await userStreamIds(h.db, log.userId)))];
    let gatedReads = 0;
    const gated: EventStore = {
      ...h.store,
      readStream: async (streamId) => {
        if (streamId !== firstStream) {
          gatedReads++;
          await gate;
        }
        return h.store.readStream(streamId);
      },
    };
    const app = createQueryApi({ db: h.db, pool: h.pool, store: gated, jwtSecret: TEST_SECRET });
    const server = createServer(app.callback());
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const response = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/api/events`, {
        headers: { Authorization: `Bearer ${signToken(log.userId, TEST_SECRET)}` },
      });
      const reader = response.body!.getReader();
      const first = new TextDecoder().decode((await reader.read()).value);
      expect(JSON.parse(first.split('\n')[0]).streamId).to.equal(firstStream);
      expect(gatedReads, 'later streams are being read, a few at a time').to.be.within(1, 8);
      release();
      let rest = '';
      for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) rest += new TextDecoder().decode(chunk.value);
      expect((first + rest).trimEnd().split('\n')).to.have.length(log.events.length);
    } finally {
      release();
      server.closeAllConnections();
      server.close();
      await app.close();
    }
  });
});

async function collect<T>(items: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of items) out.push(item);
  return out;
}
