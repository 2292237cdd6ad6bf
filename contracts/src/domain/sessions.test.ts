import { expect } from 'chai';
import { sessionGenerationOf } from './sessions';

const USER = '0190a000-0000-7000-8000-000000000001';
const registered = { type: 'UserRegistered', data: { userId: USER } };
const revoked = (generation: number) => ({ type: 'SessionsRevoked', data: { userId: USER, generation } });

describe('session generation from a user stream', () => {
  it('is undefined for a stream without a registration', () => {
    expect(sessionGenerationOf([])).to.equal(undefined);
    expect(sessionGenerationOf([revoked(1)])).to.equal(undefined);
  });

  it('starts at 0 for a registered user', () => {
    expect(sessionGenerationOf([registered, { type: 'PasswordChanged', data: { userId: USER } }])).to.equal(0);
  });

  it('is the highest revocation recorded', () => {
    expect(sessionGenerationOf([registered, revoked(1), revoked(3), revoked(2)])).to.equal(3);
  });
});
