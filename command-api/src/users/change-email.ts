import { MESSAGES } from '@bt/contracts';
import { UnauthorizedError } from '@bt/platform';
import { unreachable, type Command } from '../shared/command';
import type { User, UserEvent } from './user';

/** The new address is reserved (email stream) before this is decided. */
export type ChangeEmail = Command<'ChangeEmail', { email: string }>;

export const changeEmail = (command: ChangeEmail, state: User): UserEvent[] => {
  switch (state.status) {
    case 'none':
      // A valid token for an account that does not exist: the session is not good.
      throw new UnauthorizedError(MESSAGES.unauthorized);
    case 'registered':
      if (state.email === command.data.email) return [];
      // The address signs in: whoever held a session under the old one is signed out.
      return [
        { type: 'EmailChanged', data: { userId: state.userId, email: command.data.email, previousEmail: state.email } },
        { type: 'SessionsRevoked', data: { userId: state.userId, generation: state.generation + 1, reason: 'emailChanged' } },
      ];
    default:
      return unreachable(state);
  }
};
