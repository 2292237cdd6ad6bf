import { expect } from 'chai';
import { LayoutChanged, startingPosition, userCheckpoint } from './checkpoints';
import { checkpointName, parsePositionPayload, partitionFrom, partitionOf, positionPayload } from './partition';

const row = (name: string, position: string, at: number) => ({ name, position, updated_at: new Date(at) });

describe('projector partitions: ownership and where a partition starts', () => {
  it('owns each user by one stable hash of the id (the rows already written depend on it never changing)', () => {
    const ids = ['0190a000-0000-7000-8000-0000000000aa', '0190a000-0000-7000-8000-0000000000ab', '5f0c3e9a-1b2c-4d5e-8f90-123456789abc'];
    expect(ids.map((id) => partitionOf(id, 2))).to.deep.equal(ids.map((id) => partitionOf(id.toUpperCase(), 2)));
    expect(ids.map((id) => partitionOf(id, 1))).to.deep.equal([0, 0, 0]);
    expect(ids.map((id) => partitionOf(id, 7))).to.deep.equal([5, 3, 4]);
    const counts = [0, 0, 0, 0];
    for (let i = 0; i < 4000; i++) counts[partitionOf(`0190a000-0000-7000-8000-${String(i).padStart(12, '0')}`, 4)]++;
    for (const count of counts) expect(count).to.be.within(800, 1200);
  });

  it('names checkpoint rows and NOTIFY payloads: one projector keeps today’s, a partition says which it is', () => {
    expect(checkpointName({ index: 0, count: 1 })).to.equal('read_models');
    expect(checkpointName({ index: 1, count: 3 })).to.equal('read_models:1/3');
    expect(positionPayload({ index: 0, count: 1 }, '12.12')).to.equal('12.12');
    expect(positionPayload({ index: 2, count: 3 }, '12.12')).to.equal('2/3@12.12');
    expect(parsePositionPayload('2/3@12.12')).to.deep.equal({ partition: { index: 2, count: 3 }, position: '12.12' });
    expect(parsePositionPayload('12.12')).to.deep.equal({ partition: { index: 0, count: 1 }, position: '12.12' });
    expect(() => partitionFrom(2, 2)).to.throw(/PROJECTOR_PARTITION: a whole number from 0 to 1/);
  });

  it('starts a new partition from one projector’s checkpoint, and keeps its own row after that', () => {
    const single = row('read_models', '100.100', 1000);
    expect(startingPosition([], { index: 0, count: 2 })).to.deep.equal({ position: undefined, own: false });
    expect(startingPosition([single], { index: 1, count: 2 })).to.deep.equal({ position: '100.100', own: false });
    const own = row('read_models:1/2', '150.150', 2000);
    expect(startingPosition([single, own], { index: 1, count: 2 })).to.deep.equal({ position: '150.150', own: true });
    expect(startingPosition([single, own], { index: 0, count: 2 })).to.deep.equal({ position: '100.100', own: false });
  });

  it('changes the number of partitions only from a layout that stopped at one position; else asks for a rebuild', () => {
    const stale = row('read_models', '100.100', 1000);
    const even = [row('read_models:0/2', '200.200', 2000), row('read_models:1/2', '200.200', 2001)];
    expect(startingPosition([stale, ...even], { index: 0, count: 1 })).to.deep.equal({ position: '200.200', own: false });
    expect(startingPosition([stale, ...even], { index: 2, count: 3 })).to.deep.equal({ position: '200.200', own: false });
    const uneven = [row('read_models:0/2', '200.200', 2000), row('read_models:1/2', '190.190', 2001)];
    expect(() => startingPosition([stale, ...uneven], { index: 0, count: 1 })).to.throw(LayoutChanged, /rebuild/);
    expect(() => startingPosition([stale, ...uneven], { index: 0, count: 3 })).to.throw(LayoutChanged, /rebuild/);
    // A layout one of whose partitions never wrote cannot be taken over either.
    expect(() => startingPosition([stale, even[0]], { index: 0, count: 3 })).to.throw(LayoutChanged);
  });

  it("gives a user's replay the checkpoint of the partition that owns them in the layout written last", () => {
    const users = Array.from({ length: 40 }, (_, i) => `0190a000-0000-7000-8000-${String(i).padStart(12, '0')}`);
    const [inFirst, inSecond] = [users.find((u) => partitionOf(u, 2) === 0)!, users.find((u) => partitionOf(u, 2) === 1)!];
    const single = row('read_models', '100.100', 1000);
    expect(userCheckpoint([], inFirst)).to.equal(undefined);
    expect(userCheckpoint([single], inFirst)).to.equal('100.100');
    // Partition 1 of 2 has written, partition 0 not yet: its users stay at the single projector's position.
    const second = row('read_models:1/2', '150.150', 2000);
    expect(userCheckpoint([single, second], inSecond)).to.equal('150.150');
    expect(userCheckpoint([single, second], inFirst)).to.equal('100.100');
    const first = row('read_models:0/2', '140.140', 2001);
    expect(userCheckpoint([single, second, first], inFirst)).to.equal('140.140');
  });
});
