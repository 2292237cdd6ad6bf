import { expect } from 'chai';
import { betBody, parlayBody } from '../requests';
import { MESSAGES } from '../messages';
import { decimalToFractional, formatAmericanOdds, formatOdds, parseOdds, readOdds, roundDecimalOdds, storedOddsText } from './odds';

describe('odds in any format', () => {
  it('reads American, decimal and fractional odds to the same price', () => {
    for (const text of ['+150', '150', '2.50', '2.5', '3/2', ' 3 / 2 ']) {
      expect(parseOdds(text), text).to.deep.include({ decimal: 2.5, american: 150 });
    }
    expect(parseOdds('-110')).to.deep.include({ format: 'american', american: -110 });
    expect(parseOdds('1.91')).to.deep.equal({ format: 'decimal', decimal: 1.91, american: -110 });
    expect(parseOdds('10/11')).to.deep.include({ format: 'fractional', american: -110 });
    expect(parseOdds(2.5)).to.deep.include({ format: 'decimal', decimal: 2.5 });
    expect(parseOdds(-110)).to.deep.include({ format: 'american', american: -110 });
  });

  it('stores what was typed: American in its canonical form, decimal and fractional as typed', () => {
    expect(['150', '+150', '-110', '2.50', '1.91', '10/11', ' 5 / 2 '].map((t) => storedOddsText(t))).to.deep.equal([
      '+150',
      '+150',
      '-110',
      '2.50',
      '1.91',
      '10/11',
      '5/2',
    ]);
  });

  it('refuses |American| under 100, decimal at or below 1.00 and anything else, each with its message', () => {
    expect(readOdds('+50')).to.deep.equal({ ok: false, problem: 'americanRange' });
    expect(readOdds('-99')).to.deep.equal({ ok: false, problem: 'americanRange' });
    expect(readOdds('1.00')).to.deep.equal({ ok: false, problem: 'decimalRange' });
    expect(readOdds('0.95')).to.deep.equal({ ok: false, problem: 'decimalRange' });
    for (const text of ['', '2', '0/1', '3/0', 'evens', '1,91', '+1000001', '10001.01', '1e3', 'Infinity']) {
      expect(readOdds(text), text).to.deep.equal({ ok: false, problem: 'format' });
    }
    const bet = { sport: 'football', event: 'A @ B', betType: 'moneyline', stake: 10 };
    const messageOf = (odds: unknown) => {
      const parsed = betBody.safeParse({ ...bet, odds });
      return parsed.success ? undefined : parsed.error.issues[0]?.message;
    };
    expect([messageOf('+50'), messageOf('1.00'), messageOf('evens')]).to.deep.equal([
      MESSAGES.americanOddsRange,
      MESSAGES.decimalOddsRange,
      MESSAGES.oddsFormat,
    ]);
    const closing = betBody.safeParse({ ...bet, odds: '+150', closingOdds: 'evens' });
    expect(closing.success || closing.error.issues[0]?.message).to.equal(MESSAGES.closingOddsFormat);
  });

  it('round-trips American -> decimal (4 places) -> American for every integer from -1000 to +1000 outside (-100, 100)', () => {
    let checked = 0;
    for (let american = -1000; american <= 1000; american++) {
      if (american > -100 && american < 100) continue;
      const decimal = roundDecimalOdds(parseOdds(String(american))!.decimal);
      const back = parseOdds(decimal.toFixed(4))!.american;
      // -100 and +100 are the same price (even money), answered as +100.
      expect(back, `${american} -> ${decimal}`).to.equal(american === -100 ? 100 : american);
      checked++;
    }
    expect(checked).to.equal(1802);
  });

  it('shows a price in the bettor’s format', () => {
    const price = (text: string) => ({
      american: formatAmericanOdds(parseOdds(text)!.american),
      decimal: roundDecimalOdds(parseOdds(text)!.decimal),
    });
    expect(['american', 'decimal', 'fractional'].map((f) => formatOdds(price('-110'), f as never))).to.deep.equal([
      '-110',
      '1.91',
      '10/11',
    ]);
    expect(['american', 'decimal', 'fractional'].map((f) => formatOdds(price('3/2'), f as never))).to.deep.equal(['+150', '2.50', '3/2']);
    expect(['-105', '-120', '+105', '-200', '1.91', '4.3333'].map((t) => decimalToFractional(price(t).decimal))).to.deep.equal([
      '20/21',
      '5/6',
      '21/20',
      '1/2',
      '91/100',
      '10/3',
    ]);
    expect(decimalToFractional(1)).to.equal('0/1');
  });

  it('takes a leg’s odds and closing odds in any format too, and refuses a leg cashed out on its own', () => {
    const leg = { sport: 'football', event: 'A @ B', selection: 'A' };
    const parsed = parlayBody.parse({
      stake: 10,
      legs: [
        { ...leg, odds: '2.00', closingOdds: '1.80' },
        { ...leg, odds: '3/2', league: ' NFL ' },
      ],
    });
    expect(parsed.legs.map((l) => [l.odds, l.closingOdds, l.league])).to.deep.equal([
      ['2.00', '1.80', undefined],
      ['3/2', undefined, 'NFL'],
    ]);
    const cashedLeg = parlayBody.safeParse({
      stake: 10,
      legs: [
        { ...leg, odds: '+100', outcome: 'cashout' },
        { ...leg, odds: '+100' },
      ],
    });
    expect(cashedLeg.success || cashedLeg.error.issues[0]?.message).to.equal(MESSAGES.legCashOut);
  });
});
