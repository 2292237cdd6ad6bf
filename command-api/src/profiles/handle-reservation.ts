import { HANDLE_HOLD_DAYS, MESSAGES, type EventOf } from '@bt/contracts';
import { ConflictError } from '@bt/platform';
import { ignoreUnknown, unreachable, type Aggregate, type Command, type Recorded } from '../shared/command';

export type HandleEvent = EventOf<'HandleReserved' | 'HandleReleased'>;

/**
 * Who may use a handle (`handle-{handle}`): nobody yet, its holder, or, once let go, its former
 * holder alone until `reusableFrom` (30 days), so a page's address never passes to someone else
 * while links to it still circulate. Handles are unique without a read model, as e-mail addresses are.
 */
export type HandleReservation =
  { status: 'free' } | { status: 'reserved'; userId: string } | { status: 'released'; userId: string; reusableFrom: string };

export const evolve = (state: HandleReservation, event: Recorded<HandleEvent>): HandleReservation => {
  switch (event.type) {
    case 'HandleReserved':
      return { status: 'reserved', userId: event.data.userId };
    case 'HandleReleased':
      // Only the holder lets go: a late release by a former holder does not free a newer reservation.
      return state.status === 'reserved' && state.userId === event.data.userId
        ? { status: 'released', userId: event.data.userId, reusableFrom: event.data.reusableFrom }
        : state;
    default:
      return ignoreUnknown(state, event);
  }
};

export const handleReservation: Aggregate<HandleReservation, HandleEvent> = { initialState: () => ({ status: 'free' }), evolve };

/** metadata.userId takes `handle`. */
export type ReserveHandle = Command<'ReserveHandle', { handle: string }>;

export const reserveHandle = (command: ReserveHandle, state: HandleReservation): HandleEvent[] => {
  const { userId, now } = command.metadata;
  const reserved: HandleEvent[] = [{ type: 'HandleReserved', data: { userId, handle: command.data.handle } }];
  switch (state.status) {
    case 'free':
      return reserved;
    case 'reserved':
      if (state.userId === userId) return [];
      throw new ConflictError(MESSAGES.handleTaken);
    case 'released':
      if (state.userId !== userId && Date.parse(now) < Date.parse(state.reusableFrom)) throw new ConflictError(MESSAGES.handleTaken);
      return reserved;
    default:
      return unreachable(state);
  }
};

/**
 * metadata.userId lets go of `handle`: held for them `holdDays` (HANDLE_HOLD_DAYS; 0 when the handle
 * was never used, e.g. the profile's write failed after the reservation).
 */
export type ReleaseHandle = Command<'ReleaseHandle', { handle: string; holdDays?: number }>;

export const releaseHandle = (command: ReleaseHandle, state: HandleReservation): HandleEvent[] => {
  const { userId, now } = command.metadata;
  if (state.status !== 'reserved' || state.userId !== userId) return [];
  const reusableFrom = new Date(Date.parse(now) + (command.data.holdDays ?? HANDLE_HOLD_DAYS) * 86_400_000).toISOString();
  return [{ type: 'HandleReleased', data: { userId, handle: command.data.handle, reusableFrom } }];
};
