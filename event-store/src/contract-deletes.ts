import { expect } from 'chai';
import { event, streamId } from './contract-helpers';
import type { EventStore } from './port';

/** The contract's erasure of streams (an account's deletion): deleteStreams. */
export function deleteContract(subject: () => EventStore): void {
  let store: EventStore;
  before(() => (store = subject()));

  it('erases the streams given, leaves every other stream as it was, and takes missing ones in its stride', async () => {
    const [gone, alsoGone, kept, missing] = [streamId('bet'), streamId('user'), streamId('bet'), streamId('goal')];
    await store.append(gone, [event('BetPlaced', { i: 0 }), event('BetSettled', { i: 1 })], 'no_stream');
    await store.append(alsoGone, [event('UserRegistered', { i: 2 })], 'no_stream');
    await store.append(kept, [event('BetPlaced', { i: 3 })], 'no_stream');

    await store.deleteStreams([gone, alsoGone, missing, gone]);

    expect(await store.readStream(gone)).to.deep.equal([]);
    expect(await store.readStream(alsoGone)).to.deep.equal([]);
    expect((await store.readStream(kept)).map((e) => e.data)).to.deep.equal([{ i: 3 }]);
    expect((await store.readStreams([gone, kept])).map((e) => e.data)).to.deep.equal([{ i: 3 }]);
  });

  it('lets a reusable stream start again from no_stream', async () => {
    const reservation = streamId('email');
    await store.append(reservation, [event('EmailReserved', { i: 0 })], 'no_stream');
    await store.deleteStreams([reservation], { reusable: (id) => id === reservation });
    await store.append(reservation, [event('EmailReserved', { i: 1 })], 'no_stream');
    expect((await store.readStream(reservation)).map((e) => e.data)).to.deep.equal([{ i: 1 }]);
  });
}
