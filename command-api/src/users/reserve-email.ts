import { MESSAGES } from '@bt/contracts';
import { ConflictError } from '@bt/platform';
import { unreachable, type Command } from '../shared/command';
import type { EmailEvent, EmailReservation } from './email-reservation';

/**
 * How long a reservation whose holder does not (yet) use the address still blocks it: the holder
 * may be between reserving and writing its account. After that it is stale and may be taken over.
 */
export const RESERVATION_GRACE_MS = 60_000;

/** metadata.userId reserves `email`. */
export type ReserveEmail = Command<
  'ReserveEmail',
  {
    email: string;
    /**
     * The current holder's own e-mail as its account stands (null: it has no account), looked up
     * when someone else holds the address; undefined when not looked up.
     */
    holderEmail?: string | null;
  }
>;

export const reserveEmail = (command: ReserveEmail, state: EmailReservation): EmailEvent[] => {
  const { userId, now } = command.metadata;
  const { email, holderEmail } = command.data;
  switch (state.status) {
    case 'free':
      return [{ type: 'EmailReserved', data: { userId, email } }];
    case 'reserved': {
      if (state.userId === userId) return [];
      const inUse = holderEmail === undefined || holderEmail === state.email;
      const recent = Date.parse(now) - Date.parse(state.reservedAt) < RESERVATION_GRACE_MS;
      if (inUse || recent) throw new ConflictError(MESSAGES.emailTaken);
      return [{ type: 'EmailReserved', data: { userId, email } }];
    }
    default:
      return unreachable(state);
  }
};
