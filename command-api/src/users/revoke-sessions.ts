import { MESSAGES } from '@bt/contracts';
import { UnauthorizedError } from '@bt/platform';
import { unreachable, type Command } from '../shared/command';
import type { User, UserEvent } from './user';

/** "Log out of all devices": every session of the user ends, the one that asked included. */
export type RevokeSessions = Command<'RevokeSessions', Record<string, never>>;

export const revokeSessions = (_command: RevokeSessions, state: User): UserEvent[] => {
  switch (state.status) {
    case 'none':
      throw new UnauthorizedError(MESSAGES.unauthorized);
    case 'registered':
      return [{ type: 'SessionsRevoked', data: { userId: state.userId, generation: state.generation + 1, reason: 'logoutAll' } }];
    default:
      return unreachable(state);
  }
};
