import { expect } from 'chai';
import { IMPORT_METADATA_KEY, streams } from '@bt/contracts';
import { replayUser } from '../../replay';
import { EventLog } from '../../testing/event-log';

describe('start times in the bets and parlays rows', () => {
  it('keeps a bet’s start time as typed, with when it was first recorded; an amend moves or clears it', () => {
    const log = new EventLog().register().at('2026-11-28T12:00:00.000Z');
    const betId = log.placeBet({ startsAt: '2026-11-28T19:30:00-05:00' });
    expect(replayUser(log.events).bets[0]).to.deep.include({
      starts_at: '2026-11-28T19:30:00-05:00',
      recorded_at: new Date('2026-11-28T12:00:00.000Z'),
      imported: false,
    });
    log.amendBet(betId, { startsAt: '2026-11-28T20:00:00-05:00' });
    expect(replayUser(log.events).bets[0]).to.deep.include({
      starts_at: '2026-11-28T20:00:00-05:00',
      recorded_at: new Date('2026-11-28T12:00:00.000Z'),
    });
    log.amendBet(betId, { startsAt: null });
    expect(replayUser(log.events).bets[0].starts_at).to.equal(null);
  });

  it('reads a bet from before version 5 with no start time', () => {
    const log = new EventLog().register().version(4);
    log.placeBet();
    expect(replayUser(log.events).bets[0].starts_at).to.equal(null);
  });

  it('gives a parlay’s history row its earliest leg’s start time when every leg has one, else none', () => {
    const log = new EventLog().register();
    const parlayId = log.createParlay([{ startsAt: '2026-11-28T19:30:00-05:00' }, { startsAt: '2026-11-28T23:00:00Z' }]);
    const rowOf = () => replayUser(log.events).bets.find((row) => row.id === parlayId)!;
    expect(rowOf().starts_at).to.equal('2026-11-28T23:00:00Z');
    expect(replayUser(log.events).parlays[0].legs.map((leg) => leg.startsAt)).to.deep.equal([
      '2026-11-28T19:30:00-05:00',
      '2026-11-28T23:00:00Z',
    ]);
    log.amendParlay(parlayId, { legs: [{ startsAt: '2026-11-28T19:30:00-05:00' }, {}] });
    expect(rowOf().starts_at).to.equal(null);
  });

  it('marks the rows a committed import appended', () => {
    const log = new EventLog().register();
    const importId = '0190a000-0000-7000-8000-0000000000aa';
    log.append(streams.imports(log.userId), 'ImportStarted', { importId, key: null, rows: 2 });
    log.placeBet();
    log.createParlay([{}, {}]);
    for (const event of log.events.slice(-2)) event.metadata[IMPORT_METADATA_KEY] = importId;
    log.append(streams.imports(log.userId), 'ImportCommitted', { importId, imported: 2, amended: 0, skipped: 0 });
    log.placeBet();
    const { bets, parlays } = replayUser(log.events);
    expect(bets.map((row) => [row.kind, row.imported])).to.have.deep.members([
      ['bet', true],
      ['parlay', true],
      ['bet', false],
    ]);
    expect(parlays[0].imported).to.equal(true);
  });
});
