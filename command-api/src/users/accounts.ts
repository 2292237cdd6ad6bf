import { MESSAGES, streams, type LoginBody, type RegisterBody } from '@bt/contracts';
import type { Position } from '@bt/event-store';
import { ConflictError, UnauthorizedError } from '@bt/platform';
import { handle, load, type Handled, type Loaded } from '../shared/handle';
import type { RequestScope } from '../shared/http';
import { laterPosition } from '../shared/positions';
import type { PasswordHasher } from '../shared/passwords';
import type { Services } from '../shared/services';
import { emailReservation, emailStream } from './email-reservation';
import { changeEmail } from './change-email';
import { changePassword } from './change-password';
import { registerUser } from './register-user';
import { releaseEmail } from './release-email';
import { reserveEmail } from './reserve-email';
import { revokeSessions } from './revoke-sessions';
import { user, type RegisteredUser, type User, type UserEvent } from './user';

/*
 * Account use cases span two streams (the address's and the account's), so they live here;
 * each step is still one pure decide over one stream.
 */

export interface AccountResult {
  user: RegisteredUser;
  position: Position | undefined;
}

/**
 * A command on the account that may revoke its sessions: decided on the loaded stream, the new
 * generation is written to auth.sessions (and announced to every process) before the events are
 * appended. Should the append then fail, sessions were ended without the change: the safe side.
 */
export const handleRevoking = async (
  services: Services,
  scope: RequestScope,
  decide: (state: User) => UserEvent[],
  loaded?: Loaded<User>,
): Promise<Handled<User, UserEvent>> => {
  const stream = streams.user(scope.userId);
  const current = loaded ?? (await load(services.store, stream, user));
  const revocation = decide(current.state).find((e) => e.type === 'SessionsRevoked');
  if (revocation) await services.sessions.revoke(scope.userId, revocation.data.generation);
  return handle(services.store, stream, user, decide, { metadata: scope.event, loaded: current });
};

/** The session generation a token signed now for this user must carry. */
export const currentGeneration = async (services: Services, account: RegisteredUser): Promise<number> =>
  Math.max(account.generation, (await services.sessions.generation(account.userId)) ?? 0);

const registered = async (services: Services, userId: string): Promise<RegisteredUser | undefined> => {
  const { state } = await load(services.store, streams.user(userId), user);
  return state.status === 'registered' ? state : undefined;
};

/**
 * Reserves `email` for scope.userId. A new address costs one append; a taken one is refused
 * unless its reservation is stale (its holder does not use it and it is past the grace period).
 */
const reserve = async (services: Services, scope: RequestScope, email: string) => {
  const stream = emailStream(email);
  const decideWith = (holderEmail?: string | null) => (state: Parameters<typeof reserveEmail>[1]) =>
    reserveEmail({ type: 'ReserveEmail', data: { email, holderEmail }, metadata: scope.command }, state);
  try {
    return await handle(services.store, stream, emailReservation, decideWith(), {
      metadata: scope.event,
      create: true,
      recovering: scope.recovering,
    });
  } catch (error) {
    if (!(error instanceof ConflictError)) throw error;
  }
  const loaded = await load(services.store, stream, emailReservation);
  const holder = loaded.state.status === 'reserved' && loaded.state.userId !== scope.userId ? loaded.state.userId : undefined;
  const holderEmail = holder === undefined ? undefined : ((await registered(services, holder))?.email ?? null);
  try {
    return await handle(services.store, stream, emailReservation, decideWith(holderEmail), { metadata: scope.event, loaded });
  } catch (error) {
    // Another registrant took it between our read and our append.
    if (error instanceof ConflictError) throw new ConflictError(MESSAGES.emailTaken);
    throw error;
  }
};

/** Register: reserve the address, then write the account (scope.userId is the new account's id). */
export const register = async (services: Services, scope: RequestScope, body: RegisterBody): Promise<AccountResult> => {
  // Hash first: the slow step should not sit between reserving the address and using it.
  const passwordHash = await services.passwords.hash(body.password);
  await reserve(services, scope, body.email);
  try {
    const result = await handle(
      services.store,
      streams.user(scope.userId),
      user,
      (state) =>
        registerUser(
          { type: 'RegisterUser', data: { email: body.email, username: body.username, passwordHash }, metadata: scope.command },
          state,
        ),
      { metadata: scope.event, create: true, recovering: scope.recovering },
    );
    if (result.state.status !== 'registered') throw new ConflictError(MESSAGES.emailTaken);
    await services.sessions.registered(scope.userId);
    return { user: result.state, position: result.position };
  } catch (error) {
    // Whatever failed, an address reserved for an account that was not written is let go at once,
    // rather than blocking a new registration for the reservation's grace period.
    await releaseUnused(services, scope, body.email).catch(() => undefined);
    throw error;
  }
};

