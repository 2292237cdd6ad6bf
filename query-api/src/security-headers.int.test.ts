import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import { startHarness, type Harness } from './testing/harness';

describe('query-api security headers', () => {
  let h: Harness;
  before(async () => {
    h = await startHarness();
  });
  after(() => h?.close());

  for (const [what, userId, path] of [
    ["a user's data", randomUUID(), '/api/bets'],
    ['a 401', null, '/api/bets'],
    ['a 404', randomUUID(), '/api/nothing-here'],
  ] as const) {
    it(`refuses framing and caching and sets nosniff, a Referrer-Policy and a CSP on ${what}`, async () => {
      const answer = await h.get(path, userId);
      await answer.arrayBuffer();
      expect(answer.headers.get('x-frame-options')).to.equal('DENY');
      expect(answer.headers.get('content-security-policy')).to.include("frame-ancestors 'none'").and.include("default-src 'none'");
      expect(answer.headers.get('x-content-type-options')).to.equal('nosniff');
      expect(answer.headers.get('referrer-policy')).to.equal('no-referrer');
      expect(answer.headers.get('cache-control')).to.include('no-store');
    });
  }
});
