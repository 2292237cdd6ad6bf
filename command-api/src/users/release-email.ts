import { unreachable, type Command } from '../shared/command';
import type { EmailEvent, EmailReservation } from './email-reservation';

/** metadata.userId lets go of `email` (after changing to another address). */
export type ReleaseEmail = Command<'ReleaseEmail', { email: string }>;

export const releaseEmail = (command: ReleaseEmail, state: EmailReservation): EmailEvent[] => {
  switch (state.status) {
    case 'free':
      return [];
    case 'reserved':
      return state.userId === command.metadata.userId
        ? [{ type: 'EmailReleased', data: { userId: command.metadata.userId, email: command.data.email } }]
        : [];
    default:
      return unreachable(state);
  }
};
