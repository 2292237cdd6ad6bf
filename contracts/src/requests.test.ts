import { expect } from 'chai';
import type { z } from 'zod';
import { MESSAGES } from './messages';
import { betBody, goalBody, journalBody, loginBody, parlayBody, registerBody, updatePasswordBody, firstMessage, fundsBody } from './requests';

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
      email: 'a@b.co', password: '123456', username: null,
    });
  });

  it('wants a positive stake and American odds on a bet', () => {
    expect(messageOf(betBody, { ...bet, stake: 0 })).to.equal(MESSAGES.stakePositive);
    expect(messageOf(betBody, { ...bet, stake: '' })).to.equal(MESSAGES.stakePositive);
    expect(messageOf(betBody, { ...bet, odds: '1.5' })).to.equal(MESSAGES.oddsFormat);
    expect(messageOf(betBody, { ...bet, odds: '+50' })).to.equal(MESSAGES.oddsFormat);
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
    expect(journalBody.parse({ title: 't', content: 'c', tags: ' a, ,b,a ' })).to.deep.include({ tags: ['a', 'b'], type: 'daily', mood: 'neutral' });
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
    expect(messageOf(updatePasswordBody, { currentPassword: '', newPassword: '123456', confirmPassword: '123456' })).to.equal(MESSAGES.currentPasswordRequired);
    expect(messageOf(updatePasswordBody, { currentPassword: 'x', newPassword: '123456', confirmPassword: '123' })).to.equal(MESSAGES.confirmPassword);
    expect(messageOf(updatePasswordBody, { currentPassword: 'x', newPassword: '123456', confirmPassword: '1234567' })).to.equal(MESSAGES.passwordsDontMatch);
  });
});
