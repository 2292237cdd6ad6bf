import { expect } from 'chai';
import { betBody, betAmendBody, settingsBody } from '../requests';
import { MESSAGES } from '../messages';
import { closingLineValue, inUnits, stakeAtRisk } from './odds';
import { pricedBet, pricedParlay } from './pricing';

const messageOf = (parsed: { success: boolean; error?: { issues: { message: string }[] } }) =>
  parsed.success ? undefined : parsed.error?.issues[0]?.message;

describe('closing-line value', () => {
  it('given a bet taken at 2.10 that closed at 2.00, its clv is +5.00%', () => {
    expect(pricedBet({ stake: 10, odds: '2.10', outcome: 'pending', closingOdds: '2.00' }).clv).to.equal(5);
  });
  it('given a bet taken at -110 that closed at -120, it beat the close by 4.13%', () => {
    expect(pricedBet({ stake: 10, odds: '-110', outcome: 'pending', closingOdds: '-120' })).to.deep.include({
      clv: 4.13,
      closingOdds: '-120',
    });
  });
  it('given a bet taken at +150 that closed at 3/1, it lost the close: -37.50%', () => {
    expect(pricedBet({ stake: 10, odds: '+150', outcome: 'win', closingOdds: '3/1' })).to.deep.include({ clv: -37.5, closingOdds: '+300' });
  });
  it('without closing odds there is no clv', () => {
    expect(pricedBet({ stake: 10, odds: '+150', outcome: 'win' }).clv).to.equal(null);
    expect(pricedBet({ stake: 10, odds: '+150', outcome: 'win', closingOdds: null })).to.deep.include({ clv: null, closingOdds: null });
    expect(closingLineValue(2, undefined)).to.equal(null);
  });
  it('a parlay’s close is the product of its legs’ closes, only when every leg has one', () => {
    const legs = [
      { odds: '2.00', closingOdds: '1.80', outcome: 'win' as const },
      { odds: '+150', closingOdds: '2.25', outcome: 'push' as const },
    ];
    // taken 2.00 x 2.50 = 5.00; close 1.80 x 2.25 = 4.05; 5 / 4.05 - 1 = 23.46%
    expect(pricedParlay({ legs, stake: 10, outcome: 'pending' }).clv).to.equal(23.46);
    expect(pricedParlay({ legs: [legs[0]!, { odds: '+150', outcome: 'win' }], stake: 10, outcome: 'pending' }).clv).to.equal(null);
  });
});

describe('void and cash-out', () => {
  it('given a voided bet, its stake comes back: profit 0, nothing at risk', () => {
    expect(pricedBet({ stake: 50, odds: '+150', outcome: 'void' })).to.deep.include({ profit: 0, stakeAtRisk: 0, potentialProfit: 75 });
  });
  it('given a bet of $50 cashed out for $80, the profit is $30 and the stake counts as risked', () => {
    expect(pricedBet({ stake: 50, odds: '+150', outcome: 'cashout', cashOutAmount: 80 })).to.deep.include({ profit: 30, stakeAtRisk: 50 });
  });
  it('given a bet of $50 cashed out for $20, the loss is $30', () => {
    expect(pricedBet({ stake: 50, odds: '+150', outcome: 'cashout', cashOutAmount: 20 }).profit).to.equal(-30);
  });
  it('a parlay voided or cashed out stays so whatever its legs do', () => {
    const legs = [
      { odds: '+100', outcome: 'loss' as const },
      { odds: '+100', outcome: 'win' as const },
    ];
    expect(pricedParlay({ legs, stake: 10, outcome: 'cashout', cashOutAmount: 15 })).to.deep.include({ outcome: 'cashout', profit: 5 });
    expect(pricedParlay({ legs, stake: 10, outcome: 'void' })).to.deep.include({ outcome: 'void', profit: 0 });
  });
  it('a parlay whose legs are all void is void; void and pushed legs make a push', () => {
    const leg = (outcome: 'void' | 'push') => ({ odds: '+120', outcome });
    expect(pricedParlay({ legs: [leg('void'), leg('void')], stake: 10, outcome: 'pending' }).outcome).to.equal('void');
    expect(pricedParlay({ legs: [leg('void'), leg('push')], stake: 10, outcome: 'pending' }).outcome).to.equal('push');
  });
  it('a cashed-out bet must say what it returned; any other outcome keeps no amount', () => {
    const bet = { sport: 'football', event: 'A @ B', betType: 'moneyline', stake: 10, odds: '+100' };
    expect(messageOf(betBody.safeParse({ ...bet, outcome: 'cashout' }))).to.equal(MESSAGES.cashOutRequired);
    expect(messageOf(betBody.safeParse({ ...bet, outcome: 'cashout', cashOutAmount: 0 }))).to.equal(MESSAGES.cashOutAmount);
    expect(betBody.parse({ ...bet, outcome: 'cashout', cashOutAmount: '12.345' }).cashOutAmount).to.equal(12.35);
    expect(betBody.parse({ ...bet, outcome: 'win', cashOutAmount: 12 }).cashOutAmount).to.equal(null);
    expect(betAmendBody.parse({ ...bet, cashOutAmount: 12 }).cashOutAmount).to.equal(12);
  });
});

