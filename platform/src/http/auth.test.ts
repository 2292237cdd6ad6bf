import { expect } from 'chai';
import jwt from 'jsonwebtoken';
import { signToken, wellFormedClaims } from './auth';

const USER = '0190a000-0000-7000-8000-000000000001';
const NOW = 1_800_000_000;
const DAY = 24 * 60 * 60;

describe('session token claims', () => {
  it('signs the subject, an expiry 30 days on and the session generation', () => {
    const claims = jwt.decode(signToken(USER, 'secret', 3)) as Record<string, number | string>;
    expect(claims).to.include({ sub: USER, gen: 3 });
    expect(Number(claims.exp) - Number(claims.iat)).to.equal(30 * DAY);
  });

  it('accepts a user id subject with an expiry, with or without a generation', () => {
    expect(wellFormedClaims({ sub: USER, exp: NOW + DAY, gen: 2 }, NOW)).to.equal(true);
    expect(wellFormedClaims({ sub: USER, exp: NOW + DAY }, NOW)).to.equal(true);
  });

  it('refuses a token that never expires, or only after longer than a session lasts', () => {
    expect(wellFormedClaims({ sub: USER }, NOW)).to.equal(false);
    expect(wellFormedClaims({ sub: USER, exp: NOW + 365 * DAY }, NOW)).to.equal(false);
  });

  it('refuses a subject that is not a user id, and a malformed generation', () => {
    for (const sub of ['', 'admin', '1', `${USER}x`]) expect(wellFormedClaims({ sub, exp: NOW + DAY }, NOW), sub).to.equal(false);
    for (const gen of [-1, 1.5, Number.NaN]) expect(wellFormedClaims({ sub: USER, exp: NOW + DAY, gen }, NOW), String(gen)).to.equal(false);
  });
});
