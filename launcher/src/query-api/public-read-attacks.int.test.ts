import { expect } from 'chai';
import { MESSAGES } from '@bt/contracts';
import { EventLog } from '@bt/read-models/testing';
import { startHarness, type Harness } from '../testing/query-harness';

/*
 * An attacker's pass on the newest reads: the public profile by handle (look-alikes, NUL, bytes that
 * are not UTF-8, huge handles) and the tax report's year (far, repeated, not a year), each a clear 4xx.
 */
describe('attacks on the public profile and the tax report', () => {
  let h: Harness;
  const kim = new EventLog();
  let head: string;

  before(async () => {
    h = await startHarness();
    kim.register('kim@example.com').placeBet({ date: '2026-03-01', stake: 10 }, 'win');
    kim.setPublicProfile('kim', {});
    head = await h.record(kim.events);
    await h.settle();
  });
  after(() => h?.close());

  const read = async (path: string, userId: string | null = null) => {
    const answer = await h.get(path, userId, head);
    return { status: answer.status, body: (await answer.json()) as unknown };
  };

  it('finds a profile by its handle in any ASCII case', async () => {
    expect((await read('/api/public/profiles/KIM')).status).to.equal(200);
  });

  it('answers 404 for look-alikes that lower to a taken handle (the Kelvin sign, dotted capitals)', async () => {
    // U+212A KELVIN SIGN lowers to an ASCII "k": the page must not answer for "kim" under another name.
    for (const handle of ['%E2%84%AAim', '%E2%84%AAIM', 'k%C4%B0m', 'k%C4%B1m', '%EF%BD%8Bim']) {
      expect(await read(`/api/public/profiles/${handle}`), handle).to.deep.equal({
        status: 404,
        body: { message: MESSAGES.profileNotFound },
      });
    }
  });

  it('answers 4xx, never a 500, for NUL, bytes that are not UTF-8 and huge handles', async () => {
    for (const handle of ['kim%00', '%00', '%FF', '%C0%80', '%ED%A0%80', 'kim%2F..', 'k'.repeat(5000), '%', '%zz']) {
      const { status, body } = await read(`/api/public/profiles/${handle}`);
      expect(status, handle).to.be.within(400, 499);
      expect(body, handle).to.have.property('message').that.is.a('string');
    }
  });

  it('refuses a tax year that is far, repeated or not a year with its message', async () => {
    for (const query of [
      'year=0',
      'year=275760',
      'year=0000',
      'year=9999',
      'year=2026&year=2027',
      'year=2026%00',
      'year=%FF',
      'year=-2026',
      'year=2e3',
    ]) {
      for (const path of ['/api/reports/tax', '/api/reports/tax/diary', '/api/reports/tax/diary.csv']) {
        const { status, body } = await read(`${path}?${query}`, kim.userId);
        expect({ path, query, status, body }).to.deep.equal({ path, query, status: 400, body: { message: MESSAGES.taxYearParam } });
      }
    }
  });
});
