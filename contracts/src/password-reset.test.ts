import { expect } from 'chai';
import type { z } from 'zod';
import { MESSAGES } from './messages';
import { firstMessage, forgotPasswordBody, resetPasswordBody } from './requests';

const messageOf = (schema: z.ZodType, body: unknown): string | undefined => {
  const result = schema.safeParse(body);
  return result.success ? undefined : firstMessage(result.error);
};

describe('"Forgot password" request bodies', () => {
  it('asks for a valid e-mail, folded to lower case as at sign-in', () => {
    expect(messageOf(forgotPasswordBody, {})).to.equal(MESSAGES.invalidEmail);
    expect(messageOf(forgotPasswordBody, { email: 'not-an-address' })).to.equal(MESSAGES.invalidEmail);
    expect(forgotPasswordBody.parse({ email: ' Me@Example.COM ' })).to.deep.equal({ email: 'me@example.com' });
  });

  it('says a link without its token is incomplete', () => {
    expect(messageOf(resetPasswordBody, { password: 'new-password' })).to.equal(MESSAGES.resetTokenMissing);
    expect(messageOf(resetPasswordBody, { token: '  ', password: 'new-password' })).to.equal(MESSAGES.resetTokenMissing);
    expect(messageOf(resetPasswordBody, { token: 42, password: 'new-password' })).to.equal(MESSAGES.resetTokenMissing);
  });

  it('answers a token longer than any link carries as a link that cannot be used', () => {
    expect(messageOf(resetPasswordBody, { token: 'x'.repeat(201), password: 'new-password' })).to.equal(MESSAGES.resetLinkInvalid);
  });

  it('holds the new password to the rules of registration', () => {
    expect(messageOf(resetPasswordBody, { token: 'abc' })).to.equal(MESSAGES.passwordTooShort);
    expect(messageOf(resetPasswordBody, { token: 'abc', password: '12345' })).to.equal(MESSAGES.passwordTooShort);
    expect(messageOf(resetPasswordBody, { token: 'abc', password: 'x'.repeat(1025) })).to.equal(MESSAGES.tooLong);
    expect(resetPasswordBody.parse({ token: ' abc ', password: '123456' })).to.deep.equal({ token: 'abc', password: '123456' });
  });

  it('tells how long the link works', () => {
    expect(MESSAGES.resetLinkSent).to.include('30 minutes');
  });
});
