import { expect } from 'chai';
import { event, streamId } from './contract-helpers';
import { WrongExpectedRevision, comparePositions, type EventStore, type Position } from './port';

/** The contract under concurrency: appends racing for a revision, across streams, and reads racing appends. */
export function concurrencyContract(subject: () => EventStore): void {
  let store: EventStore;
  before(() => (store = subject()));

  it('lets exactly one of many concurrent appends win each revision', async () => {
    const stream = streamId('bet');
    await store.append(stream, [event('BetPlaced', {})], 'no_stream');
    const racing = await Promise.allSettled(Array.from({ length: 8 }, (_, i) => store.append(stream, [event('BetAmended', { i })], 0n)));
    expect(racing.filter((r) => r.status === 'fulfilled')).to.have.length(1);
    for (const r of racing) if (r.status === 'rejected') expect(r.reason).to.be.instanceOf(WrongExpectedRevision);

    const fresh = streamId('email');
    const creating = await Promise.allSettled(
      Array.from({ length: 8 }, (_, i) => store.append(fresh, [event('EmailReserved', { i })], 'no_stream')),
    );
    expect(creating.filter((r) => r.status === 'fulfilled')).to.have.length(1);

    const anyAppends = await Promise.all(Array.from({ length: 8 }, () => store.append(stream, [event('BetAmended', {})], 'any')));
    expect(anyAppends.map((r) => r.nextRevision).sort((x, y) => Number(x - y))).to.deep.equal([2n, 3n, 4n, 5n, 6n, 7n, 8n, 9n]);
    expect((await store.readStream(stream)).map((e) => e.revision)).to.deep.equal([0n, 1n, 2n, 3n, 4n, 5n, 6n, 7n, 8n, 9n]);
  });

  it('fails only the stale append among many concurrent appends to different streams', async () => {
    const existing = Array.from({ length: 6 }, () => streamId('goal'));
    const anyStream = streamId('goal');
    await Promise.all([...existing, anyStream].map((s) => store.append(s, [event('GoalSet', {})], 'no_stream')));
    const stale = existing[2];
    await store.append(stale, [event('GoalRevised', {})], 0n); // now at 1: an append expecting 0 is stale
    const fresh = Array.from({ length: 6 }, () => streamId('bet'));
    const taken = existing[4]; // 'no_stream' on a stream that exists
    const racing = await Promise.allSettled([
      ...existing.map((s) => store.append(s, [event('GoalRevised', { s })], s === stale ? 0n : s === taken ? 'no_stream' : 0n)),
      ...fresh.map((s) => store.append(s, [event('BetPlaced', { s }), event('BetSettled', { s })], 'no_stream')),
      store.append(anyStream, [event('GoalRemoved', {})], 'any'),
    ]);
    const failed = racing.flatMap((r, i) => (r.status === 'rejected' ? [i] : []));
    expect(failed).to.deep.equal([2, 4]);
    for (const i of failed) expect((racing[i] as PromiseRejectedResult).reason).to.be.instanceOf(WrongExpectedRevision);
    expect((racing[2] as PromiseRejectedResult).reason).to.include({ streamId: stale, expected: 0n, actual: 1n });
    expect((racing[4] as PromiseRejectedResult).reason).to.include({ streamId: taken, expected: 'no_stream', actual: 0n });

    // Every acknowledged append is readable, with the revision and position it was told.
    const told = new Map<string, { nextRevision: bigint; position: Position }[]>();
    const targets = [...existing, ...fresh, anyStream];
    racing.forEach((r, i) => {
      if (r.status === 'fulfilled') told.set(targets[i], [...(told.get(targets[i]) ?? []), r.value]);
    });
    for (const [stream, results] of told) {
      const recorded = await store.readStream(stream);
      expect(recorded.map((e) => e.revision)).to.deep.equal(recorded.map((_, i) => BigInt(i)));
      for (const result of results) {
        const last = recorded.find((e) => e.revision === result.nextRevision);
        expect(last, `${stream} at ${result.nextRevision}`).to.not.equal(undefined);
        expect(comparePositions(last!.position, result.position)).to.equal(0);
      }
    }
    for (const s of fresh) expect((await store.readStream(s)).map((e) => e.type)).to.deep.equal(['BetPlaced', 'BetSettled']);
    expect((await store.readStream(anyStream)).map((e) => e.type)).to.deep.equal(['GoalSet', 'GoalRemoved']);
    expect((await store.readStream(existing[5])).map((e) => e.type)).to.deep.equal(['GoalSet', 'GoalRevised']);
    expect(await store.readStream(stale)).to.have.length(2);
    expect(await store.readStream(taken)).to.have.length(1);
    const head = await store.headPosition();
    for (const results of told.values()) for (const { position } of results) expect(comparePositions(position, head)).to.be.at.most(0);
  });

  it('reads each stream whole when many reads run at once, and sees every append acknowledged before', async () => {
    const ids = Array.from({ length: 10 }, () => streamId('bet'));
    await Promise.all(
      ids.map((s, i) =>
        store.append(
          s,
          Array.from({ length: i + 1 }, (_, j) => event('BetAmended', { j })),
          'no_stream',
        ),
      ),
    );
    const reads = await Promise.all([...ids, ids[0], streamId('nothing')].map((s) => store.readStream(s)));
    ids.forEach((s, i) => {
      expect(reads[i].map((e) => e.streamId)).to.deep.equal(Array(i + 1).fill(s));
      expect(reads[i].map((e) => (e.data as { j: number }).j)).to.deep.equal(Array.from({ length: i + 1 }, (_, j) => j));
    });
    expect(reads[10]).to.deep.equal(reads[0]);
    expect(reads[10]).to.not.equal(reads[0]); // each caller its own array
    expect(reads[11]).to.deep.equal([]);
    // Appends racing reads: a read asked for after an append was acknowledged sees it.
    const checks = await Promise.all(
      ids.map(async (s, i) => {
        const result = await store.append(s, [event('BetSettled', {})], BigInt(i));
        const events = await store.readStream(s);
        return events.at(-1)?.revision === result.nextRevision;
      }),
    );
    expect(checks).to.deep.equal(ids.map(() => true));
  });
}
