import { expect } from 'chai';
import type { z } from 'zod';
import { MESSAGES } from './messages';
import {
  betBody,
  goalBody,
  journalBody,
  loginBody,
  parlayBody,
  registerBody,
  updatePasswordBody,
  firstMessage,
  fundsBody,
  updateEmailBody,
} from './requests';
import { priceParlay } from './domain/parlay';

const messageOf = (schema: z.ZodType, body: unknown): string | undefined => {
  const result = schema.safeParse(body);
  return result.success ? undefined : firstMessage(result.error);
};

const bet = { sport: 'football', event: 'Jets @ Bills', betType: 'moneyline', stake: 100, odds: '+150', outcome: 'win' };
const legs = [
  { sport: 'football', event: 'A @ B', selection: 'A', odds: '-110' },
  { sport: 'soccer', event: 'C v D', selection: 'Draw', odds: '+240' },
];

describe('Request bodies speak the spec', () => {
  it('rejects a bad e-mail and an empty password on login', () => {
    expect(messageOf(loginBody, { email: 'nope', password: 'x' })).to.equal(MESSAGES.invalidEmail);
    expect(messageOf(loginBody, { email: 'a@b.co', password: '' })).to.equal(MESSAGES.passwordRequired);
  });

  it('needs a 6-character password and a 2-character username when one is given', () => {
    expect(messageOf(registerBody, { email: 'a@b.co', password: '12345' })).to.equal(MESSAGES.passwordTooShort);
    expect(messageOf(registerBody, { email: 'a@b.co', password: '123456', username: 'x' })).to.equal(MESSAGES.usernameTooShort);
    expect(registerBody.parse({ email: ' A@B.co ', password: '123456', username: '' })).to.deep.equal({
      email: 'a@b.co',
      password: '123456',
      username: null,
    });
  });

  it('wants a positive stake and readable odds on a bet', () => {
    expect(messageOf(betBody, { ...bet, stake: 0 })).to.equal(MESSAGES.stakePositive);
    expect(messageOf(betBody, { ...bet, stake: '' })).to.equal(MESSAGES.stakePositive);
    expect(messageOf(betBody, { ...bet, odds: '1,5' })).to.equal(MESSAGES.oddsFormat);
    expect(messageOf(betBody, { ...bet, odds: '+50' })).to.equal(MESSAGES.americanOddsRange);
    expect(messageOf(betBody, { ...bet, odds: '1.00' })).to.equal(MESSAGES.decimalOddsRange);
    expect(betBody.parse({ ...bet, odds: '150', userId: 1 })).to.deep.include({ odds: '+150', notes: null });
    expect(betBody.parse({ ...bet, userId: 1 })).not.to.have.property('userId');
  });

  it('wants at least 2 complete legs on a parlay and defaults its name', () => {
    expect(messageOf(parlayBody, { stake: 10, legs: [legs[0]] })).to.equal(MESSAGES.parlayMinLegs);
    expect(messageOf(parlayBody, { stake: 10, legs: [legs[0], { ...legs[1], selection: '' }] })).to.equal(MESSAGES.parlayIncomplete);
    expect(parlayBody.parse({ name: ' ', stake: 10, legs }).name).to.equal('Unnamed Parlay');
  });

  it('wants title and content in the journal, and splits tags on commas', () => {
    expect(messageOf(journalBody, { title: ' ', content: 'x' })).to.equal(MESSAGES.journalMissing);
    expect(journalBody.parse({ title: 't', content: 'c', tags: ' a, ,b,a ' })).to.deep.include({
      tags: ['a', 'b'],
      type: 'daily',
      mood: 'neutral',
    });
  });

  it('wants a title and a positive target on a goal', () => {
    expect(messageOf(goalBody, { title: '', targetAmount: 10 })).to.equal(MESSAGES.goalMissing);
    expect(messageOf(goalBody, { title: 'g', targetAmount: '' })).to.equal(MESSAGES.goalMissing);
    expect(messageOf(goalBody, { title: 'g', targetAmount: -5 })).to.equal(MESSAGES.goalAmount);
    expect(goalBody.parse({ title: 'g', targetAmount: '500' })).to.deep.include({ targetAmount: 500, timeframe: 'monthly' });
  });

  it('wants a positive deposit', () => {
    expect(messageOf(fundsBody, { amount: 0 })).to.equal(MESSAGES.fundsAmount);
    expect(messageOf(fundsBody, { amount: 'abc' })).to.equal(MESSAGES.fundsAmount);
  });

  it('checks the password change the spec way', () => {
    expect(messageOf(updatePasswordBody, { currentPassword: '', newPassword: '123456', confirmPassword: '123456' })).to.equal(
      MESSAGES.currentPasswordRequired,
    );
    expect(messageOf(updatePasswordBody, { currentPassword: 'x', newPassword: '123456', confirmPassword: '123' })).to.equal(
      MESSAGES.confirmPassword,
    );
    expect(messageOf(updatePasswordBody, { currentPassword: 'x', newPassword: '123456', confirmPassword: '1234567' })).to.equal(
      MESSAGES.passwordsDontMatch,
    );
  });

  describe('at the boundary', () => {
    const nul = 'a\u0000b';
    const lone = 'x\ud800';
    const stray = '\udc00y';

    it('refuses text Postgres cannot store in every text field, with one message', () => {
      const cases: [z.ZodType, unknown][] = [
        [betBody, { ...bet, event: nul }],
        [betBody, { ...bet, notes: lone }],
        [parlayBody, { stake: 10, legs, name: stray }],
        [parlayBody, { stake: 10, legs, notes: nul }],
        [parlayBody, { stake: 10, legs: [{ ...legs[0], event: lone }, legs[1]] }],
        [parlayBody, { stake: 10, legs: [legs[0], { ...legs[1], selection: nul }] }],
        [parlayBody, { stake: 10, legs: [{ ...legs[0], sport: nul }, legs[1]] }],
        [goalBody, { title: nul, targetAmount: 10 }],
        [goalBody, { title: 'g', targetAmount: 10, description: lone }],
        [journalBody, { title: lone, content: 'c' }],
        [journalBody, { title: 't', content: nul }],
        [journalBody, { title: 't', content: 'c', tags: ['ok', stray] }],
        [journalBody, { title: 't', content: 'c', tags: `a,${nul}` }],
        [registerBody, { email: 'a@b.co', password: 'secret1', username: nul }],
        [registerBody, { email: 'a@b.co', password: 'secret1', username: lone }],
        [registerBody, { email: `a${nul}@b.co`, password: 'secret1' }],
        [updateEmailBody, { newEmail: `a${lone}@b.co` }],
      ];
      for (const [schema, body] of cases) expect(messageOf(schema, body), JSON.stringify(body)).to.equal(MESSAGES.unstorableText);
    });

    it('keeps text with paired surrogates (emoji) as it is', () => {
      expect(betBody.parse({ ...bet, event: 'Jets 🏈 Bills' }).event).to.equal('Jets 🏈 Bills');
    });

    it('refuses dates outside 1900-01-01..2099-12-31 and dates that are not on the calendar', () => {
      expect(messageOf(betBody, { ...bet, date: '9999-12-31' })).to.equal(MESSAGES.dateRange);
      expect(messageOf(betBody, { ...bet, date: '1899-12-31' })).to.equal(MESSAGES.dateRange);
      expect(messageOf(goalBody, { title: 'g', targetAmount: 10, startDate: '9999-12-31' })).to.equal(MESSAGES.dateRange);
      expect(messageOf(goalBody, { title: 'g', targetAmount: 10, endDate: '2100-01-01' })).to.equal(MESSAGES.dateRange);
      expect(messageOf(journalBody, { title: 't', content: 'c', date: '1000-01-01' })).to.equal(MESSAGES.dateRange);
      expect(messageOf(parlayBody, { stake: 10, legs: [{ ...legs[0], date: '3000-01-01' }, legs[1]] })).to.equal(MESSAGES.dateRange);
      expect(messageOf(betBody, { ...bet, date: '+010000-01-01' })).to.equal(MESSAGES.dateFormat);
      expect(messageOf(betBody, { ...bet, date: '2025-02-29' })).to.equal(MESSAGES.dateFormat);
      expect(betBody.parse({ ...bet, date: '2099-12-31' }).date).to.equal('2099-12-31');
      expect(betBody.parse({ ...bet, date: '1900-01-01' }).date).to.equal('1900-01-01');
    });

    it('refuses amounts that round to 0 cents, with the amount’s own message', () => {
      expect(messageOf(betBody, { ...bet, stake: 0.001 })).to.equal(MESSAGES.stakePositive);
      expect(messageOf(betBody, { ...bet, stake: '0.004' })).to.equal(MESSAGES.stakePositive);
      expect(messageOf(fundsBody, { amount: 0.004 })).to.equal(MESSAGES.fundsAmount);
      expect(messageOf(goalBody, { title: 'g', targetAmount: 1e-9 })).to.equal(MESSAGES.goalAmount);
      expect(fundsBody.parse({ amount: 0.005 }).amount).to.equal(0.01);
    });

    it('reads amounts written as plain decimals only: no hex, binary, octal or exponent', () => {
      for (const stake of ['0x10', '0b101', '0o17', '1e3', 'Infinity', '-5', '5-', '1_000']) {
        expect(messageOf(betBody, { ...bet, stake }), stake).to.equal(MESSAGES.stakePositive);
      }
      expect(messageOf(fundsBody, { amount: '0x10' })).to.equal(MESSAGES.fundsAmount);
      expect(messageOf(goalBody, { title: 'g', targetAmount: '0x10' })).to.equal(MESSAGES.goalAmount);
      expect(betBody.parse({ ...bet, stake: ' 12.5 ' }).stake).to.equal(12.5);
      expect(betBody.parse({ ...bet, stake: '.75' }).stake).to.equal(0.75);
      expect(betBody.parse({ ...bet, stake: '+20' }).stake).to.equal(20);
    });

    it('bounds a parlay’s price at +1000000 and never prints a price in exponent form', () => {
      const long = Array.from({ length: 50 }, (_, i) => ({ sport: 'other', event: `E${i}`, selection: 'S', odds: '+1000000' }));
      expect(messageOf(parlayBody, { stake: 10, legs: long })).to.equal(MESSAGES.parlayOddsTooHigh);
      const thirteen = Array.from({ length: 13 }, (_, i) => ({ sport: 'other', event: `E${i}`, selection: 'S', odds: '+100' }));
      expect(parlayBody.parse({ stake: 10, legs: thirteen }).legs).to.have.length(13);
      expect(messageOf(parlayBody, { stake: 10, legs: [...thirteen, thirteen[0]] })).to.equal(MESSAGES.parlayOddsTooHigh);
      // Stored before the bound: still priced in plain digits.
      expect(priceParlay(long, 10).totalOdds).to.match(/^\+\d{200,}$/);
    });
  });
});
