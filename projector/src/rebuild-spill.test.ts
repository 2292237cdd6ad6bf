import { expect } from 'chai';
import { existsSync } from 'node:fs';
import type { RecordedEvent } from '@bt/event-store';
import { bucketOf, Spill } from './rebuild-spill';

const event = (n: number, userId: string, data: Record<string, unknown> = {}): RecordedEvent => ({
  id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  streamId: `bet-${n}`,
  revision: BigInt(n % 3),
  position: { commit: 10_000_000_000n + BigInt(n), prepare: BigInt(n) },
  type: 'BetPlaced',
  data: { userId, ...data },
  metadata: { occurredAt: '2026-01-02T03:04:05.678Z', commandId: 'c', schemaVersion: 2 },
  recordedAt: '2026-01-02T03:04:05.678Z',
});

describe('the rebuild spill (a bucket file per group of users)', () => {
  it('puts every event of a user in the same bucket, and spreads users over the buckets', () => {
    const users = Array.from({ length: 400 }, (_, i) => `a0b1c2d3-0000-4000-8000-${String(i).padStart(12, '0')}`);
    for (const user of users) expect(bucketOf(user, 7)).to.equal(bucketOf(user, 7));
    const counts = new Array<number>(8).fill(0);
    for (const user of users) counts[bucketOf(user, 8)] += 1;
    expect(Math.min(...counts), `${counts.join(', ')}`).to.be.greaterThan(25);
  });

  it('gives back each bucket’s events exactly and in order, in pages, across reads of its file, and removes its folder', () => {
    const spill = new Spill(3);
    const added: RecordedEvent[][] = [[], [], []];
    // Text a line must keep: a lone surrogate, a NUL, a newline, a tab, and enough of it to span reads.
    const odd = { note: 'a\ud800b\u0000c\nd\te', big: 'x'.repeat(1_500_000), amount: 0.1 + 0.2 };
    for (let n = 1; n <= 60; n++) {
      const e = event(n, `user-${n % 5}`, n % 7 === 0 ? odd : { n });
      const bucket = n % 5 === 4 ? 2 : n % 2;
      spill.add(bucket, e);
      added[bucket].push(e);
    }
    spill.finish();
    for (const bucket of [0, 1, 2]) {
      const pages = [...spill.read(bucket, 4)];
      expect(pages.every((page) => page.length <= 4)).to.equal(true);
      expect(pages.flat()).to.deep.equal(added[bucket]);
      expect(spill.holds(bucket)).to.equal(added[bucket].length > 0);
    }
    expect([...new Spill(3, spill.dir).read(2, 100)].flat()).to.deep.equal(added[2]);
    spill.remove();
    expect(existsSync(spill.dir)).to.equal(false);
  });

  it('gives back every bucket’s events when there are more buckets than files it keeps open', () => {
    const count = 300;
    const spill = new Spill(count);
    const added: RecordedEvent[][] = Array.from({ length: count }, () => []);
    // Lines long enough to fill each bucket's buffer a few times over, in an order touching every bucket in turn.
    const filler = { text: 'y'.repeat(40_000) };
    for (let n = 0; n < 4 * count; n++) {
      const bucket = (n * 7) % count;
      const e = event(n, `user-${bucket}`, filler);
      spill.add(bucket, e);
      added[bucket].push(e);
    }
    spill.finish();
    for (let bucket = 0; bucket < count; bucket++) expect([...spill.read(bucket, 3)].flat()).to.deep.equal(added[bucket]);
    spill.remove();
  });

  it('reads nothing from a bucket no event landed in', () => {
    const spill = new Spill(2);
    spill.add(0, event(1, 'u'));
    spill.finish();
    expect([...spill.read(1, 10)]).to.deep.equal([]);
    expect(spill.holds(1)).to.equal(false);
    spill.remove();
  });
});
