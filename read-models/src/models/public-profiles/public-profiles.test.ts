import { expect } from 'chai';
import { replayUser } from '../../replay';
import { EventLog } from '../../testing/event-log';

describe('public_profiles projection', () => {
  it('has no row until the user sets a profile', () => {
    expect(replayUser(new EventLog().register().events).publicProfile).to.equal(null);
  });

  it('keeps the handle and settings as last set, versioned by the user stream', () => {
    const log = new EventLog().register().setPublicProfile('ann', { sports: ['football', 'parlay'], units: true, since: '2026-01-01' });
    expect(replayUser(log.events).publicProfile).to.deep.include({
      user_id: log.userId,
      handle: 'ann',
      enabled: true,
      sports: ['football', 'parlay'],
      units: true,
      since: '2026-01-01',
      version: 1,
    });
    log.setPublicProfile('ann-b', { enabled: false });
    expect(replayUser(log.events).publicProfile).to.deep.include({
      handle: 'ann-b',
      enabled: false,
      sports: 'all',
      units: false,
      since: null,
    });
  });

  it('keeps a removed profile’s row with no handle, off', () => {
    const log = new EventLog().register().setPublicProfile('ann').removePublicProfile('ann');
    expect(replayUser(log.events).publicProfile).to.deep.include({ handle: null, enabled: false, version: 2 });
  });
});
