import { expect } from 'chai';
import { readAsOf } from './as-of';

describe('readAsOf', () => {
  const TODAY = '2026-03-10';

  it('views the live record when the URL names no day or today', () => {
    expect(readAsOf(null, TODAY)).to.deep.equal({ asOf: undefined, refused: undefined });
    expect(readAsOf('', TODAY)).to.deep.equal({ asOf: undefined, refused: undefined });
    expect(readAsOf(TODAY, TODAY)).to.deep.equal({ asOf: undefined, refused: undefined });
  });

  it('views a past day', () => {
    expect(readAsOf('2026-03-01', TODAY)).to.deep.equal({ asOf: '2026-03-01', refused: undefined });
  });

  it('falls back to today, saying why, for a future day or something that is not a date', () => {
    expect(readAsOf('2026-03-11', TODAY)).to.deep.equal({
      asOf: undefined,
      refused: 'Mar 11, 2026 is in the future. Showing your record as of today.',
    });
    for (const bad of ['yesterday', '2026-02-30', '2026-3-1']) {
      expect(readAsOf(bad, TODAY), bad).to.deep.equal({
        asOf: undefined,
        refused: `"${bad}" is not a date. Showing your record as of today.`,
      });
    }
  });
});
