import { expect } from 'chai';
import { anchorOf } from './commitment';
import type { CommittedFields } from './committed-fields';

const placed: CommittedFields = {
  kind: 'bet',
  id: '01a2217c-bb1b-7448-8f9d-2734331b3d62',
  date: '2025-03-01',
  bonusBet: false,
  units: null,
  stakeDigest: 'a'.repeat(64),
  sport: 'football',
  league: null,
  event: 'A vs B',
  betType: 'moneyline',
  odds: '+100',
  startsAt: '2025-03-01T18:00:00Z',
};

describe('anchorOf: the commitment a pick is proven logged from', () => {
  it('is the first of those that differ from the latest only in units', () => {
    expect(anchorOf([placed])).to.equal(0);
    expect(anchorOf([placed, { ...placed, units: 2 }])).to.equal(0);
    expect(anchorOf([placed, { ...placed, units: 2 }, { ...placed, units: 3 }])).to.equal(0);
  });

  it('is the latest change of the pick, price or stake', () => {
    expect(anchorOf([placed, { ...placed, odds: '+120' }])).to.equal(1);
    expect(anchorOf([placed, { ...placed, stakeDigest: 'b'.repeat(64) }, { ...placed, stakeDigest: 'b'.repeat(64), units: 2 }])).to.equal(
      1,
    );
    expect(anchorOf([placed, { ...placed, odds: '+120' }, { ...placed, odds: '+120', units: 2 }])).to.equal(1);
  });
});
