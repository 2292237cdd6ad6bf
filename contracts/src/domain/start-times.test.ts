import { expect } from 'chai';
import { betTiming, isStartTime, parlayStartsAt } from './start-times';

describe('start times', () => {
  it('takes an ISO 8601 date-time with its offset, and nothing that names no instant', () => {
    for (const ok of ['2026-11-28T19:30:00-05:00', '2026-11-28T19:30Z', '2026-11-28T19:30:00.123+05:30', '2024-02-29T00:00:00Z']) {
      expect(isStartTime(ok), ok).to.equal(true);
    }
    for (const bad of [
      '2026-11-28T19:30:00',
      '2026-11-28',
      '2025-02-29T10:00Z',
      '2026-11-28T24:00Z',
      '2026-11-28T19:30+2400',
      '1899-12-31T23:59Z',
      ' 2026-11-28T19:30Z',
    ]) {
      expect(isStartTime(bad), bad).to.equal(false);
    }
  });

  it('gives a parlay its earliest leg’s start, and none when a leg has none', () => {
    expect(parlayStartsAt([{ startsAt: '2026-11-28T19:30:00-05:00' }, { startsAt: '2026-11-29T00:00:00Z' }])).to.equal(
      '2026-11-29T00:00:00Z',
    );
    expect(parlayStartsAt([{ startsAt: '2026-11-28T19:30:00-05:00' }, { startsAt: null }])).to.equal(null);
  });

  it('times a bet by when it was first recorded; an import cannot show it', () => {
    const startsAt = '2026-11-28T19:30:00-05:00';
    expect(betTiming({ imported: false, startsAt, recordedAt: '2026-11-29T00:29:59Z' })).to.equal('before-start');
    expect(betTiming({ imported: false, startsAt, recordedAt: '2026-11-29T00:30:00Z' })).to.equal('after-start');
    expect(betTiming({ imported: true, startsAt, recordedAt: '2026-11-28T00:00:00Z' })).to.equal('imported');
    expect(betTiming({ imported: false, startsAt: null, recordedAt: '2026-11-28T00:00:00Z' })).to.equal('no-start-time');
  });
});