describe('bonus bets', () => {
  it('given a $25 bonus bet at +200 that wins, it pays $50 and the stake is not returned', () => {
    expect(pricedBet({ stake: 25, odds: '+200', outcome: 'win', bonusBet: true })).to.deep.include({ profit: 50, stakeAtRisk: 0 });
  });
  it('given a $25 bonus bet that loses, it costs nothing', () => {
    expect(pricedBet({ stake: 25, odds: '+200', outcome: 'loss', bonusBet: true })).to.deep.include({ profit: 0, stakeAtRisk: 0 });
  });
  it('given a $25 bonus bet cashed out for $10, the whole $10 is profit', () => {
    expect(pricedBet({ stake: 25, odds: '+200', outcome: 'cashout', cashOutAmount: 10, bonusBet: true }).profit).to.equal(10);
  });
  it('a bonus parlay wins its winnings and loses nothing', () => {
    const legs = [
      { odds: '+100', outcome: 'win' as const },
      { odds: '+100', outcome: 'win' as const },
    ];
    expect(pricedParlay({ legs, stake: 10, outcome: 'pending', bonusBet: true }).profit).to.equal(30);
    expect(
      pricedParlay({ legs: [legs[0]!, { odds: '+100', outcome: 'loss' }], stake: 10, outcome: 'pending', bonusBet: true }).profit,
    ).to.equal(0);
  });
  it('only the bettor’s own settled money counts as risked', () => {
    expect(['win', 'loss', 'push', 'cashout', 'void', 'pending'].map((o) => stakeAtRisk(10, o as never))).to.deep.equal([
      10, 10, 10, 10, 0, 0,
    ]);
    expect(stakeAtRisk(10, 'loss', true)).to.equal(0);
  });
});

describe('units', () => {
  it('given a unit size of $20 at placement, a $50 bet that wins +150 is 2.5 units staked and 3.75 won', () => {
    expect(pricedBet({ stake: 50, odds: '+150', outcome: 'win', unitSize: 20 })).to.deep.include({ units: 2.5, profitUnits: 3.75 });
  });
  it('without a unit size there are no units', () => {
    expect(pricedBet({ stake: 50, odds: '+150', outcome: 'win', unitSize: null })).to.deep.include({ units: null, profitUnits: null });
    expect(inUnits(10, 0)).to.equal(null);
  });
  it('settings take an odds format and a positive unit size, or null to clear it', () => {
    expect(settingsBody.parse({ oddsFormat: 'decimal', unitSize: '25' })).to.deep.equal({ oddsFormat: 'decimal', unitSize: 25 });
    expect(settingsBody.parse({ unitSize: null })).to.deep.equal({ unitSize: null });
    expect(messageOf(settingsBody.safeParse({ oddsFormat: 'hongkong' }))).to.equal(MESSAGES.oddsFormatChoice);
    expect(messageOf(settingsBody.safeParse({ unitSize: 0 }))).to.equal(MESSAGES.unitSize);
    // Under $1 a history's units could pass what a read model sums (a $1e9 stake at +1000000 in cents).
    expect(messageOf(settingsBody.safeParse({ unitSize: 0.99 }))).to.equal(MESSAGES.unitSize);
    expect(settingsBody.parse({ unitSize: 1 })).to.deep.equal({ unitSize: 1 });
  });
});

describe('books, leagues and tags', () => {
  const bet = { sport: 'basketball', event: 'A @ B', betType: 'moneyline', stake: 10, odds: '+100' };
  it('trims a book and a league; blank is none', () => {
    expect(betBody.parse({ ...bet, book: ' FanDuel ', league: ' NBA ' })).to.deep.include({ book: 'FanDuel', league: 'NBA' });
    expect(betBody.parse({ ...bet, book: '  ', league: '' })).to.deep.include({ book: null, league: null });
  });
  it('refuses a book over 60 and a league over 40 characters', () => {
    expect(messageOf(betBody.safeParse({ ...bet, book: 'x'.repeat(61) }))).to.equal(MESSAGES.bookTooLong);
    expect(messageOf(betBody.safeParse({ ...bet, league: 'x'.repeat(41) }))).to.equal(MESSAGES.leagueTooLong);
    expect(betBody.parse({ ...bet, book: '🎲'.repeat(60) }).book).to.have.length(120);
  });
  it('keeps up to 10 tags of up to 30 characters, trimmed, unique without regard to case', () => {
    expect(betBody.parse({ ...bet, tags: [' Live ', 'live', 'NBA', ''] }).tags).to.deep.equal(['Live', 'NBA']);
    expect(betBody.parse({ ...bet, tags: 'live, nba ,Live' }).tags).to.deep.equal(['live', 'nba']);
    expect(messageOf(betBody.safeParse({ ...bet, tags: Array.from({ length: 11 }, (_, i) => `t${i}`) }))).to.equal(MESSAGES.tooManyTags);
    expect(messageOf(betBody.safeParse({ ...bet, tags: ['x'.repeat(31)] }))).to.equal(MESSAGES.tagTooLong);
    expect(messageOf(betBody.safeParse({ ...bet, tags: ['a\u0000b'] }))).to.equal(MESSAGES.unstorableText);
  });
  it('reads a bonus flag from a boolean or a form’s text', () => {
    expect(['true', 'yes', '1', true, 'false', '', false].map((v) => betBody.parse({ ...bet, bonusBet: v }).bonusBet)).to.deep.equal([
      true,
      true,
      true,
      true,
      false,
      false,
      false,
    ]);
    expect(messageOf(betBody.safeParse({ ...bet, bonusBet: 'maybe' }))).to.equal(MESSAGES.bonusBetFlag);
  });
});
