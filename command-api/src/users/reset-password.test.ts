import { MESSAGES, type EventOf } from '@bt/contracts';
import { deciderSpec, meta, USER } from '../testing/decider-spec';
import { resetPassword, type ResetPassword } from './reset-password';
import { user } from './user';

const registered: EventOf<'UserRegistered'> = {
  type: 'UserRegistered',
  data: { userId: USER, email: 'ann@example.com', username: 'ann', passwordHash: 'hash-1' },
};
const reset: ResetPassword = { type: 'ResetPassword', data: { passwordHash: 'hash-2' }, metadata: meta() };

describe('resetting a password through an e-mailed link', () => {
  const spec = deciderSpec(user, resetPassword);

  it('records the new password and ends every session', () =>
    spec
      .given([registered])
      .when(reset)
      .then([
        { type: 'PasswordChanged', data: { userId: USER, passwordHash: 'hash-2' } },
        { type: 'SessionsRevoked', data: { userId: USER, generation: 1, reason: 'passwordChanged' } },
      ]));

  it('ends the sessions signed since an earlier revocation too', () =>
    spec
      .given([registered, { type: 'SessionsRevoked', data: { userId: USER, generation: 3, reason: 'logoutAll' } }])
      .when(reset)
      .then([
        { type: 'PasswordChanged', data: { userId: USER, passwordHash: 'hash-2' } },
        { type: 'SessionsRevoked', data: { userId: USER, generation: 4, reason: 'passwordChanged' } },
      ]));

  it('refuses a link whose account is not there, as any link that cannot be used', () =>
    spec.given([]).when(reset).thenThrows(400, MESSAGES.resetLinkInvalid));
});
