import { expect } from 'chai';
import { replayUser } from '../../replay';
import { EventLog } from '../../testing/event-log';

describe('user_settings projection', () => {
  it('holds no row until the user sets a preference (readers answer the defaults)', () => {
    expect(replayUser(new EventLog().register().events).settings).to.equal(null);
  });

  it('keeps the last odds format and unit size, each defaulting until set, and when they last changed', () => {
    const log = new EventLog().register().at('2025-03-02T10:00:00.000Z').setUnitSize(20);
    expect(replayUser(log.events).settings).to.deep.equal({
      user_id: log.userId,
      odds_format: 'american',
      unit_size: 20,
      updated_at: new Date('2025-03-02T10:00:00.000Z'),
    });
    log.at('2025-03-03T10:00:00.000Z').chooseOddsFormat('fractional').setUnitSize(null).chooseOddsFormat('decimal');
    expect(replayUser(log.events).settings).to.deep.equal({
      user_id: log.userId,
      odds_format: 'decimal',
      unit_size: null,
      updated_at: new Date('2025-03-03T10:00:02.000Z'), // the last of the three (the log's clock moves a second per event)
    });
  });

  it('starts from the defaults when the first choice is the odds format', () => {
    const log = new EventLog().register().at('2025-03-02T10:00:00.000Z').chooseOddsFormat('decimal');
    expect(replayUser(log.events).settings).to.include({ odds_format: 'decimal', unit_size: null });
  });
});
