import { expect } from 'chai';
import { replayUser } from '../../replay';
import { EventLog } from '../../testing/event-log';

describe('parlays projection', () => {
  it('prices a new parlay from its legs and starts it pending', () => {
    const log = new EventLog().register();
    const id = log.createParlay([{ odds: '+100' }, { odds: '-110' }], { stake: 50, name: 'Double' });

    const [parlay] = replayUser(log.events).parlays;
    expect(parlay).to.include({ id, name: 'Double', total_odds: '+282', decimal_odds: 3.8182, potential_profit: 140.91 });
    expect(parlay).to.include({ outcome: 'pending', chosen_outcome: 'pending', profit: 0, version: 0 });
    expect(parlay.legs).to.have.length(2);
  });

  it('prices a pushed leg out and wins on the remaining legs', () => {
    const log = new EventLog().register();
    log.createParlay(
      [
        { odds: '+100', outcome: 'win' },
        { odds: '+150', outcome: 'push' },
        { odds: '-200', outcome: 'win' },
      ],
      { stake: 50 },
    );

    const [parlay] = replayUser(log.events).parlays;
    expect(parlay).to.include({ decimal_odds: 3, total_odds: '+200', potential_profit: 100, outcome: 'win', profit: 100 });
  });

  it('loses the parlay when any leg loses, even while others are pending', () => {
    const log = new EventLog().register();
    const id = log.createParlay([{ outcome: 'loss' }, { outcome: 'pending' }], { stake: 20 });
    log.settleParlay(id, 'win');

    expect(replayUser(log.events).parlays[0]).to.include({ outcome: 'loss', chosen_outcome: 'win', profit: -20 });
  });

  it('pushes the parlay when every leg pushed', () => {
    const log = new EventLog().register();
    log.createParlay([{ outcome: 'push' }, { outcome: 'push' }], { stake: 20 });

    // contracts' priceParlay writes the price 1.0 as "0" (its comment says "+0").
    expect(replayUser(log.events).parlays[0]).to.include({ outcome: 'push', profit: 0, decimal_odds: 1, total_odds: '0' });
  });

  it('keeps the chosen outcome while legs are pending, and derives it once they settle', () => {
    const log = new EventLog().register();
    const id = log.createParlay(
      [
        { odds: '+100', outcome: 'win' },
        { odds: '+100', outcome: 'pending' },
      ],
      { stake: 10 },
    );
    log.settleParlay(id, 'win');
    expect(replayUser(log.events).parlays[0]).to.include({ outcome: 'win', profit: 30 });

    log.amendParlay(id, {
      legs: [
        { odds: '+100', outcome: 'win' },
        { odds: '+100', outcome: 'loss' },
      ],
    });
    expect(replayUser(log.events).parlays[0]).to.include({ outcome: 'loss', profit: -10, version: 2 });
  });

  it('shows a parlay in the bet history as its name, sport and type parlay, total odds and leg count', () => {
    const log = new EventLog().register();
    const id = log.createParlay(
      [
        { odds: '+100', outcome: 'win' },
        { odds: '+100', outcome: 'win' },
        { odds: '+100', outcome: 'win' },
      ],
      {
        name: 'Treble',
        stake: 10,
        date: '2025-02-20',
        notes: 'fun',
      },
    );

    const [row] = replayUser(log.events).bets;
    expect(row).to.include({ id, kind: 'parlay', sport: 'parlay', bet_type: 'parlay', event: 'Treble', odds: '+700' });
    expect(row).to.include({ stake: 10, profit: 70, outcome: 'win', notes: 'fun', date: '2025-02-20', leg_count: 3, version: 0 });
  });

  it('counts parlays in stats, bankroll, daily and the parlay sport', () => {
    const log = new EventLog().register();
    log.createParlay(
      [
        { odds: '+100', outcome: 'win' },
        { odds: '+100', outcome: 'win' },
      ],
      { stake: 10, date: '2025-03-03' },
    );
    log.placeBet({ stake: 10, date: '2025-03-03' }, 'loss');

    const rows = replayUser(log.events);
    expect(rows.userStats).to.include({ bet_count: 1, parlay_count: 1, wins: 1, losses: 1, total_profit: 20, settled_stake: 20 });
    expect(rows.bankroll).to.include({ settled_profit: 20 });
    expect(rows.daily).to.have.length(1);
    expect(rows.daily[0]).to.include({ placed: 2, profit: 20 });
    expect(rows.sportDistribution.find((s) => s.sport === 'parlay')).to.include({ count: 1, stake: 10, profit: 30 });
  });

  it('applies amended name, stake and date to both the parlay and its history row', () => {
    const log = new EventLog().register();
    const id = log.createParlay([{ outcome: 'win' }, { outcome: 'win' }], { stake: 10, date: '2025-03-01' });
    log.amendParlay(id, { name: 'Renamed', stake: 20, date: '2025-03-09' });

    const { parlays, bets, daily } = replayUser(log.events);
    expect(parlays[0]).to.include({ name: 'Renamed', stake: 20, profit: 60, date: '2025-03-09' });
    expect(bets[0]).to.include({ event: 'Renamed', stake: 20, profit: 60, date: '2025-03-09', version: 1 });
    expect(daily.map((d) => d.date)).to.deep.equal(['2025-03-09']);
  });

  it('removes a parlay from parlays, history and totals', () => {
    const log = new EventLog().register();
    const id = log.createParlay([{ outcome: 'win' }, { outcome: 'win' }], { stake: 10 });
    log.removeParlay(id);

    const rows = replayUser(log.events);
    expect(rows.parlays).to.deep.equal([]);
    expect(rows.bets).to.deep.equal([]);
    expect(rows.userStats).to.include({ parlay_count: 0, wins: 0, total_profit: 0 });
    expect(rows.sportDistribution).to.deep.equal([]);
  });
});
