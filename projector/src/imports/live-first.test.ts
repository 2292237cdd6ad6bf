import { expect } from 'chai';
import { LiveFirst } from './live-first';

const later = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

describe('LiveFirst: live batches before a release', () => {
  it('gives a release its turn at once when no live batch is being written', async () => {
    const turns = new LiveFirst();
    const started = performance.now();
    await turns.turn();
    expect(performance.now() - started).to.be.below(20);
  });

  it('lets a release go on only once the live batch in flight ended, before the next batch starts', async () => {
    const turns = new LiveFirst();
    const order: string[] = [];
    let end!: () => void;
    const first = turns.batch(() => new Promise<void>((resolve) => (end = resolve)));
    const release = turns.turn().then(() => order.push('release'));
    await later(10);
    expect(order).to.deep.equal([]);
    end();
    await first.then(() => order.push('batch ended'));
    await turns.batch(async () => order.push('next batch'));
    await release;
    expect(order).to.deep.equal(['release', 'batch ended', 'next batch']);
  });

  it('waits for a batch that does not end only so long (its rows may wait for the release in Postgres)', async () => {
    const turns = new LiveFirst();
    void turns.batch(() => new Promise<void>(() => undefined));
    const started = performance.now();
    await turns.turn();
    const waited = performance.now() - started;
    expect(waited).to.be.at.least(45);
    expect(waited).to.be.below(1000);
  });
});
