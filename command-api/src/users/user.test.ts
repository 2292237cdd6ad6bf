import { expect } from 'chai';
import { fold, type Recorded } from '../shared/command';
import { EARLIER, NOW, USER } from '../testing/decider-spec';
import { toUserResponse, user, type UserEvent } from './user';

const at = (event: UserEvent, occurredAt = EARLIER): Recorded<UserEvent> => ({ ...event, occurredAt });
const registered = at({ type: 'UserRegistered', data: { userId: USER, email: 'a@example.com', username: 'ann', passwordHash: 'h1' } });

describe('the user aggregate (evolve)', () => {
  it('starts with no account', () => expect(fold(user, [])).to.deep.equal({ status: 'none' }));

  it('given a registration, then the account as registered, in session generation 0', () =>
    expect(fold(user, [registered])).to.deep.equal({
      status: 'registered',
      userId: USER,
      email: 'a@example.com',
      username: 'ann',
      passwordHash: 'h1',
      createdAt: EARLIER,
      generation: 0,
    }));

  it('given an e-mail change and a password change, then both, and nothing else moves', () =>
    expect(
      fold(user, [
        registered,
        at({ type: 'EmailChanged', data: { userId: USER, email: 'b@example.com' } } as UserEvent, NOW),
        at({ type: 'PasswordChanged', data: { userId: USER, passwordHash: 'h2' } } as UserEvent, NOW),
      ]),
    ).to.deep.include({ email: 'b@example.com', passwordHash: 'h2', createdAt: EARLIER, generation: 0 }));

  it('keeps the highest session generation it has seen', () => {
    const revoked = (generation: number) => at({ type: 'SessionsRevoked', data: { userId: USER, generation, reason: 'logoutAll' } });
    expect(fold(user, [registered, revoked(3), revoked(2)])).to.deep.include({ generation: 3 });
    expect(fold(user, [registered, revoked(1), revoked(4)])).to.deep.include({ generation: 4 });
  });

  it('ignores changes to an account that was never registered', () => {
    const changes: Recorded<UserEvent>[] = [
      at({ type: 'EmailChanged', data: { userId: USER, email: 'b@example.com' } } as UserEvent),
      at({ type: 'PasswordChanged', data: { userId: USER, passwordHash: 'h2' } } as UserEvent),
      at({ type: 'SessionsRevoked', data: { userId: USER, generation: 2, reason: 'logoutAll' } }),
    ];
    expect(fold(user, changes)).to.deep.equal({ status: 'none' });
  });

  it('answers the account without its password hash or session generation', () => {
    const state = fold(user, [registered]);
    if (state.status !== 'registered') throw new Error('not registered');
    expect(toUserResponse(state)).to.deep.equal({ id: USER, email: 'a@example.com', username: 'ann', createdAt: EARLIER });
  });
});
