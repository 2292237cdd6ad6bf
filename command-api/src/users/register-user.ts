import { MESSAGES } from '@bt/contracts';
import { ConflictError } from '@bt/platform';
import { unreachable, type Command } from '../shared/command';
import type { User, UserEvent } from './user';

/** metadata.userId is the new account's id; the password arrives hashed (hashing is I/O). */
export type RegisterUser = Command<'RegisterUser', { email: string; username: string | null; passwordHash: string }>;

export const registerUser = (command: RegisterUser, state: User): UserEvent[] => {
  const { email, username, passwordHash } = command.data;
  switch (state.status) {
    case 'none':
      return [{ type: 'UserRegistered', data: { userId: command.metadata.userId, email, username, passwordHash } }];
    case 'registered':
      // The same registration retried (ids derived from its Idempotency-Key): nothing more to record.
      if (state.email === email) return [];
      throw new ConflictError(MESSAGES.emailTaken);
    default:
      return unreachable(state);
  }
};
