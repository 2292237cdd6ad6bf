import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import { event, expectIncreasing, rejection, streamId } from './contract-helpers';
import { PartialAppend, START, WrongExpectedRevision, comparePositions, type EventStore } from './port';

/**
 * The contract's appends: append, appendMany, appendEach and their expected revisions.
 * `multiStreamTransactions` as in ContractOptions.
 */
export function appendContract(subject: () => EventStore, options: { multiStreamTransactions?: boolean }): void {
  let store: EventStore;
  before(() => (store = subject()));

  it('appends events and reads the stream back in order, with revisions from 0', async () => {
    const stream = streamId('bet');
    const given = [event('BetPlaced', { n: 1 }, randomUUID()), event('BetAmended', { n: 2 }), event('BetSettled', { n: 3 })];
    const result = await store.append(stream, given, 'no_stream');
    expect(result.nextRevision).to.equal(2n);

    const read = await store.readStream(stream);
    expect(read.map((e) => [e.revision, e.type, e.data])).to.deep.equal([
      [0n, 'BetPlaced', { n: 1 }],
      [1n, 'BetAmended', { n: 2 }],
      [2n, 'BetSettled', { n: 3 }],
    ]);
    expect(read[0].id).to.equal(given[0].id);
    expect(read.every((e) => e.streamId === stream && /^[0-9a-f-]{36}$/.test(e.id))).to.equal(true);
    expect(new Set(read.map((e) => e.id)).size).to.equal(3);
    expectIncreasing(read.map((e) => e.position));
    expect(comparePositions(result.position, read[2].position)).to.equal(0);
    expect(Date.parse(read[0].recordedAt)).to.be.closeTo(Date.now(), 60_000);
    expect(new Date(read[0].recordedAt).toISOString()).to.equal(read[0].recordedAt);

    const next = await store.append(stream, [event('BetRemoved', {})], 2n);
    expect(next.nextRevision).to.equal(3n);
    expect(comparePositions(next.position, result.position)).to.equal(1);
  });

  it('appends to several streams in one appendMany, results in the order given', async () => {
    const [a, b] = [streamId('bet'), streamId('parlay')];
    await store.append(b, [event('ParlayCreated', { n: 0 })], 'no_stream');
    const results = await store.appendMany([
      { streamId: a, events: [event('BetPlaced', { n: 1 }), event('BetSettled', { n: 2 })], expected: 'no_stream' },
      { streamId: b, events: [event('ParlaySettled', { n: 3 })], expected: 0n },
    ]);
    expect(results.map((r) => r.nextRevision)).to.deep.equal([1n, 1n]);
    expect((await store.readStream(a)).map((e) => e.data)).to.deep.equal([{ n: 1 }, { n: 2 }]);
    expect((await store.readStream(b)).map((e) => e.data)).to.deep.equal([{ n: 0 }, { n: 3 }]);
    expect(comparePositions(results[1].position, results[0].position)).to.equal(1);
    expect(await store.appendMany([])).to.deep.equal([]);
  });

  it('appends what appendEach pulls from an async source, a summary of it, several statements long', async function () {
    this.timeout(120_000);
    const existing = streamId('parlay');
    await store.append(existing, [event('ParlayCreated', { n: 0 })], 'no_stream');
    const fresh = Array.from({ length: 1234 }, () => streamId('bet'));
    let pulled = 0;
    async function* source() {
      for (const [i, stream] of fresh.entries()) {
        pulled++;
        yield { streamId: stream, events: [event('BetPlaced', { i }), event('BetSettled', { i })], expected: 'no_stream' as const };
        if (i === 700) yield { streamId: existing, events: [event('ParlaySettled', { n: 1 })], expected: 0n };
      }
    }
    const summary = await store.appendEach(source());
    expect(pulled).to.equal(fresh.length);
    expect(summary.streams).to.equal(fresh.length + 1);
    const read = await store.readStreams([...fresh, existing]);
    expect(read).to.have.length(fresh.length * 2 + 2);
    expect((await store.readStream(fresh[1000])).map((e) => [e.revision, e.type, e.data])).to.deep.equal([
      [0n, 'BetPlaced', { i: 1000 }],
      [1n, 'BetSettled', { i: 1000 }],
    ]);
    expect((await store.readStream(existing)).map((e) => e.data)).to.deep.equal([{ n: 0 }, { n: 1 }]);
    const latest = read.reduce((a, e) => (comparePositions(e.position, a) > 0 ? e.position : a), START);
    expect(comparePositions(summary.position!, latest)).to.equal(0);
    // A plain iterable does too; an empty one appends nothing.
    const one = streamId('bet');
    expect((await store.appendEach([{ streamId: one, events: [event('BetPlaced', {})], expected: 'no_stream' }])).streams).to.equal(1);
    expect(await store.appendEach([])).to.deep.equal({ streams: 0, position: undefined });
  });

  /** One 'no_stream' append of one event per stream, in order. */
  const newStreams = function* (ids: readonly string[]) {
    for (const id of ids) yield { streamId: id, events: [event('BetPlaced', {})], expected: 'no_stream' as const };
  };
  /** `count` fresh streams, then one that exists already (its 'no_stream' append fails), then one more. */
  const aTakenStreamAfter = async (count: number) => {
    const taken = streamId('bet');
    await store.append(taken, [event('BetPlaced', { n: 0 })], 'no_stream');
    return { taken, fresh: Array.from({ length: count }, () => streamId('bet')), after: streamId('bet') };
  };

  it('appends nothing more once appendEach fails (Postgres: nothing at all; EventStoreDB: a PartialAppend)', async function () {
    this.timeout(120_000);
    const { taken, fresh, after } = await aTakenStreamAfter(600);
    const refused = await rejection(store.appendEach(newStreams([...fresh, taken, after])));
    expect(await store.readStream(after)).to.deep.equal([]);
    expect(await store.readStream(taken)).to.have.length(1);
    if (options.multiStreamTransactions) {
      expect(refused).to.be.instanceOf(WrongExpectedRevision);
      expect(refused).to.include({ streamId: taken, expected: 'no_stream', actual: 0n });
      expect(await store.readStreams(fresh)).to.deep.equal([]);
    } else {
      expect(refused).to.be.instanceOf(PartialAppend);
      expect((refused as PartialAppend).appended.map((a) => a.streamId)).to.deep.equal(fresh);
      expect((refused as PartialAppend).cause).to.be.instanceOf(WrongExpectedRevision);
    }

    // The source itself failing after a few hundred were written.
    const more = Array.from({ length: 600 }, () => streamId('bet'));
    const broken = await rejection(
      store.appendEach(
        (async function* () {
          for (const stream of more) yield { streamId: stream, events: [event('BetPlaced', {})], expected: 'no_stream' as const };
          throw new Error('the file broke off');
        })(),
      ),
    );
    if (options.multiStreamTransactions) {
      expect((broken as Error).message).to.equal('the file broke off');
      expect(await store.readStreams(more)).to.deep.equal([]);
    } else {
      expect((broken as PartialAppend).appended).to.have.length(more.length);
    }
  });

  it('commits every few hundred streams with atomic: false, and names what was committed when one fails (a PartialAppend)', async function () {
    this.timeout(120_000);
    const { taken, fresh, after } = await aTakenStreamAfter(1_100);
    const refused = await rejection(store.appendEach(newStreams([...fresh, taken, after]), { atomic: false }));
    expect(refused).to.be.instanceOf(PartialAppend);
    expect((refused as PartialAppend).cause).to.be.instanceOf(WrongExpectedRevision);
    const committed = (refused as PartialAppend).appended.map((a) => a.streamId);
    // Postgres: the chunks committed before the failing one (in whole chunks); EventStoreDB: every one before it.
    expect(committed).to.deep.equal(fresh.slice(0, committed.length));
    expect(committed.length).to.be.at.least(options.multiStreamTransactions ? 500 : fresh.length);
    expect(new Set((await store.readStreams(fresh)).map((e) => e.streamId))).to.deep.equal(new Set(committed));
    expect(await store.readStream(after)).to.deep.equal([]);

    // Without a failure: every stream, the summary as atomic.
    const more = Array.from({ length: 1_234 }, () => streamId('bet'));
    const summary = await store.appendEach(
      more.map((stream) => ({ streamId: stream, events: [event('BetPlaced', {})], expected: 'no_stream' as const })),
      { atomic: false },
    );
    expect(summary.streams).to.equal(more.length);
    expect(await store.readStreams(more)).to.have.length(more.length);
  });

  it('lets readers see other writes while an atomic: false appendEach is still pulling its source', async function () {
    this.timeout(120_000);
    const first = Array.from({ length: 600 }, () => streamId('bet'));
    const other = streamId('bet');
    let resume!: () => void;
    const paused = new Promise<void>((ok) => (resume = ok));
    let reached!: () => void;
    const atPause = new Promise<void>((ok) => (reached = ok));
    const appending = store.appendEach(
      (async function* () {
        for (const stream of first) yield { streamId: stream, events: [event('BetPlaced', {})], expected: 'no_stream' as const };
        reached();
        await paused; // a slow source (a file read as it is appended)
      })(),
      { atomic: false },
    );
    await atPause;
    // Another user's write meanwhile is readable at once: no transaction of the import holds readers back.
    try {
      await store.append(other, [event('BetPlaced', {})], 'no_stream');
      expect(await store.readStreams([other])).to.have.length(1);
    } finally {
      resume(); // whatever the answer: an import left waiting would hold its connection
    }
    expect((await appending).streams).to.equal(first.length);
  });

  it("rejects 'no_stream' when the stream already exists", async () => {
    const stream = streamId('email');
    await store.append(stream, [event('EmailReserved', {})], 'no_stream');
    const error = await rejection(store.append(stream, [event('EmailReserved', {})], 'no_stream'));
    expect(error).to.be.instanceOf(WrongExpectedRevision);
    expect(error).to.include({ streamId: stream, expected: 'no_stream', actual: 0n });
    expect(await store.readStream(stream)).to.have.length(1);
  });

  it('rejects a stale revision and accepts the current one', async () => {
    const stream = streamId('goal');
    await store.append(stream, [event('GoalSet', {}), event('GoalRevised', {})], 'no_stream');
    const stale = await rejection(store.append(stream, [event('GoalRevised', {})], 0n));
    expect(stale).to.be.instanceOf(WrongExpectedRevision);
    expect(stale).to.include({ expected: 0n, actual: 1n });
    const ahead = await rejection(store.append(stream, [event('GoalRevised', {})], 5n));
    expect(ahead).to.be.instanceOf(WrongExpectedRevision);
    const missing = await rejection(store.append(streamId('goal'), [event('GoalSet', {})], 0n));
    expect(missing).to.be.instanceOf(WrongExpectedRevision);
    expect(missing).to.include({ actual: 'no_stream' });
    expect((await store.append(stream, [event('GoalRemoved', {})], 1n)).nextRevision).to.equal(2n);
  });

  it("appends with 'any' whether or not the stream exists", async () => {
    const stream = streamId('journal');
    expect((await store.append(stream, [event('JournalWritten', {})], 'any')).nextRevision).to.equal(0n);
    expect((await store.append(stream, [event('JournalRevised', {}), event('JournalRevised', {})], 'any')).nextRevision).to.equal(2n);
    expect((await store.readStream(stream)).map((e) => e.revision)).to.deep.equal([0n, 1n, 2n]);
  });

  it('reads a stream that does not exist as empty', async () => {
    expect(await store.readStream(streamId('nothing'))).to.deep.equal([]);
  });
}
