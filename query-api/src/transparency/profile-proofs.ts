import type { Context, Middleware } from 'koa';
import type { Kysely } from 'kysely';
import { committedLegOf, type ParlayLeg, type ProfileBet, type ProfileDocument, type ShownFields } from '@bt/contracts';
import type { EventStore } from '@bt/event-store';
import { readModels, type ReadDatabase } from '../read-db';
import { shownBets, shownProfile, type Settings } from '../queries/get-public-profile';
import { KeptAnswers, readModelsAt, sendKeptOrMake } from '../queries/kept-answers';
import type { LogReader } from './log-reader';

/** How many profiles' answers are kept. */
const ANSWERS_KEPT = 16;

const COLUMNS = [
  'id',
  'kind',
  'outcome',
  'imported',
  'cash_out_amount',
  'unit_size',
  'stake',
  'units',
  'date',
  'sport',
  'league',
  'event',
  'bet_type',
  'odds',
  'starts_at',
  'bonus_bet',
] as const;

/** What a pick without a commitment shows: its row's fields, proven by nothing. */
const unprovenFields = (row: ShownRow, legs: readonly ParlayLeg[] | undefined): ShownFields => {
  const common = { id: row.id, date: row.date, bonusBet: row.bonus_bet, units: row.units };
  if (row.kind === 'bet')
    return {
      kind: 'bet',
      ...common,
      sport: row.sport,
      league: row.league,
      event: row.event,
      betType: row.bet_type,
      odds: row.odds,
      startsAt: row.starts_at,
    };
  return {
    kind: 'parlay',
    ...common,
    name: row.event,
    totalOdds: row.odds,
    legs: (legs ?? []).map(committedLegOf),
  };
};

type ShownRow = Awaited<ReturnType<typeof rowsOf>>[number];
const rowsOf = (db: Kysely<ReadDatabase>, userId: string, settings: Settings) => shownBets(db, userId, settings).select(COLUMNS).execute();

/**
 * GET /api/public/profiles/:handle/proofs (no sign-in): the profile document the page verifies
 * (contracts' profile.ts: one multiproof), for exactly the bets the page shows, in its order; stakes and their
 * salts only when the page shows money. Kept per (handle, settings' revision, read models'
 * checkpoints, log size), serialized and gzipped: a repeated visit reads no bet. The settings are
 * read on each request, so a page turned off is gone at once.
 */
export const createProfileProofs = (
  db: Kysely<ReadDatabase>,
  store: EventStore,
  reader: LogReader,
  origin: string,
  partitions: number | undefined,
) => {
  const kept = new KeptAnswers(ANSWERS_KEPT);
  return async (ctx: Context, turns: Middleware): Promise<void> => {
    const shown = await shownProfile(db, store, ctx.params.handle);
    const [at, size] = await Promise.all([readModelsAt(db, partitions), reader.latestSize()]);
    const key = `${shown.userId} ${shown.revision} ${at} ${size}`;
    await sendKeptOrMake(ctx, turns, kept, { handle: shown.handle, key, make: () => documentOf(db, reader, origin, shown) });
  };
};

const documentOf = async (
  db: Kysely<ReadDatabase>,
  reader: LogReader,
  origin: string,
  { userId, settings }: { userId: string; settings: Settings },
): Promise<ProfileDocument> => {
  const showMoney = !settings.units;
  const rows = await rowsOf(db, userId, settings);
  const { commitments: byRow, ...proof } = await reader.proveProfile(
    userId,
    rows.map((row) => row.id),
    { showMoney },
  );
  const parlayIds = rows.filter((row) => row.kind === 'parlay').map((row) => row.id);
  const legs = new Map<string, ParlayLeg[]>();
  if (parlayIds.length > 0)
    for (const parlay of await readModels(db).selectFrom('parlays').select(['id', 'legs']).where('id', 'in', parlayIds).execute())
      legs.set(parlay.id, parlay.legs);
  const bets = rows.map((row, i): ProfileBet => {
    const commitments = byRow[i];
    const unitSize = row.unit_size !== null && row.unit_size > 0 ? row.unit_size : null;
    const cashOut = row.cash_out_amount;
    return {
      id: row.id,
      outcome: row.outcome,
      legOutcomes: row.kind === 'parlay' ? (legs.get(row.id) ?? []).map((leg) => leg.outcome) : null,
      cashOutAmount: showMoney ? cashOut : null,
      cashOutUnits: cashOut !== null && unitSize !== null ? cashOut / unitSize : null,
      commitments,
      unproven: commitments.length > 0 ? null : { fields: unprovenFields(row, legs.get(row.id)), stake: showMoney ? row.stake : null },
      imported: row.imported,
    };
  });
  return { origin, ...proof, bets };
};
