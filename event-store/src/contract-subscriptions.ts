import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import { collect, event, expectIncreasing, streamId } from './contract-helpers';
import { START, type EventMetadata, type EventStore } from './port';

/** The contract's subscriptions (subscribeAll), and one event the same through every way of reading it. */
export function subscriptionContract(subject: () => EventStore): void {
  let store: EventStore;
  before(() => (store = subject()));

  it('subscribes from the start, catches up, then delivers live events', async () => {
    const stream = streamId('bet');
    await store.append(stream, [event('BetPlaced', { i: 0 }), event('BetAmended', { i: 1 })], 'no_stream');
    let appendedLive: Promise<unknown> | undefined;
    const received = await collect(
      store.subscribeAll({ after: START }),
      (e) => e.streamId === stream,
      4,
      (seen) => {
        // Caught up with the history: what comes next must arrive live.
        if (seen.length === 2) appendedLive = store.append(stream, [event('BetSettled', { i: 2 }), event('BetRemoved', { i: 3 })], 1n);
      },
    );
    await appendedLive;
    expect(received.map((e) => [e.revision, e.data])).to.deep.equal([
      [0n, { i: 0 }],
      [1n, { i: 1 }],
      [2n, { i: 2 }],
      [3n, { i: 3 }],
    ]);
    expectIncreasing(received.map((e) => e.position));
  });

  it('subscribes from a position in the middle, excluding it', async () => {
    const stream = streamId('parlay');
    await store.append(
      stream,
      [event('ParlayCreated', { i: 0 }), event('ParlayAmended', { i: 1 }), event('ParlaySettled', { i: 2 })],
      'no_stream',
    );
    const middle = (await store.readStream(stream))[1].position;
    let appendedLive: Promise<unknown> | undefined;
    const received = await collect(
      store.subscribeAll({ after: middle }),
      (e) => e.streamId === stream,
      2,
      (seen) => {
        if (seen.length === 1) appendedLive = store.append(stream, [event('ParlayAmended', { i: 3 })], 2n);
      },
    );
    await appendedLive;
    expect(received.map((e) => e.data)).to.deep.equal([{ i: 2 }, { i: 3 }]);
  });

  it('round-trips data and metadata exactly', async () => {
    const stream = streamId('user');
    const metadata: EventMetadata = {
      occurredAt: '2024-03-01T12:34:56.789Z',
      commandId: randomUUID(),
      schemaVersion: 2,
      causation: { nested: [1, 2.5, null, true, 'ünïcødé ✓ 🎲'], empty: {} },
    };
    const data = { userId: randomUUID(), note: 'quotes " \\ and\nnewlines', stake: 12.34, odds: -110, legs: [{ odds: 150 }] };
    const head = await store.headPosition();
    await store.append(stream, [{ type: 'UserRegistered', data, metadata }], 'no_stream');
    const [fromStream] = await store.readStream(stream);
    expect(fromStream.metadata).to.deep.equal(metadata);
    expect(fromStream.data).to.deep.equal(data);
    const fromLog = (await store.readAll({ after: head, maxCount: 100 })).find((e) => e.streamId === stream);
    expect(fromLog).to.deep.equal(fromStream);
    const [live] = await collect(store.subscribeAll({ after: head }), (e) => e.streamId === stream, 1);
    expect(live).to.deep.equal(fromStream);
  });
}
