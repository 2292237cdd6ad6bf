import { createHash } from 'node:crypto';
import { streams, type EventOf } from '@bt/contracts';
import { ignoreUnknown, type Aggregate, type Recorded } from '../shared/command';

export type EmailEvent = EventOf<'EmailReserved' | 'EmailReleased'>;

export interface ReservedEmail {
  status: 'reserved';
  userId: string;
  email: string;
  reservedAt: string;
}
export type EmailReservation = { status: 'free' } | ReservedEmail;

export const evolve = (state: EmailReservation, event: Recorded<EmailEvent>): EmailReservation => {
  switch (event.type) {
    case 'EmailReserved':
      return { status: 'reserved', userId: event.data.userId, email: event.data.email, reservedAt: event.occurredAt };
    case 'EmailReleased':
      // Only the holder can let go: a late release by a former holder must not free a newer reservation.
      return state.status === 'reserved' && state.userId === event.data.userId ? { status: 'free' } : state;
    default:
      return ignoreUnknown(state, event);
  }
};

/** `email-{sha256(lower(email))}`: who holds an address, so addresses are unique without a read model. */
export const emailReservation: Aggregate<EmailReservation, EmailEvent> = { initialState: () => ({ status: 'free' }), evolve };

export const emailStream = (email: string): string => streams.email(createHash('sha256').update(email.trim().toLowerCase()).digest('hex'));
