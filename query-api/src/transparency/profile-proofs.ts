import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import type { Context } from 'koa';
import type { Kysely } from 'kysely';
import type { CompactProfileDocument, ParlayLeg, ProfileBet, ShownFields } from '@bt/contracts';
import type { EventStore } from '@bt/event-store';
import { readModels, type ReadDatabase } from '../read-db';
import { shownBets, shownProfile, type Settings } from '../queries/get-public-profile';
import type { LogReader } from './log-reader';

/** A profile's proofs document, serialized once and gzipped once. */
export interface ProofsAnswer {
  /** Names this answer: the handle, the log's size, the settings and every shown bet's version. */
  etag: string;
  json: Buffer;
  gzip: Buffer;
}

/** How many profiles' answers are kept. */
const ANSWERS_KEPT = 16;

const COLUMNS = [
  'id',
  'kind',
  'outcome',
  'version',
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
    legs: (legs ?? []).map((leg) => ({
      sport: leg.sport,
      league: leg.league ?? null,
      event: leg.event,
      selection: leg.selection,
      odds: leg.odds,
      date: leg.date,
      startsAt: leg.startsAt ?? null,
    })),
  };
};

type ShownRow = Awaited<ReturnType<typeof rowsOf>>[number];
const rowsOf = (db: Kysely<ReadDatabase>, userId: string, settings: Settings) => shownBets(db, userId, settings).select(COLUMNS).execute();

/**
 * GET /api/public/profiles/:handle/proofs (no sign-in): the profile document the page verifies
 * (contracts' compact form), for exactly the bets the page shows, in its order; stakes and their
 * salts only when the page shows money. The answer is kept per (handle, latest tree size, settings,
 * bets' versions), serialized and gzipped: a page of 10,000 bets is read, not rebuilt, on each visit.
 */
export const createProfileProofs = (db: Kysely<ReadDatabase>, store: EventStore, reader: LogReader, origin: string) => {
  const answers = new Map<string, ProofsAnswer>();
  return async (param: string): Promise<ProofsAnswer> => {
    const { userId, handle, settings } = await shownProfile(db, store, param);
    const showMoney = !settings.units;
    const [rows, proven] = await Promise.all([rowsOf(db, userId, settings), reader.proveLeaves(userId, showMoney)]);
    const digest = createHash('sha256').update(JSON.stringify(settings)).update(String(proven.size));
    for (const row of rows) digest.update(`${row.id}:${row.version}:${row.outcome};`);
    const etag = `"${digest.digest('base64url')}"`;
    const kept = answers.get(handle);
    if (kept?.etag === etag) return kept;

    const parlayIds = rows.filter((row) => row.kind === 'parlay').map((row) => row.id);
    const legs = new Map<string, ParlayLeg[]>();
    if (parlayIds.length > 0)
      for (const parlay of await readModels(db).selectFrom('parlays').select(['id', 'legs']).where('id', 'in', parlayIds).execute())
        legs.set(parlay.id, parlay.legs);
    const bets = rows.map((row) => {
      const commitments = proven.byPick.get(row.id) ?? [];
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
      } satisfies Omit<ProfileBet, 'commitments'> & { commitments: unknown };
    });
    const document: CompactProfileDocument = {
      origin,
      checkpoint: proven.checkpoint ?? '',
      nodes: proven.nodes,
      checkpoints: proven.checkpoints,
      bets,
    };
    const json = Buffer.from(JSON.stringify(document));
    const answer = { etag, json, gzip: gzipSync(json) };
    answers.delete(handle);
    answers.set(handle, answer);
    if (answers.size > ANSWERS_KEPT) answers.delete(answers.keys().next().value as string);
    return answer;
  };
};

/** Answers the kept document: gzipped as kept when the client takes gzip, 304 when its copy is current. */
export const sendProofs = (ctx: Context, answer: ProofsAnswer): void => {
  ctx.status = 200;
  ctx.set('ETag', answer.etag);
  ctx.set('Cache-Control', 'no-cache');
  ctx.vary('Accept-Encoding');
  if (ctx.fresh) {
    ctx.status = 304;
    return;
  }
  ctx.type = 'application/json';
  ctx.compress = false;
  if (ctx.acceptsEncodings('gzip', 'identity') === 'gzip') {
    ctx.set('Content-Encoding', 'gzip');
    ctx.body = answer.gzip;
  } else ctx.body = answer.json;
};
