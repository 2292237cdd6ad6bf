import { MESSAGES, type EventOf, type ProfileBody, type ProfileSettings, type ProfileSports } from '@bt/contracts';
import { NotFoundError } from '@bt/platform';
import { ignoreUnknown, type Aggregate, type Command, type Recorded } from '../shared/command';

export type ProfileEvent = EventOf<'UserRegistered' | 'PublicProfileSet' | 'PublicProfileRemoved'>;

export interface PublicProfileState {
  handle: string;
  enabled: boolean;
  sports: ProfileSports;
  units: boolean;
  since: string | null;
}

/** `user-{id}` as far as the public profile goes (off, with no handle, until the user sets one). */
export interface Profile {
  /** Null until the account is registered. */
  userId: string | null;
  profile: PublicProfileState | null;
}

export const evolve = (state: Profile, event: Recorded<ProfileEvent>): Profile => {
  switch (event.type) {
    case 'UserRegistered':
      return { ...state, userId: event.data.userId };
    case 'PublicProfileSet': {
      const { handle, enabled, sports, units, since } = event.data;
      return { ...state, profile: { handle, enabled, sports: sports as ProfileSports, units, since } };
    }
    case 'PublicProfileRemoved':
      return { ...state, profile: null };
    default:
      return ignoreUnknown(state, event);
  }
};

export const profile: Aggregate<Profile, ProfileEvent> = { initialState: () => ({ userId: null, profile: null }), evolve };

const sameSports = (a: ProfileSports, b: ProfileSports) =>
  a === 'all' || b === 'all' ? a === b : a.length === b.length && a.every((sport, i) => sport === b[i]);

/** PUT /api/profile: the settings as sent; sports, units and since left out keep theirs (all, money, from the first bet at first). */
export type SetProfile = Command<'SetProfile', ProfileBody>;

/** PublicProfileSet when anything changes; nothing otherwise. */
export const setProfile = (command: SetProfile, state: Profile): ProfileEvent[] => {
  if (state.userId !== command.metadata.userId) throw new NotFoundError(MESSAGES.notFound);
  const current = state.profile;
  const next: PublicProfileState = {
    handle: command.data.handle,
    enabled: command.data.enabled,
    sports: command.data.sports ?? current?.sports ?? 'all',
    units: command.data.units ?? current?.units ?? false,
    since: command.data.since === undefined ? (current?.since ?? null) : command.data.since,
  };
  const unchanged =
    current !== null &&
    current.handle === next.handle &&
    current.enabled === next.enabled &&
    sameSports(current.sports, next.sports) &&
    current.units === next.units &&
    current.since === next.since;
  return unchanged ? [] : [{ type: 'PublicProfileSet', data: { userId: command.metadata.userId, ...next } }];
};

/** DELETE /api/profile: the profile goes (404 when there is none). */
export type RemoveProfile = Command<'RemoveProfile', Record<string, never>>;

export const removeProfile = (command: RemoveProfile, state: Profile): ProfileEvent[] => {
  if (state.userId !== command.metadata.userId || state.profile === null) throw new NotFoundError(MESSAGES.profileNotFound);
  return [{ type: 'PublicProfileRemoved', data: { userId: command.metadata.userId, handle: state.profile.handle } }];
};

/** The settings as GET and PUT /api/profile answer them. */
export const toProfileSettings = (state: PublicProfileState, version: number): ProfileSettings => ({
  ...state,
  path: `/u/${state.handle}`,
  version,
});
