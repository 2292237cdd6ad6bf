import type { Kysely } from 'kysely';
import {
  americanTextOfOdds,
  betTiming,
  MESSAGES,
  recordOf,
  streams,
  type EventData,
  type ParlayLeg,
  type ProfileSport,
  type ProfileSports,
  type PublicBet,
  type PublicProfile,
  type RecordInput,
} from '@bt/contracts';
import type { EventStore } from '@bt/event-store';
import { NotFoundError } from '@bt/platform';
import type { BetHistoryRow } from '@bt/read-models';
import { readModels, type ReadDatabase } from '../read-db';

/**
 * What a handle in a URL can be (contracts' handle rule, any ASCII case): anything else is no profile.
 * Checked before lowering, since toLowerCase turns look-alikes such as the Kelvin sign (U+212A) into ASCII.
 */
const HANDLE = /^[A-Za-z0-9_-]{3,30}$/;

export type Settings = Omit<EventData<'PublicProfileSet'>, 'userId'>;

/**
 * The profile's settings from the user's own stream, not the read model: turning the page off
 * (or changing the handle) takes it down with the write itself, whatever the projector's lag. With
 * the stream's revision, which names the settings in the keys of kept answers.
 */
const settingsFromStream = async (store: EventStore, userId: string): Promise<{ settings?: Settings; revision: string }> => {
  let settings: Settings | undefined;
  let revision = '';
  for (const event of await store.readStream(streams.user(userId))) {
    if (event.type === 'PublicProfileSet') settings = event.data as Settings;
    else if (event.type === 'PublicProfileRemoved') settings = undefined;
    revision = String(event.revision);
  }
  return { settings, revision };
};

const publicLegs = (legs: readonly ParlayLeg[]): PublicBet['legs'] =>
  legs.map((leg) => ({
    sport: leg.sport,
    event: leg.event,
    selection: leg.selection,
    league: leg.league ?? null,
    odds: leg.odds === null ? null : americanTextOfOdds(leg.odds),
    startsAt: leg.startsAt ?? null,
    outcome: leg.outcome,
  }));

/** Only the fields a public page shows: no id, notes, book or tags; no money on a units-only page. */
const publicBet = (row: BetHistoryRow, unitsOnly: boolean, legs: readonly ParlayLeg[] | undefined): PublicBet => ({
  date: row.date,
  startsAt: row.starts_at,
  sport: row.sport,
  league: row.league,
  event: row.event,
  betType: row.bet_type as PublicBet['betType'],
  odds: americanTextOfOdds(row.odds),
  stake: unitsOnly ? null : row.stake,
  units: row.units,
  outcome: row.outcome,
  profit: unitsOnly ? null : row.profit,
  profitUnits: row.profit_units,
  timing: betTiming({ imported: row.imported, startsAt: row.starts_at, recordedAt: row.recorded_at }),
  legs: legs ? publicLegs(legs) : null,
});

/** A profile that is on: its owner, handle and settings (from the stream); NotFoundError otherwise. */
export async function shownProfile(
  db: Kysely<ReadDatabase>,
  store: EventStore,
  param: string,
): Promise<{ userId: string; handle: string; settings: Settings; revision: string }> {
  if (!HANDLE.test(param)) throw new NotFoundError(MESSAGES.profileNotFound);
  const handle = param.toLowerCase();
  const found = await readModels(db)
    .selectFrom('public_profiles')
    .select('user_id')
    .where('handle', '=', handle)
    .where('enabled', '=', true)
    .executeTakeFirst();
  const { settings, revision } = found ? await settingsFromStream(store, found.user_id) : { revision: '' };
  if (!found || !settings || !settings.enabled || settings.handle !== handle) throw new NotFoundError(MESSAGES.profileNotFound);
  return { userId: found.user_id, handle, settings, revision };
}

/** The bets a profile shows (its sports, since its date), newest first: the page's order. */
export const shownBets = (db: Kysely<ReadDatabase>, userId: string, settings: Settings) => {
  let query = readModels(db)
    .selectFrom('bets')
    .where('user_id', '=', userId)
    .where('is_part_of_parlay', '=', false)
    .orderBy('date', 'desc')
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc');
  const sports = settings.sports as ProfileSports;
  if (sports !== 'all') query = query.where('sport', 'in', sports);
  if (settings.since !== null) query = query.where('date', '>=', settings.since);
  return query;
};

/**
 * The answer of GET /api/public/profiles/:handle (no sign-in) for a profile that is on (shownProfile:
 * 404 for a handle nobody uses, or whose profile is off). The record is recomputed from the bets shown (contracts' recordOf), so the page's figures are
 * those of its bets; the before-start figures come first.
 */
export async function publicProfileOf(
  db: Kysely<ReadDatabase>,
  { userId, handle, settings }: { userId: string; handle: string; settings: Settings },
): Promise<PublicProfile> {
  const read = readModels(db);
  const sports = settings.sports as ProfileSports;
  const rows = await shownBets(db, userId, settings).selectAll().execute();
  const parlayIds = rows.filter((row) => row.kind === 'parlay').map((row) => row.id);
  const legs = new Map<string, ParlayLeg[]>();
  if (parlayIds.length > 0) {
    for (const parlay of await read.selectFrom('parlays').select(['id', 'legs']).where('id', 'in', parlayIds).execute()) {
      legs.set(parlay.id, parlay.legs);
    }
  }
  const bets = rows.map((row) => publicBet(row, settings.units, legs.get(row.id)));
  const inputs: (RecordInput & { sport: ProfileSport })[] = rows.map((row, i) => ({
    sport: row.sport,
    outcome: row.outcome,
    profit: row.profit,
    stakeAtRisk: row.stake_at_risk,
    profitUnits: row.profit_units,
    timing: bets[i].timing,
  }));
  const bySport = new Map<ProfileSport, typeof inputs>();
  for (const input of inputs) {
    const list = bySport.get(input.sport);
    if (list) list.push(input);
    else bySport.set(input.sport, [input]);
  }
  return {
    handle,
    units: settings.units,
    sports,
    since: settings.since,
    record: recordOf(inputs, settings.units),
    beforeStart: recordOf(
      inputs.filter((input) => input.timing === 'before-start'),
      settings.units,
    ),
    bySport: [...bySport.entries()]
      .sort(([a, x], [b, y]) => y.length - x.length || (a < b ? -1 : 1))
      .map(([sport, list]) => ({ sport, record: recordOf(list, settings.units) })),
    bets,
  };
}
