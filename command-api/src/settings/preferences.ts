import { DEFAULTS, MESSAGES, type EventOf, type OddsFormat, type SettingsBody } from '@bt/contracts';
import { NotFoundError } from '@bt/platform';
import { ignoreUnknown, type Aggregate, type Command, type Recorded } from '../shared/command';

export type PreferencesEvent = EventOf<'UserRegistered' | 'OddsFormatChosen' | 'UnitSizeSet'>;

/**
 * The user's preferences, folded from `user-{id}` (the account's other events leave them as they
 * are): how prices are shown and the unit size new bets are placed with.
 */
export interface Preferences {
  /** Null until the account is registered. */
  userId: string | null;
  oddsFormat: OddsFormat;
  unitSize: number | null;
}

export const evolve = (state: Preferences, event: Recorded<PreferencesEvent>): Preferences => {
  switch (event.type) {
    case 'UserRegistered':
      return { ...state, userId: event.data.userId };
    case 'OddsFormatChosen':
      return { ...state, oddsFormat: event.data.oddsFormat };
    case 'UnitSizeSet':
      return { ...state, unitSize: event.data.unitSize };
    default:
      return ignoreUnknown(state, event);
  }
};

/** `user-{id}`, as far as preferences go. */
export const preferences: Aggregate<Preferences, PreferencesEvent> = {
  initialState: () => ({ userId: null, oddsFormat: DEFAULTS.oddsFormat, unitSize: null }),
  evolve,
};

/** PUT /api/settings: either or both of the preferences; unitSize null clears it. */
export type ChangeSettings = Command<'ChangeSettings', SettingsBody>;

/** OddsFormatChosen and UnitSizeSet, each only when it changes something. */
export const changeSettings = (command: ChangeSettings, state: Preferences): PreferencesEvent[] => {
  if (state.userId !== command.metadata.userId) throw new NotFoundError(MESSAGES.notFound);
  const { userId } = command.metadata;
  const { oddsFormat, unitSize } = command.data;
  const events: PreferencesEvent[] = [];
  if (oddsFormat !== undefined && oddsFormat !== state.oddsFormat) events.push({ type: 'OddsFormatChosen', data: { userId, oddsFormat } });
  if (unitSize !== undefined && unitSize !== state.unitSize) events.push({ type: 'UnitSizeSet', data: { userId, unitSize } });
  return events;
};
