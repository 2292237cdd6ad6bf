import { expect } from 'chai';
import { readConfig, readLiveProjectorConfig } from './config';

describe('projector configuration', () => {
  it('batches 2000 events gathered until 4 ms pass without one, at most 20 ms, by default, in the projector and in the one-process product', () => {
    expect(readLiveProjectorConfig({})).to.deep.equal({
      batchSize: 2000,
      batchTimeMs: 20,
      batchIdleMs: 4,
      maxCachedUsers: 1000,
      maxCachedRows: 500_000,
    });
    expect(readConfig({}).live).to.deep.equal(readLiveProjectorConfig({}));
    expect(readConfig({ PROJECTOR_CACHED_ROWS: '1000' }).live).to.include({ maxCachedRows: 1000 });
    expect(readConfig({})).to.include({ rebuildPageSize: 5000 });
  });

  it('takes sizes and times up to their bounds', () => {
    expect(
      readLiveProjectorConfig({ PROJECTOR_BATCH_SIZE: '100000', PROJECTOR_BATCH_MS: '60000', PROJECTOR_BATCH_IDLE_MS: '60000' }),
    ).to.include({
      batchSize: 100_000,
      batchTimeMs: 60_000,
      batchIdleMs: 60_000,
    });
    // 0: no quiet rule, every batch gathers for PROJECTOR_BATCH_MS.
    expect(readLiveProjectorConfig({ PROJECTOR_BATCH_IDLE_MS: '0' })).to.include({ batchIdleMs: 0 });
  });

  it('names a size or time past its bound, or not a positive whole number (a timer past 2^31 ms would fire at once)', () => {
    expect(() => readLiveProjectorConfig({ PROJECTOR_BATCH_MS: '2147483648' })).to.throw(/PROJECTOR_BATCH_MS: at most 60000/);
    expect(() => readLiveProjectorConfig({ PROJECTOR_BATCH_SIZE: '1e9' })).to.throw(/PROJECTOR_BATCH_SIZE: at most 100000/);
    expect(() => readConfig({ REBUILD_PAGE_SIZE: '1000001' })).to.throw(/REBUILD_PAGE_SIZE: at most 100000/);
    expect(() => readLiveProjectorConfig({ PROJECTOR_BATCH_MS: '0' })).to.throw(/PROJECTOR_BATCH_MS/);
    expect(() => readLiveProjectorConfig({ PROJECTOR_BATCH_SIZE: '2.5' })).to.throw(/PROJECTOR_BATCH_SIZE/);
    expect(() => readLiveProjectorConfig({ PROJECTOR_BATCH_IDLE_MS: '2147483648' })).to.throw(/PROJECTOR_BATCH_IDLE_MS: at most 60000/);
    expect(() => readLiveProjectorConfig({ PROJECTOR_BATCH_IDLE_MS: '-1' })).to.throw(/PROJECTOR_BATCH_IDLE_MS/);
  });
});
