import type Router from '@koa/router';
import { MESSAGES, profileBody, rowVersion, streams, type ProfileAnswer } from '@bt/contracts';
import { ConflictError } from '@bt/platform';
import { handle, load } from '../shared/handle';
import { parseBody, reply, requestScope, type RequestScope } from '../shared/http';
import { laterPosition } from '../shared/positions';
import type { RouteKit } from '../shared/router';
import type { Services } from '../shared/services';
import { handleReservation, releaseHandle, reserveHandle } from './handle-reservation';
import { profile, removeProfile, setProfile, toProfileSettings } from './profile';

/** How often a profile change decides again after another write to the user's stream got in first. */
const ATTEMPTS = 5;

/** Takes `handle` for the user (a 409 handleTaken when someone else holds it, or held it less than 30 days ago). */
const reserve = async (services: Services, scope: RequestScope, name: string) => {
  try {
    return await handle(
      services.store,
      streams.handle(name),
      handleReservation,
      (state) => reserveHandle({ type: 'ReserveHandle', data: { handle: name }, metadata: scope.command }, state),
      { metadata: scope.event },
    );
  } catch (error) {
    // Another user took it between our read and our append.
    if (error instanceof ConflictError) throw new ConflictError(MESSAGES.handleTaken);
    throw error;
  }
};

/** Lets go of `handle`: held 30 days for the user, or not at all when it was never used. */
const release = async (services: Services, scope: RequestScope, name: string, holdDays?: number) =>
  handle(
    services.store,
    streams.handle(name),
    handleReservation,
    (state) => releaseHandle({ type: 'ReleaseHandle', data: { handle: name, holdDays }, metadata: scope.command }, state),
    { metadata: scope.event },
  );

/**
 * Keeps the handle the profile shows reserved for its user, once a PUT or DELETE has written and let
 * go: a concurrent PUT may have set again the handle this one was letting go of (its reservation
 * found the handle still held and appended nothing), and the release then came after it. Every
 * release and every profile write is followed by this check, so whichever request checks last sees
 * both and reserves the shown handle again; it is still held for the user, so nobody else can have
 * taken it in between.
 */
const keepShownReserved = async (services: Services, scope: RequestScope) => {
  for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
    const shown = (await load(services.store, streams.user(scope.userId), profile)).state.profile?.handle;
    if (shown === undefined) return undefined;
    try {
      return (await reserve(services, scope, shown)).position;
    } catch (error) {
      // A concurrent release or reservation of the same handle got in first: look again.
      if (!(error instanceof ConflictError)) throw error;
    }
  }
  return undefined;
};

export const profileRoutes = (router: Router, { services, auth, json }: RouteKit): void => {
  /*
   * Two streams, as a change of e-mail: the new handle is reserved first (`handle-{handle}`), then
   * the settings are written on `user-{id}`, then an old handle is released (kept for the user 30
   * days). A reservation whose settings could not be written is let go at once.
   */
  router.put('/profile', auth, json, async (ctx) => {
    const body = parseBody(profileBody, ctx);
    const scope = requestScope(ctx, services);
    const before = await load(services.store, streams.user(scope.userId), profile);
    let reserved: Awaited<ReturnType<typeof reserve>> | undefined;
    let loaded = before;
    for (let attempt = 1; ; attempt++) {
      // Read again on every attempt: a concurrent PUT may have set another handle (and let go of this
      // one), so this one takes its handle again and lets go of that one.
      const previous = loaded.state.profile?.handle;
      if (!reserved && previous !== body.handle) reserved = await reserve(services, scope, body.handle);
      try {
        const result = await handle(
          services.store,
          streams.user(scope.userId),
          profile,
          (state) => setProfile({ type: 'SetProfile', data: body, metadata: scope.command }, state),
          { metadata: scope.event, loaded },
        );
        let position = laterPosition(reserved?.position, result.position);
        const released = result.events.length > 0 && previous !== undefined && previous !== body.handle;
        if (released) position = laterPosition(position, (await release(services, scope, previous)).position);
        // A PUT that wrote nothing set no handle and let go of none: there is nothing to keep.
        if (result.events.length > 0) position = laterPosition(position, await keepShownReserved(services, scope));
        const answer: ProfileAnswer = {
          profile: result.state.profile && toProfileSettings(result.state.profile, rowVersion(result.version)),
        };
        reply(ctx, 200, answer, position);
        return;
      } catch (error) {
        if (!(error instanceof ConflictError) || attempt === ATTEMPTS) {
          // Let go of the handle only if this request took it (not if it found it already held).
          if (reserved && reserved.events.length > 0) {
            await release(services, scope, body.handle, 0)
              .then(() => keepShownReserved(services, scope))
              .catch(() => undefined);
          }
          throw error;
        }
        loaded = await load(services.store, streams.user(scope.userId), profile);
      }
    }
  });

  router.delete('/profile', auth, async (ctx) => {
    const scope = requestScope(ctx, services);
    const result = await handle(
      services.store,
      streams.user(scope.userId),
      profile,
      (state) => removeProfile({ type: 'RemoveProfile', data: {}, metadata: scope.command }, state),
      { metadata: scope.event },
    );
    const removed = result.events.find((event) => event.type === 'PublicProfileRemoved');
    const released = removed ? await release(services, scope, removed.data.handle) : undefined;
    const kept = removed ? await keepShownReserved(services, scope) : undefined;
    reply(ctx, 200, { message: MESSAGES.profileRemoved }, laterPosition(laterPosition(result.position, released?.position), kept));
  });
};
