import { toCents } from '@bt/contracts';
import type { SportDistributionRow } from '../../database';
import type { ReadModel } from '../../fold/read-model';
import { KeyedRows, zeroRow } from '../../fold/row-sets';
import { eachSide } from '../user-stats/projection';
import { sport_distribution as sportDistributionTable } from './table';

/** A sport's zero row, spread where a sport starts (row-sets.ts' zeroRow). */
const SPORT = zeroRow(sportDistributionTable, { user_id: '', sport: '' });

/**
 * `sport_distribution`: per sport (parlays as 'parlay'), count, stake (bonus stakes left out) and
 * profit of the user's bets whatever their outcome; a row exists while count > 0. It reads no event: it follows the `bets`
 * rows (./bets.ts).
 */
export const sportDistributionProjection: ReadModel<
  'sportDistribution',
  typeof sportDistributionTable,
  KeyedRows<'sport_distribution'>,
  SportDistributionRow[]
> = {
  name: 'sportDistribution',
  table: sportDistributionTable,
  version: 1,
  initial: (userId) => new KeyedRows(sportDistributionTable, userId, true),
  reads: {},
  followsBets(state, change) {
    const sports = state.sportDistribution;
    eachSide(change, (row, sign) => {
      let sport = sports.get(row.sport);
      if (!sport) sports.rows.set(row.sport, (sport = { ...SPORT, user_id: state.userId, sport: row.sport }));
      sport.count += sign;
      sport.stake += sign * (row.bonus_bet ? 0 : toCents(row.stake)); // staked money: a bonus stake is not the bettor's
      sport.profit += sign * toCents(row.profit);
      if (sport.count === 0) sports.rows.delete(row.sport);
      sports.mark(row.sport);
    });
  },
  rowSet: (state) => state.sportDistribution,
  replay: (state) => state.sportDistribution.list().sort((a, b) => (a.sport < b.sport ? -1 : a.sport > b.sport ? 1 : 0)),
};
