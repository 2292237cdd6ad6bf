import { sql } from 'kysely';
import { MESSAGES, streams } from '@bt/contracts';
import { formatPosition, WrongExpectedRevision, type EventStore, type PersonalDataStore, type Position } from '@bt/event-store';
import { UnauthorizedError, ValidationError } from '@bt/platform';
import { load } from '../shared/handle';
import type { RequestScope } from '../shared/http';
import type { Services } from '../shared/services';
import { readModelsReached } from '../imports/import-slots';
import { handleReservation } from '../profiles/handle-reservation';
import { emailReservation, emailStream } from './email-reservation';
import { user } from './user';

/**
 * The session generation of a deleted account: above any a living account reaches, so every token
 * signed before is refused at once by every process (the registry tells them), before anything is erased.
 */
const DELETED_GENERATION = 2_147_483_647;

/** True once the account's deletion has ended its sessions: a long write (an import) stops there. */
export const accountDeleted = async (services: Services, userId: string): Promise<boolean> =>
  (await services.sessions.generation(userId)) === DELETED_GENERATION;

/** Longest the deletion waits for the user's requests let in before it, and then for the read models. */
const IN_FLIGHT_WAIT_MS = 30_000;

/** A store with crypto-shredding (every service's); a bare one (the command side's own tests) has no key to destroy. */
const hasDataKeys = (store: EventStore): store is PersonalDataStore => 'destroyKey' in store;

const isEmailStream = (streamId: string): boolean => streamId.startsWith('email-');
const isHandleStream = (streamId: string): boolean => streamId.startsWith('handle-');

/**
 * DELETE /api/account (DESIGN "Deleting an account"): with the account's password, every session
 * ends, an AccountDeleted (the user id, nothing personal) is appended to the account's tombstone
 * stream, the user's data key is destroyed (crypto-shredding), the user's streams are erased from
 * the event store (the projector then drops every read-model row of the user), and the command
 * side's rows of the user go. A wrong password deletes nothing (400, counted as a wrong password
 * is by the sign-in limits).
 */
export async function deleteAccount(services: Services, scope: RequestScope, password: string): Promise<Position> {
  const { userId } = scope;
  const { state } = await load(services.store, streams.user(userId), user);
  if (state.status !== 'registered') throw new UnauthorizedError(MESSAGES.unauthorized);
  if (!(await services.passwords.verify(state.passwordHash, password))) throw new ValidationError(MESSAGES.accountPasswordWrong);

  await services.sessions.revoke(userId, DELETED_GENERATION);
  // The user's requests let in before the sessions ended (bets, an import) finish first, and the
  // read models take what they wrote: then streamsOf finds every stream the user has. (Requests in
  // this process; another replica's are bounded by what it appends before it sees the revocation.)
  await services.writes.othersEnded(userId, 1, IN_FLIGHT_WAIT_MS);
  await readModelsReached(services.db, formatPosition(await services.store.headPosition()), IN_FLIGHT_WAIT_MS);
  const erased = await streamsOf(services, userId, state.email);
  let position: Position;
  try {
    ({ position } = await services.store.append(
      streams.accountDeleted(userId),
      [{ type: 'AccountDeleted', data: { userId }, metadata: scope.event }],
      'no_stream',
    ));
  } catch (error) {
    // A retry after a failure half-way: the tombstone is there already, the erasure goes on.
    if (!(error instanceof WrongExpectedRevision)) throw error;
    position = (await services.store.readStream(streams.accountDeleted(userId)))[0].position;
  }
  // The key first: whatever erasure misses (a copy, a backup, a stream written in the instant before) reads "[deleted]".
  if (hasDataKeys(services.store)) await services.store.destroyKey(userId);
  await services.store.deleteStreams(erased, { reusable: (id) => isEmailStream(id) || isHandleStream(id) });
  await eraseCommandRows(services, userId);
  return position;
}

/**
 * The streams to erase: the account's own, every stream the read models saw the user write, and
 * each e-mail reservation or public-profile handle unless another account holds it now (its stream is theirs).
 * A stream written in the instant before the sessions ended and not yet projected can be missed:
 * no read model shows it (the projector skips a deleted user's events), and its personal fields
 * are encrypted with the key the deletion destroys.
 */
async function streamsOf(services: Services, userId: string, email: string): Promise<string[]> {
  const { rows } = await sql<{ stream_id: string }>`select stream_id from read.user_streams where user_id = ${userId}::uuid`
    .execute(services.db)
    .catch(() => ({ rows: [] as { stream_id: string }[] })); // no read models yet (a command-api on its own)
  const candidates = new Set([
    streams.user(userId),
    streams.bankroll(userId),
    streams.imports(userId),
    emailStream(email),
    ...rows.map((r) => r.stream_id),
  ]);
  const erased: string[] = [];
  for (const streamId of candidates) {
    if (isEmailStream(streamId)) {
      const { state } = await load(services.store, streamId, emailReservation);
      if (state.status === 'reserved' && state.userId !== userId) continue;
    }
    if (isHandleStream(streamId)) {
      const { state } = await load(services.store, streamId, handleReservation);
      if (state.status !== 'free' && state.userId !== userId) continue;
    }
    erased.push(streamId);
  }
  return erased;
}

/** The command side's rows of the user: idempotency records (their registration's too), "Forgot password" links, imports, sessions. */
async function eraseCommandRows(services: Services, userId: string): Promise<void> {
  const { db } = services;
  await db
    .deleteFrom('command.idempotency')
    .where((eb) =>
      eb.or([eb('scope', '=', userId), eb.and([eb('scope', '=', 'anonymous'), sql<boolean>`body -> 'user' ->> 'id' = ${userId}`])]),
    )
    .execute();
  await db.deleteFrom('command.password_resets').where('user_id', '=', userId).execute();
  await db.deleteFrom('command.imports').where('user_id', '=', userId).execute();
  // Every process has the deleted generation by now; without the row a token's check reads the (erased) stream: no user.
  await sql`delete from auth.sessions where user_id = ${userId}`.execute(db);
}
