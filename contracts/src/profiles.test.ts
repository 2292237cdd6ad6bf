import { expect } from 'chai';
import { MESSAGES } from './messages';
import { handle, recordOf } from './profiles';

describe('public profile handles and records', () => {
  it('lowers a handle and refuses look-alikes, reserved words and bad lengths with their messages', () => {
    expect(handle.parse(' Sharp_Sam-1 ')).to.equal('sharp_sam-1');
    const cases: [string, string][] = [
      ['ab', MESSAGES.handleLength],
      ['ѕam', MESSAGES.handleCharacters], // Cyrillic ѕ
      ['ｓａｍ', MESSAGES.handleCharacters],
      ['\u212Aen', MESSAGES.handleCharacters],
      ['WWW', MESSAGES.handleReserved('www')],
    ];
    for (const [text, message] of cases) expect(handle.safeParse(text).error?.issues[0].message, text).to.equal(message);
  });

  it('sums a record in cents, win rate and ROI in percent with one decimal, no money when units only', () => {
    const bets = [
      { outcome: 'win' as const, profit: 0.1, stakeAtRisk: 0.1, profitUnits: 0.01 },
      { outcome: 'win' as const, profit: 0.2, stakeAtRisk: 0.2, profitUnits: null },
      { outcome: 'loss' as const, profit: -0.3, stakeAtRisk: 0.3, profitUnits: -0.03 },
      { outcome: 'pending' as const, profit: 0, stakeAtRisk: 0, profitUnits: null },
    ];
    expect(recordOf(bets, false)).to.deep.equal({
      bets: 4,
      wins: 2,
      losses: 1,
      pushes: 0,
      voids: 0,
      cashouts: 0,
      pending: 1,
      winRate: 66.7,
      roi: 0,
      unitsWon: -0.02,
      profit: 0,
    });
    expect(recordOf([], true)).to.include({ winRate: null, roi: null, unitsWon: null, profit: null });
  });
});
