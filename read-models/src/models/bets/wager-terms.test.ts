import { expect } from 'chai';
import { replayUser } from '../../replay';
import { EventLog } from '../../testing/event-log';

/*
 * The wager terms in the read models: odds in any format, books, leagues, tags, closing odds,
 * void, cash-out, bonus bets and units. Every figure comes from contracts' pricedBet/pricedParlay;
 * these tests pin what the projection keeps of them and how the running sums follow.
 */
describe('wager terms in the bets and parlays projections', () => {
  it('keeps decimal and fractional odds as typed and prices them exactly', () => {
    // Given a bet at decimal 1.91 and one at 3/2, both won
    const log = new EventLog().register();
    const decimal = log.placeBet({ odds: '1.91', stake: 100 }, 'win');
    const fractional = log.placeBet({ odds: '3/2', stake: 40 }, 'win');

    // When the history is projected
    const rows = Object.fromEntries(replayUser(log.events).bets.map((b) => [b.id, b]));

    // Then each keeps its odds as typed, with its decimal price and the profit at that price
    expect(rows[decimal]).to.include({ odds: '1.91', decimal_odds: 1.91, profit: 91 });
    expect(rows[fractional]).to.include({ odds: '3/2', decimal_odds: 2.5, profit: 60 });
  });

  it('records book, league, tags, closing odds and clv, and follows amends of them', () => {
    // Given a bet placed with a book, league, tags and a close, then amended
    const log = new EventLog().register();
    const betId = log.placeBet({ odds: '+150', book: 'DraftKings', league: 'NFL', tags: ['live'], closingOdds: '+120' });
    let [bet] = replayUser(log.events).bets;
    expect(bet).to.include({ book: 'DraftKings', league: 'NFL', closing_odds: '+120', clv: 13.64 });
    expect(bet.tags).to.deep.equal(['live']);

    // When its book is cleared, its tags changed and its close moved
    log.amendBet(betId, { book: null, tags: ['props', 'Sharp'], closingOdds: '2.50' });
    [bet] = replayUser(log.events).bets;

    // Then the row follows, clv recomputed; an absent league is left as it was
    expect(bet).to.include({ book: null, league: 'NFL', closing_odds: '2.50', clv: 0 });
    expect(bet.tags).to.deep.equal(['props', 'Sharp']);

    // And a close removed leaves no clv
    log.amendBet(betId, { closingOdds: null });
    expect(replayUser(log.events).bets[0]).to.include({ closing_odds: null, clv: null });
  });

  it('prices a void at 0 with nothing at risk, and a cash-out at its amount minus the stake', () => {
    // Given a voided bet and a bet cashed out for 70 on a stake of 50
    const log = new EventLog().register();
    const voided = log.placeBet({ stake: 30 }, 'void');
    const cashed = log.placeBet({ stake: 50 }, 'cashout', 70);

    // When projected
    const { bets, userStats, bankroll, daily } = replayUser(log.events);
    const rows = Object.fromEntries(bets.map((b) => [b.id, b]));

    // Then the void has no profit and no stake at risk, the cash-out 20 profit on 50 at risk
    expect(rows[voided]).to.include({ outcome: 'void', profit: 0, stake_at_risk: 0, cash_out_amount: null });
    expect(rows[cashed]).to.include({ outcome: 'cashout', profit: 20, stake_at_risk: 50, cash_out_amount: 70 });
    // And the record counts them apart from wins, losses and pushes; profit and bankroll count the cash-out
    expect(userStats).to.include({ voids: 1, cashouts: 1, wins: 0, losses: 0, pushes: 0, settled_stake: 50, total_profit: 20 });
    expect(bankroll).to.include({ settled_profit: 20, amount: 20 });
    // The days keep no void or cash-out counts: they count wins, losses, pushes and pending only
    expect(daily).to.deep.equal([
      { user_id: log.userId, date: '2025-03-01', placed: 2, wins: 0, losses: 0, pushes: 0, pending: 0, settled_stake: 50, profit: 20 },
    ]);
  });

  it('drops the cash-out amount when the bet is settled otherwise, and takes a new amount on a new cash-out', () => {
    // Given a cashed-out bet
    const log = new EventLog().register();
    const betId = log.placeBet({ stake: 50 }, 'cashout', 70);

    // When its cash-out amount is corrected, then it is settled as a loss
    log.settleBet(betId, 'cashout', 45);
    expect(replayUser(log.events).bets[0]).to.include({ cash_out_amount: 45, profit: -5 });
    log.settleBet(betId, 'loss');

    // Then it has no cash-out amount and loses its stake, and the record moved with it
    const { bets, userStats } = replayUser(log.events);
    expect(bets[0]).to.include({ outcome: 'loss', cash_out_amount: null, profit: -50 });
    expect(userStats).to.include({ cashouts: 0, losses: 1 });
  });

  it("keeps a bonus bet's stake out of the stake at risk and the sport's staked total; its winnings count", () => {
    // Given a won bonus bet of 20 at +150 and a lost one
    const log = new EventLog().register();
    log.placeBet({ sport: 'soccer', stake: 20, odds: '+150', bonusBet: true }, 'win');
    log.placeBet({ sport: 'soccer', stake: 10, bonusBet: true }, 'loss');

    // When projected
    const { bets, userStats, sportDistribution, bankroll } = replayUser(log.events);

    // Then the win pays 30 (stake not returned), the loss costs nothing, nothing was at risk
    expect(bets.map((b) => [b.profit, b.stake_at_risk, b.bonus_bet])).to.have.deep.members([
      [30, 0, true],
      [0, 0, true],
    ]);
    expect(userStats).to.include({ settled_stake: 0, total_profit: 30, wins: 1, losses: 1 });
    expect(sportDistribution).to.deep.equal([{ user_id: log.userId, sport: 'soccer', count: 2, stake: 0, profit: 30 }]);
    expect(bankroll).to.include({ settled_profit: 30 });
  });

  it('keeps the unit size of placement: a later UnitSizeSet or an amend never changes it', () => {
    // Given a bet placed with a unit size of 25 and one placed with none
    const log = new EventLog().register();
    log.setUnitSize(25);
    const withUnits = log.placeBet({ stake: 50, odds: '+100', unitSize: 25 }, 'win');
    const without = log.placeBet({ stake: 10, odds: '+100' }, 'win');

    // When the unit size changes later, and the bet is amended
    log.setUnitSize(10);
    log.amendBet(withUnits, { stake: 75, unitSize: 10 });

    // Then the first shows its stake and profit in units of 25; the second has none
    const { bets, userStats } = replayUser(log.events);
    const rows = Object.fromEntries(bets.map((b) => [b.id, b]));
    expect(rows[withUnits]).to.include({ unit_size: 25, units: 3, profit_units: 3 });
    expect(rows[without]).to.include({ unit_size: null, units: null, profit_units: null });
    expect(userStats).to.include({ units_count: 1, profit_units_sum: 3 });
  });

  it('sums odds, clv and beats of the close for averageOdds, averageClv and beatCloseRate', () => {
    // Given a bet that beat the close, one that did not, one that met it, and one without a close
    const log = new EventLog().register();
    log.placeBet({ odds: '+150', closingOdds: '+120' }, 'win');
    log.placeBet({ odds: '-110', closingOdds: '-105' }, 'loss');
    const even = log.placeBet({ odds: '+100', closingOdds: '2.00' });
    const third = log.placeBet({ odds: '2.00' });
    log.removeBet(even);

    // When projected
    let { userStats } = replayUser(log.events);

    // Then every row's decimal counts, only the closes count for clv
    expect(userStats).to.include({ odds_count: 3, decimal_odds_sum_e4: 25_000 + 19_091 + 20_000 });
    expect(userStats).to.include({ clv_count: 2, clv_sum: 11.42, clv_beats: 1 }); // 13.64 + (-2.22)

    // And a removed bet takes its share away
    log.removeBet(third);
    ({ userStats } = replayUser(log.events));
    expect(userStats).to.include({ odds_count: 2, decimal_odds_sum_e4: 44_091 });
  });

  it("follows amends of a parlay's book, tags and bonus flag, and drops its cash-out amount when it is settled otherwise", () => {
    // Given a parlay cashed out for 30
    const log = new EventLog().register();
    const parlayId = log.createParlay([{ odds: '+100' }, { odds: '+100' }], { stake: 10, book: 'BetMGM', tags: ['a'] });
    log.settleParlay(parlayId, 'cashout', 30);
    expect(replayUser(log.events).parlays[0]).to.include({ cash_out_amount: 30, profit: 20, bonus_bet: false });

    // When its book is cleared, its tags changed, it becomes a bonus bet, then it is settled as a loss
    log.amendParlay(parlayId, { book: null, tags: ['b'], bonusBet: true });
    log.settleParlay(parlayId, 'loss');

    // Then the row follows, and a lost bonus parlay costs nothing
    const [parlay] = replayUser(log.events).parlays;
    expect(parlay).to.include({ book: null, bonus_bet: true, cash_out_amount: null, outcome: 'loss', profit: 0, stake_at_risk: 0 });
    expect(parlay.tags).to.deep.equal(['b']);
  });

  it('turns a bet into a bonus bet by an amend', () => {
    // Given a lost bet of 10; When it is amended to a bonus bet; Then it costs nothing
    const log = new EventLog().register();
    const betId = log.placeBet({ stake: 10 }, 'loss');
    log.amendBet(betId, { bonusBet: true });
    expect(replayUser(log.events).bets[0]).to.include({ bonus_bet: true, profit: 0, stake_at_risk: 0 });
  });

  it('leaves void and cash-out out of streaks, like a push', () => {
    // Given win, void, cash-out, win in date order
    const log = new EventLog().register();
    log.placeBet({ date: '2025-03-01' }, 'win');
    log.placeBet({ date: '2025-03-02' }, 'void');
    log.placeBet({ date: '2025-03-03', stake: 10 }, 'cashout', 5);
    log.placeBet({ date: '2025-03-04' }, 'win');

    // When projected, then the two wins make one streak of 2
    const { streaks } = replayUser(log.events);
    expect(streaks?.current_streak).to.include({ type: 'win', length: 2, startDate: '2025-03-01', endDate: '2025-03-04' });
  });

  it("prices a parlay's legs in any format with their closes, terms and a cash-out", () => {
    // Given a bonus parlay with a book and tags, legs at 2.50 and 3/2 with closes, cashed out for 40
    const log = new EventLog().register();
    log.setUnitSize(5);
    const parlayId = log.createParlay(
      [
        { odds: '2.50', closingOdds: '2.00', league: 'NBA' },
        { odds: '3/2', closingOdds: '+150' },
      ],
      { stake: 10, book: 'FanDuel', tags: ['sgp'], bonusBet: true, unitSize: 5 },
    );
    log.settleParlay(parlayId, 'cashout', 40);

    // When projected
    const { parlays, bets, userStats } = replayUser(log.events);

    // Then the parlay keeps its legs as typed and is priced with its close and terms
    expect(parlays[0].legs[0]).to.include({ odds: '2.50', closingOdds: '2.00', league: 'NBA' });
    expect(parlays[0].legs[1]).to.include({ odds: '3/2', closingOdds: '+150', league: null });
    expect(parlays[0]).to.include({ total_odds: '+525', decimal_odds: 6.25, closing_odds: '+400', clv: 25 });
    expect(parlays[0]).to.include({ outcome: 'cashout', cash_out_amount: 40, profit: 40, stake_at_risk: 0, book: 'FanDuel' });
    expect(parlays[0]).to.include({ unit_size: 5, units: 2, profit_units: 8, bonus_bet: true });
    // And its history row carries the same, league null (its legs have their own)
    expect(bets[0]).to.include({ kind: 'parlay', league: null, closing_odds: '+400', clv: 25, cash_out_amount: 40, profit: 40 });
    expect(bets[0].tags).to.deep.equal(['sgp']);
    expect(userStats).to.include({ cashouts: 1, clv_count: 1, clv_beats: 1, units_count: 1, profit_units_sum: 8 });
  });

  it('reads events written before version 3 with no terms', () => {
    // Given a version 2 bet and parlay (no book, tags, close or units)
    const log = new EventLog().register().version(2);
    log.placeBet({ odds: '+150', stake: 10 }, 'win');
    log.createParlay([{ odds: '+100' }, { odds: '+100' }]);

    // When projected
    const { bets, parlays } = replayUser(log.events);

    // Then their terms read empty
    for (const row of bets) {
      expect(row).to.include({ book: null, league: null, closing_odds: null, clv: null, bonus_bet: false, cash_out_amount: null });
      expect(row).to.include({ unit_size: null, units: null, profit_units: null });
      expect(row.tags).to.deep.equal([]);
    }
    expect(parlays[0].legs[0]).to.include({ league: null, closingOdds: null });
  });
});
