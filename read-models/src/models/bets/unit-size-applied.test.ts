import { expect } from 'chai';
import { rowVersion } from '@bt/contracts';
import { groupsInRow } from '../analytics/group-figures';
import { replayUser } from '../../replay';
import { EventLog } from '../../testing/event-log';

/*
 * "Apply my unit size to earlier bets" (Settings): BetUnitSizeApplied / ParlayUnitSizeApplied on
 * each one's stream. The bet and parlay rows take the unit size, and every sum of units follows
 * their rows (user_stats, analytics), so "+Xu on 3 of 3 bets" after applying.
 */
describe('unit size applied to earlier bets, in the read models', () => {
  it('prices the bets and parlays it names in units, and the unit sums follow', () => {
    // Given two bets and a parlay placed before any unit size, and one placed with a unit size of 25
    const log = new EventLog().register();
    const first = log.placeBet({ stake: 50, odds: '+100' }, 'win');
    const second = log.placeBet({ stake: 25, odds: '+100' }, 'loss');
    const parlay = log.createParlay([{ odds: '+100' }, { odds: '+100' }], { stake: 10 });
    log.settleParlay(parlay, 'win');
    log.setUnitSize(25);
    const placed = log.placeBet({ stake: 75, odds: '+100', unitSize: 25 }, 'win');
    expect(replayUser(log.events).userStats).to.include({ units_count: 1, profit_units_sum: 3 });

    // When the unit size is applied to the three without one
    log.applyUnitSize([first, second], [parlay], 25);
    const { bets, parlays, userStats, analyticsTotals } = replayUser(log.events);

    // Then each shows its stake and profit in units of 25, at its stream's new revision
    const rows = Object.fromEntries(bets.map((b) => [b.id, b]));
    expect(rows[first]).to.include({ unit_size: 25, units: 2, profit_units: 2, version: rowVersion(2n) });
    expect(rows[second]).to.include({ unit_size: 25, units: 1, profit_units: -1 });
    expect(rows[parlay]).to.include({ unit_size: 25, units: 0.4, profit_units: 1.2 });
    expect(parlays[0]).to.include({ unit_size: 25, units: 0.4, profit_units: 1.2, version: rowVersion(2n) });
    expect(rows[placed]).to.include({ unit_size: 25, profit_units: 3 });
    // And the sums count all four: 2 - 1 + 1.2 + 3
    expect(userStats).to.include({ units_count: 4, profit_units_sum: 5.2 });
    const sports = groupsInRow(analyticsTotals[0], ['sport']);
    expect(sports.reduce((n, r) => n + r.units_count, 0)).to.equal(4);
  });

  it('leaves a removed bet as it was (it comes back without a unit size)', () => {
    // Given a removed bet, named by an apply (a race the command never decides: it reads the stream first)
    const log = new EventLog().register();
    const removed = log.placeBet({ stake: 50 }, 'win');
    log.removeBet(removed);
    log.applyUnitSize([removed], [], 25);

    // When it is restored
    log.restoreBet(removed);

    // Then it has no unit size
    const [row] = replayUser(log.events).bets;
    expect(row).to.include({ id: removed, unit_size: null, units: null });
  });
});
