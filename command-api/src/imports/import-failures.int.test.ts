import { expect } from 'chai';
import { IMPORT_METADATA_KEY, MESSAGES, streams } from '@bt/contracts';
import { appendEachInTurn, START } from '@bt/event-store';
import { startTestApi, type TestApi } from '../testing/http';
import { csv, goodFile, header } from '../testing/import-files';

describe('CSV import over HTTP: failures half-way and imports at once', () => {
  describe('when the store fails half-way through the rows', () => {
    let failing: TestApi;
    let mode: 'ok' | 'refuse-third' | 'refuse-1100th' | 'in-turn-fail-third' = 'ok';
    let pulled = 0; // streams pulled by appendEach since the mode was set, over all its calls
    before(async () => {
      failing = await startTestApi({
        clock: () => new Date('2025-03-15T12:00:00.000Z'),
        wrapStore: (store) => ({
          ...store,
          appendEach: (appends, options) => {
            if (mode === 'refuse-third') {
              // The third row's write is one Postgres refuses, after two were written in the transaction.
              return store.appendEach(
                (async function* () {
                  let i = 0;
                  for await (const a of appends)
                    yield i++ === 2 ? { ...a, events: a.events.map((e) => ({ ...e, data: { bad: '\u0000' } })) } : a;
                })(),
                options,
              );
            }
            if (mode === 'refuse-1100th') {
              // Postgres refuses the 1,100th row's write: the import has committed a few hundred rows at a time before it.
              return store.appendEach(
                (async function* () {
                  for await (const a of appends)
                    yield ++pulled === 1100 ? { ...a, events: a.events.map((e) => ({ ...e, data: { bad: '\u0000' } })) } : a;
                })(),
                options,
              );
            }
            if (mode === 'in-turn-fail-third') {
              // A store without multi-stream transactions (EventStoreDB) that fails on the third stream.
              let n = 0;
              return appendEachInTurn((streamId, events, expected) => {
                if (++n === 3) return Promise.reject(new Error('connection lost'));
                return store.append(streamId, events, expected);
              }, appends);
            }
            return store.appendEach(appends, options);
          },
        }),
      });
    });
    after(() => failing?.close());

    const four = csv([
      header,
      ['2025-03-01', 'basketball', 'A', 'spread', '-110', '50', 'win', ''],
      ['2025-03-01', 'basketball', 'B', 'spread', '-110', '50', '', ''],
      ['2025-03-01', 'basketball', 'C', 'spread', '-110', '50', 'loss', ''],
      ['2025-03-01', 'basketball', 'D', 'spread', '-110', '50', 'push', ''],
    ]);
    const send = (token: string) =>
      failing.request('POST', '/api/import/bets', { token, body: four, headers: { 'Content-Type': 'text/csv' } });
    const ofUser = async (userId: string) =>
      (await failing.store.readAll({ after: START, maxCount: 100_000 })).filter(
        (e) => (e.data as { userId?: string }).userId === userId && (e.streamId.startsWith('bet-') || e.streamId.startsWith('parlay-')),
      );

    it('stores none of the rows on Postgres (one transaction), and the retry imports them all', async () => {
      const me = await failing.signUp('importer');
      mode = 'refuse-third';
      try {
        expect((await send(me.token)).status).to.equal(500);
      } finally {
        mode = 'ok';
      }
      expect(await ofUser(me.userId)).to.deep.equal([]);
      expect((await send(me.token)).body).to.deep.equal({ imported: 4, skipped: 0, amended: 0, errors: [], warnings: [] });
    });

    /** The user's imports as their `imports-` stream has them: [type, importId] in order. */
    const importsOf = async (userId: string) =>
      (await failing.store.readStream(streams.imports(userId))).map((e) => [e.type, (e.data as { importId: string }).importId]);

    it('abandons the import when a later chunk fails on Postgres: the rows it had committed never count, and the retry imports every row afresh', async () => {
      const me = await failing.signUp('importer');
      const rows = Array.from({ length: 1200 }, (_, i) => [
        '2025-03-01',
        'basketball',
        `Game ${i}`,
        'spread',
        '-110',
        '50',
        i % 2 ? 'win' : '',
        '',
      ]);
      const file = csv([header, ...rows]);
      const upload = () =>
        failing.request('POST', '/api/import/bets', { token: me.token, body: file, headers: { 'Content-Type': 'text/csv' } });
      mode = 'refuse-1100th';
      pulled = 0;
      try {
        expect((await upload()).status).to.equal(500);
      } finally {
        mode = 'ok';
      }
      const [[started, importId], [ended, endedId]] = await importsOf(me.userId);
      expect([started, ended, endedId]).to.deep.equal(['ImportStarted', 'ImportAbandoned', importId]);
      const written = await ofUser(me.userId);
      // What was committed before the failure (whole chunks of the rows): the abandoned import's, nothing appended after.
      expect(new Set(written.map((e) => e.streamId)).size).to.be.within(500, 1099);
      expect(written.every((e) => e.metadata[IMPORT_METADATA_KEY] === importId)).to.equal(true);

      expect((await upload()).body).to.deep.equal({ imported: 1200, skipped: 0, amended: 0, errors: [], warnings: [] });
      const [, , [, retried], [committed, committedId]] = await importsOf(me.userId);
      expect([committed, committedId]).to.deep.equal(['ImportCommitted', retried]);
      const placed = (await ofUser(me.userId)).filter((e) => e.type === 'BetPlaced' && e.metadata[IMPORT_METADATA_KEY] === retried);
      expect(placed).to.have.length(1200);
      const abandonedStreams = new Set(written.map((e) => e.streamId));
      expect(placed.some((e) => abandonedStreams.has(e.streamId))).to.equal(false);
    });

    it('abandons what it had appended on a store without transactions, and the retry imports every row afresh', async () => {
      const me = await failing.signUp('importer');
      mode = 'in-turn-fail-third';
      try {
        expect((await send(me.token)).status).to.equal(500);
      } finally {
        mode = 'ok';
      }
      const written = await ofUser(me.userId);
      expect(new Set(written.map((e) => e.streamId)).size).to.equal(2);
      const [[, abandoned], [ended]] = await importsOf(me.userId);
      expect(ended).to.equal('ImportAbandoned');
      expect(written.every((e) => e.metadata[IMPORT_METADATA_KEY] === abandoned)).to.equal(true);

      expect((await send(me.token)).body).to.deep.equal({ imported: 4, skipped: 0, amended: 0, errors: [], warnings: [] });
      expect((await send(me.token)).body).to.deep.equal({ imported: 0, skipped: 4, amended: 0, errors: [], warnings: [] });
      const committed = (await importsOf(me.userId)).filter(([type]) => type === 'ImportCommitted').map(([, id]) => id);
      const live = (await ofUser(me.userId)).filter(
        (e) => e.type === 'BetPlaced' && committed.includes(e.metadata[IMPORT_METADATA_KEY] as string),
      );
      expect(live.map((e) => (e.data as { event: string }).event).sort()).to.deep.equal(['A', 'B', 'C', 'D']);
    });
  });

  describe('while imports run', () => {
    let gated: TestApi;
    let open: () => void = () => undefined;
    let gate = Promise.resolve();
    before(async () => {
      gated = await startTestApi({
        clock: () => new Date('2025-03-15T12:00:00.000Z'),
        // Each chunk of rows waits for the gate: the import runs until the test opens it.
        wrapStore: (store) => ({ ...store, appendEach: async (appends, options) => (await gate, store.appendEach(appends, options)) }),
      });
    });
    after(() => gated?.close());
    const importAs = (token: string, key: string) =>
      gated.request('POST', '/api/import/bets', { token, body: goodFile, headers: { 'Content-Type': 'text/csv', 'Idempotency-Key': key } });

    it('takes one import at a time per user (409) and two in all (429), each opened and closed by its events on the user’s imports stream', async () => {
      const [ann, bob, cat] = await Promise.all(['ann', 'bob', 'cat'].map((name) => gated.signUp(name)));
      gate = new Promise((resolve) => (open = resolve));
      const first = importAs(ann.token, 'ann-1');
      const second = importAs(bob.token, 'bob-1');
      // Both hold their slots once their ImportStarted is in.
      for (let i = 0; i < 200; i++) {
        const started = await Promise.all([ann, bob].map((u) => gated.store.readStream(streams.imports(u.userId))));
        if (started.every((events) => events.length === 1)) break;
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      const again = await importAs(ann.token, 'ann-2');
      expect(again.status).to.equal(409);
      expect(again.body).to.deep.equal({ message: MESSAGES.importRunning });
      const third = await importAs(cat.token, 'cat-1');
      expect(third.status).to.equal(429);
      expect(third.body).to.deep.equal({ message: MESSAGES.importsBusy });
      open();
      expect((await first).body).to.deep.include({ imported: 3, skipped: 0 });
      expect((await second).status).to.equal(200);
      expect((await importAs(cat.token, 'cat-2')).status).to.equal(200);
      const [[started, committed]] = await Promise.all([gated.store.readStream(streams.imports(ann.userId))]);
      expect([started.type, committed.type]).to.deep.equal(['ImportStarted', 'ImportCommitted']);
      expect(started.data).to.deep.include({ userId: ann.userId, key: 'ann-1', rows: 3 });
      expect(committed.data).to.deep.include({ imported: 3, amended: 0, skipped: 0 });
    });
  });
});
