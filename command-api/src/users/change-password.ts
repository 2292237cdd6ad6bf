import { MESSAGES } from '@bt/contracts';
import { UnauthorizedError, ValidationError } from '@bt/platform';
import { unreachable, type Command } from '../shared/command';
import type { User, UserEvent } from './user';

/** Verifying and hashing are I/O: the command carries their results. */
export type ChangePassword = Command<'ChangePassword', { currentPasswordVerified: boolean; passwordHash: string }>;

export const changePassword = (command: ChangePassword, state: User): UserEvent[] => {
  switch (state.status) {
    case 'none':
      throw new UnauthorizedError(MESSAGES.unauthorized);
    case 'registered':
      // 400, not 401: the session is fine, and a 401 would sign the user out.
      if (!command.data.currentPasswordVerified) throw new ValidationError(MESSAGES.currentPasswordWrong);
      // Whoever knew the old password is signed out; the session that changed it gets a fresh token.
      return [
        { type: 'PasswordChanged', data: { userId: state.userId, passwordHash: command.data.passwordHash } },
        { type: 'SessionsRevoked', data: { userId: state.userId, generation: state.generation + 1, reason: 'passwordChanged' } },
      ];
    default:
      return unreachable(state);
  }
};
