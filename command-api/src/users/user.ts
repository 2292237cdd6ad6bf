import type { EventOf, User as UserResponse } from '@bt/contracts';
import { ignoreUnknown, type Aggregate, type Recorded } from '../shared/command';

export type UserEvent = EventOf<'UserRegistered' | 'EmailChanged' | 'PasswordChanged' | 'SessionsRevoked'>;

export interface RegisteredUser {
  status: 'registered';
  userId: string;
  email: string;
  username: string | null;
  passwordHash: string;
  createdAt: string;
  /** Session generation: tokens signed with a lower one are revoked (see contracts' sessions). */
  generation: number;
}
export type User = { status: 'none' } | RegisteredUser;

export const evolve = (state: User, event: Recorded<UserEvent>): User => {
  switch (event.type) {
    case 'UserRegistered': {
      const { userId, email, username, passwordHash } = event.data;
      return { status: 'registered', userId, email, username, passwordHash, createdAt: event.occurredAt, generation: 0 };
    }
    case 'EmailChanged':
      return state.status === 'registered' ? { ...state, email: event.data.email } : state;
    case 'PasswordChanged':
      return state.status === 'registered' ? { ...state, passwordHash: event.data.passwordHash } : state;
    case 'SessionsRevoked':
      return state.status === 'registered' ? { ...state, generation: Math.max(state.generation, event.data.generation) } : state;
    default:
      return ignoreUnknown(state, event);
  }
};

/** `user-{id}`: the account. */
export const user: Aggregate<User, UserEvent> = { initialState: () => ({ status: 'none' }), evolve };

/** The user as login, register and update-email answer it. */
export const toUserResponse = (state: RegisteredUser): UserResponse => ({
  id: state.userId,
  email: state.email,
  username: state.username,
  createdAt: state.createdAt,
});