/** Releases scope.userId's reservation of `email` unless that user's account exists and uses it. */
const releaseUnused = async (services: Services, scope: RequestScope, email: string): Promise<void> => {
  if ((await registered(services, scope.userId))?.email === email) return;
  await handle(
    services.store,
    emailStream(email),
    emailReservation,
    (state) => releaseEmail({ type: 'ReleaseEmail', data: { email }, metadata: scope.command }, state),
    { metadata: scope.event },
  );
};

/** Per hasher, a hash of nothing, verified when an address has no account (same cost as a real check). */
const decoys = new WeakMap<PasswordHasher, Promise<string>>();
const decoyFor = (passwords: PasswordHasher) => {
  let decoy = decoys.get(passwords);
  if (!decoy) decoys.set(passwords, (decoy = passwords.hash('not a password')));
  return decoy;
};

/** Login: the address's holder, if it still uses the address and the password matches. */
export const login = async (services: Services, body: LoginBody): Promise<RegisteredUser> => {
  const { state } = await load(services.store, emailStream(body.email), emailReservation);
  const account = state.status === 'reserved' ? await registered(services, state.userId) : undefined;
  if (!account || account.email !== body.email) {
    // Same work as a wrong password, so timing does not tell which addresses have accounts.
    await services.passwords.verify(await decoyFor(services.passwords), body.password);
    throw new UnauthorizedError(MESSAGES.badCredentials);
  }
  if (!(await services.passwords.verify(account.passwordHash, body.password))) throw new UnauthorizedError(MESSAGES.badCredentials);
  return account;
};

/** Change of e-mail: reserve the new address, record the change, release the old one. */
export const updateEmail = async (services: Services, scope: RequestScope, newEmail: string): Promise<AccountResult> => {
  const reserved = await reserve(services, scope, newEmail);
  const changed = await handleRevoking(services, scope, (state) =>
    changeEmail({ type: 'ChangeEmail', data: { email: newEmail }, metadata: scope.command }, state),
  );
  if (changed.state.status !== 'registered') throw new UnauthorizedError();
  let position = laterPosition(reserved.position, changed.position);
  const change = changed.events.find((e) => e.type === 'EmailChanged');
  if (change) {
    const previous = change.data.previousEmail;
    try {
      const released = await handle(
        services.store,
        emailStream(previous),
        emailReservation,
        (state) => releaseEmail({ type: 'ReleaseEmail', data: { email: previous }, metadata: scope.command }, state),
        { metadata: scope.event },
      );
      position = laterPosition(position, released.position);
    } catch (error) {
      // Not fatal: a reservation its holder no longer uses goes stale and can be taken over.
      if (!(error instanceof ConflictError)) throw error;
    }
  }
  return { user: changed.state, position };
};

/** Change of password: the current one must match. */
export const updatePassword = async (
  services: Services,
  scope: RequestScope,
  body: { currentPassword: string; newPassword: string },
): Promise<AccountResult> => {
  const loaded = await load(services.store, streams.user(scope.userId), user);
  const currentPasswordVerified =
    loaded.state.status === 'registered' && (await services.passwords.verify(loaded.state.passwordHash, body.currentPassword));
  const passwordHash = currentPasswordVerified ? await services.passwords.hash(body.newPassword) : '';
  const result = await handleRevoking(
    services,
    scope,
    (state) => changePassword({ type: 'ChangePassword', data: { currentPasswordVerified, passwordHash }, metadata: scope.command }, state),
    loaded,
  );
  if (result.state.status !== 'registered') throw new UnauthorizedError();
  return { user: result.state, position: result.position };
};

/** "Log out of all devices": every session ends, this one included. */
export const logOutEverywhere = async (services: Services, scope: RequestScope): Promise<AccountResult> => {
  const result = await handleRevoking(services, scope, (state) =>
    revokeSessions({ type: 'RevokeSessions', data: {}, metadata: scope.command }, state),
  );
  if (result.state.status !== 'registered') throw new UnauthorizedError();
  return { user: result.state, position: result.position };
};
