import { expect } from 'chai';
import { event, expectIncreasing, streamId } from './contract-helpers';
import { START, comparePositions, type EventStore, type RecordedEvent } from './port';

/** The contract's reads of the global log: readAll, readAllPages, readStreams. */
export function readContract(subject: () => EventStore): void {
  let store: EventStore;
  before(() => (store = subject()));

  it('pages through the global log in order, each page strictly after the position given', async () => {
    const before = await store.headPosition();
    const [a, b] = [streamId('bet'), streamId('bankroll')];
    await store.append(a, [event('BetPlaced', { i: 0 }), event('BetAmended', { i: 1 })], 'no_stream');
    await store.append(b, [event('FundsAdded', { i: 2 })], 'no_stream');
    const last = await store.append(a, [event('BetSettled', { i: 3 }), event('BetRemoved', { i: 4 })], 1n);
    expect(comparePositions(await store.headPosition(), last.position)).to.be.at.least(0);

    const ours = new Set([a, b]);
    const seen: RecordedEvent[] = [];
    let after = before;
    for (let pages = 0; ; pages++) {
      const page = await store.readAll({ after, maxCount: 2 });
      expect(page.length).to.be.at.most(2);
      if (page.length === 0 || pages > 1000) break;
      expect(comparePositions(page[0].position, after)).to.equal(1);
      seen.push(...page);
      after = page[page.length - 1].position;
    }
    expectIncreasing(seen.map((e) => e.position));
    expect(seen.filter((e) => ours.has(e.streamId)).map((e) => (e.data as { i: number }).i)).to.deep.equal([0, 1, 2, 3, 4]);

    // Starting exactly at an event excludes it.
    const fromSecond = await store.readAll({ after: seen.find((e) => ours.has(e.streamId))!.position, maxCount: 1 });
    expect(fromSecond.map((e) => e.data)).to.deep.equal([{ i: 1 }]);
  });

  it('pages through the global log with readAllPages, each page read ahead, ending once caught up', async () => {
    const before = await store.headPosition();
    const [a, b] = [streamId('bet'), streamId('goal')];
    await store.append(a, [event('BetPlaced', { i: 0 }), event('BetAmended', { i: 1 })], 'no_stream');
    await store.append(b, [event('GoalSet', { i: 2 })], 'no_stream');
    await store.append(a, [event('BetSettled', { i: 3 }), event('BetRemoved', { i: 4 })], 1n);

    const pages: RecordedEvent[][] = [];
    for await (const page of store.readAllPages(before, 2)) {
      expect(page.length).to.be.within(1, 2);
      pages.push(page);
      if (pages.length > 1000) break;
    }
    const seen = pages.flat();
    expect(comparePositions(seen[0].position, before)).to.equal(1);
    expectIncreasing(seen.map((e) => e.position));
    const ours = new Set([a, b]);
    expect(seen.filter((e) => ours.has(e.streamId)).map((e) => (e.data as { i: number }).i)).to.deep.equal([0, 1, 2, 3, 4]);

    // The same events as paging with readAll.
    const paged: RecordedEvent[] = [];
    for (let after = before; ;) {
      const page = await store.readAll({ after, maxCount: 3 });
      if (page.length === 0) break;
      paged.push(...page);
      after = page[page.length - 1].position;
    }
    expect(seen.filter((e) => ours.has(e.streamId))).to.deep.equal(paged.filter((e) => ours.has(e.streamId)));

    // Stopping early is fine (the page read ahead is dropped), and the default page size works.
    for await (const page of store.readAllPages(before)) {
      expect(page.length).to.be.greaterThan(0);
      break;
    }
    const after: RecordedEvent[] = [];
    for await (const page of store.readAllPages(seen[seen.length - 1].position, 10)) after.push(...page);
    expect(after.filter((e) => ours.has(e.streamId))).to.deep.equal([]);
  });

  it('reads several streams at once, in global order, as readAll shows them', async () => {
    const before = await store.headPosition();
    const [bet, bankroll, goal, other] = [streamId('bet'), streamId('bankroll'), streamId('goal'), streamId('bet')];
    await store.append(bet, [event('BetPlaced', { i: 0 })], 'no_stream');
    await store.append(other, [event('BetPlaced', { other: true })], 'no_stream');
    await store.append(bankroll, [event('FundsAdded', { i: 1 }), event('FundsAdded', { i: 2 })], 'no_stream');
    await store.append(goal, [event('GoalSet', { i: 3 })], 'no_stream');
    await store.append(bet, [event('BetSettled', { i: 4 })], 0n);
    await store.append(bankroll, [event('FundsWithdrawn', { i: 5 })], 1n);

    const read = await store.readStreams([goal, bet, streamId('missing'), bankroll, bet]);
    expect(read.map((e) => (e.data as { i: number }).i)).to.deep.equal([0, 1, 2, 3, 4, 5]);
    expectIncreasing(read.map((e) => e.position));
    const ours = new Set([bet, bankroll, goal]);
    const log = await store.readAll({ after: before, maxCount: 1000 });
    expect(read).to.deep.equal(log.filter((e) => ours.has(e.streamId)));
    expect(read.filter((e) => e.streamId === bet)).to.deep.equal(await store.readStream(bet));

    // After a position: only what follows it, in the same order.
    expect(await store.readStreams([goal, bet, bankroll], read[2].position)).to.deep.equal(read.slice(3));
    expect(await store.readStreams([goal, bet, bankroll], read[5].position)).to.deep.equal([]);
    expect(await store.readStreams([goal, bet, bankroll], START)).to.deep.equal(read);
    expect(await store.readStreams([])).to.deep.equal([]);
    expect(await store.readStreams([streamId('missing')])).to.deep.equal([]);
    expect((await store.readStreams([other])).map((e) => e.data)).to.deep.equal([{ other: true }]);
  });
}
