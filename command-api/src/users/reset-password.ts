import { MESSAGES } from '@bt/contracts';
import { ValidationError } from '@bt/platform';
import { unreachable, type Command } from '../shared/command';
import type { User, UserEvent } from './user';

/**
 * A new password set through an e-mailed "Forgot password" link. The link proved the mailbox, not
 * a session: hashing is I/O, so the command carries the hash; `metadata.userId` is the link's user.
 */
export type ResetPassword = Command<'ResetPassword', { passwordHash: string }>;

export const resetPassword = (command: ResetPassword, state: User): UserEvent[] => {
  switch (state.status) {
    case 'none':
      // A link whose account is not there is a link that cannot be used: one message for all of them.
      throw new ValidationError(MESSAGES.resetLinkInvalid);
    case 'registered':
      // The same facts as a change of password; no session asked for it, so none keeps going.
      return [
        { type: 'PasswordChanged', data: { userId: state.userId, passwordHash: command.data.passwordHash } },
        { type: 'SessionsRevoked', data: { userId: state.userId, generation: state.generation + 1, reason: 'passwordChanged' } },
      ];
    default:
      return unreachable(state);
  }
};
