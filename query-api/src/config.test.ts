import { expect } from 'chai';
import { readHeavyReadConfig } from './config';

describe('query-api heavy-read limits configuration', () => {
  it('defaults to one heavy read per user and two in all at once, waiting up to 10 s for a turn', () => {
    expect(readHeavyReadConfig({})).to.deep.equal({ perUser: 1, total: 2, maxWaitMs: 10_000 });
  });

  it('takes what it is given and names a bad variable', () => {
    expect(readHeavyReadConfig({ HEAVY_READS_PER_USER: '2', HEAVY_READS_TOTAL: '8', HEAVY_READ_MAX_WAIT_MS: '0' })).to.deep.equal({
      perUser: 2, total: 8, maxWaitMs: 0,
    });
    expect(() => readHeavyReadConfig({ HEAVY_READS_TOTAL: 'many' })).to.throw(/HEAVY_READS_TOTAL/);
  });
});
