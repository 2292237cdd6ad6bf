import { expect } from 'chai';
import { MESSAGES } from './messages';
import { statsQuery, streaksQuery } from './query-params';
import { redactEventData } from './event-log';

describe('read query parameters', () => {
  it('defaults the stats range to 30 days and reads asOf as an instant or the end of a day', () => {
    const defaults = statsQuery.parse({});
    expect([defaults.range, defaults.asOf]).to.deep.equal(['30', undefined]);
    expect(statsQuery.parse({ range: 'all', asOf: '2025-06-01' }).asOf!.toISOString()).to.equal('2025-06-01T23:59:59.999Z');
    expect(streaksQuery.parse({ asOf: '2025-06-01T10:00:00+02:00' }).asOf!.toISOString()).to.equal('2025-06-01T08:00:00.000Z');
  });

  it('rejects an unknown range or a malformed asOf with its message', () => {
    for (const range of ['7', '', ['30', '90']]) {
      expect(statsQuery.safeParse({ range }).error?.issues[0].message).to.equal(MESSAGES.rangeParam);
    }
    for (const asOf of ['yesterday', '2025-02-30', '2025-13-01T00:00:00Z']) {
      expect(streaksQuery.safeParse({ asOf }).error?.issues[0].message).to.equal(MESSAGES.asOfParam);
    }
  });
});

describe('event data in a download', () => {
  it('leaves password hashes out and keeps everything else', () => {
    expect(redactEventData({ userId: 'u', email: 'a@b.c', passwordHash: '$argon2id$...' })).to.deep.equal({ userId: 'u', email: 'a@b.c' });
    expect(redactEventData(null)).to.deep.equal({});
  });
});
