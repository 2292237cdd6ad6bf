import { expect } from 'chai';
import { streams } from '@bt/contracts';
import { EventLog } from '@bt/read-models/testing';
import { Erasures } from './erasures';

describe('erasures: what the projection folds around a deleted account', () => {
  it('folds a deleted user’s events up to their AccountDeleted, none after, and never the AccountDeleted itself', () => {
    const [gone, kept] = [new EventLog().register(), new EventLog().register()];
    gone.placeBet({}, 'win');
    gone.append(streams.accountDeleted(gone.userId), 'AccountDeleted', {});
    gone.placeBet({}, 'loss'); // a write that passed its session check just before the deletion
    kept.placeBet({}, 'win');
    const erasures = new Erasures();

    // Registered, placed, settled, deleted; then the late bet placed and settled.
    const batch = [...gone.events.slice(0, 4), kept.events[0]];
    expect(erasures.screen(batch)).to.deep.equal([...gone.events.slice(0, 3), kept.events[0]]);
    expect(erasures.take()).to.deep.equal([gone.userId]);
    expect(erasures.take()).to.deep.equal([]);

    const next = [...gone.events.slice(4), kept.events[1]];
    expect(erasures.screen(next)).to.deep.equal([kept.events[1]]);
    expect(erasures.take()).to.deep.equal([]);
    expect(erasures.all()).to.deep.equal([gone.userId]);
  });

  it('hands a batch without deletions back as it is', () => {
    const log = new EventLog().register();
    expect(new Erasures().screen(log.events)).to.equal(log.events);
  });
});
