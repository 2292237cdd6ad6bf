import { MESSAGES, type EventOf } from '@bt/contracts';
import { deciderSpec, meta, NOW, OTHER_USER, USER } from '../testing/decider-spec';
import { changeEmail } from './change-email';
import { changePassword } from './change-password';
import { emailReservation } from './email-reservation';
import { registerUser } from './register-user';
import { revokeSessions } from './revoke-sessions';
import { releaseEmail } from './release-email';
import { RESERVATION_GRACE_MS, reserveEmail, type ReserveEmail } from './reserve-email';
import { user } from './user';

const EMAIL = 'ann@example.com';
const registered: EventOf<'UserRegistered'> = {
  type: 'UserRegistered',
  data: { userId: USER, email: EMAIL, username: 'ann', passwordHash: 'hash-1' },
};
const reservedBy = (userId: string, occurredAt = NOW) => ({ type: 'EmailReserved' as const, data: { userId, email: EMAIL }, occurredAt });
const reserve = (holderEmail?: string | null, userId = USER): ReserveEmail => ({
  type: 'ReserveEmail',
  data: { email: EMAIL, holderEmail },
  metadata: meta({ userId }),
});
const longAgo = new Date(Date.parse(NOW) - RESERVATION_GRACE_MS - 1).toISOString();

describe('users', () => {
  describe('reserving an e-mail address', () => {
    const spec = deciderSpec(emailReservation, reserveEmail);

    it('reserves a free address', () =>
      spec
        .given([])
        .when(reserve())
        .then([{ type: 'EmailReserved', data: { userId: USER, email: EMAIL } }]));

    it('refuses an address another account uses', () =>
      spec
        .given([reservedBy(OTHER_USER, longAgo)])
        .when(reserve(EMAIL))
        .thenThrows(409, MESSAGES.emailTaken));

    it('refuses a fresh reservation whose account is still being written', () =>
      spec
        .given([reservedBy(OTHER_USER)])
        .when(reserve(null))
        .thenThrows(409, MESSAGES.emailTaken));

    it('takes over a stale reservation whose account never got written', () =>
      spec
        .given([reservedBy(OTHER_USER, longAgo)])
        .when(reserve(null))
        .then([{ type: 'EmailReserved', data: { userId: USER, email: EMAIL } }]));

    it('takes over a stale reservation whose holder moved to another address', () =>
      spec
        .given([reservedBy(OTHER_USER, longAgo)])
        .when(reserve('other@example.com'))
        .then([{ type: 'EmailReserved', data: { userId: USER, email: EMAIL } }]));

    it('reserves an address released by its former holder', () =>
      spec
        .given([reservedBy(OTHER_USER), { type: 'EmailReleased', data: { userId: OTHER_USER, email: EMAIL } }])
        .when(reserve())
        .then([{ type: 'EmailReserved', data: { userId: USER, email: EMAIL } }]));

    it('does not let a former holder’s late release free a newer reservation', () =>
      spec
        .given([reservedBy(OTHER_USER, longAgo), reservedBy(USER), { type: 'EmailReleased', data: { userId: OTHER_USER, email: EMAIL } }])
        .when(reserve(undefined, OTHER_USER))
        .thenThrows(409, MESSAGES.emailTaken));

    it('records nothing when the address is already ours', () =>
      spec
        .given([reservedBy(USER)])
        .when(reserve())
        .thenNothing());
  });

  describe('releasing an address', () => {
    const spec = deciderSpec(emailReservation, releaseEmail);
    const release = (userId = USER) => ({ type: 'ReleaseEmail' as const, data: { email: EMAIL }, metadata: meta({ userId }) });
    it('releases our own reservation', () =>
      spec
        .given([reservedBy(USER)])
        .when(release())
        .then([{ type: 'EmailReleased', data: { userId: USER, email: EMAIL } }]));
    it("leaves someone else's reservation alone", () =>
      spec
        .given([reservedBy(OTHER_USER)])
        .when(release())
        .thenNothing());
  });

  describe('registering', () => {
    const spec = deciderSpec(user, registerUser);
    const register = (email = EMAIL) => ({
      type: 'RegisterUser' as const,
      data: { email, username: 'ann', passwordHash: 'hash-1' },
      metadata: meta(),
    });
    it('registers the account', () => spec.given([]).when(register()).then([registered]));
    it('records nothing for the same registration retried', () => spec.given([registered]).when(register()).thenNothing());
    it('refuses a different registration under an existing id', () =>
      spec.given([registered]).when(register('bob@example.com')).thenThrows(409, MESSAGES.emailTaken));
  });

  describe('changing e-mail', () => {
    const spec = deciderSpec(user, changeEmail);
    const change = (email: string) => ({ type: 'ChangeEmail' as const, data: { email }, metadata: meta() });
    it('records the new address and the previous one, and ends the sessions opened under the old one', () =>
      spec
        .given([registered])
        .when(change('new@example.com'))
        .then([
          { type: 'EmailChanged', data: { userId: USER, email: 'new@example.com', previousEmail: EMAIL } },
          { type: 'SessionsRevoked', data: { userId: USER, generation: 1, reason: 'emailChanged' } },
        ]));
    it('records nothing for the current address', () => spec.given([registered]).when(change(EMAIL)).thenNothing());
    it('refuses a session whose account does not exist', () =>
      spec.given([]).when(change('new@example.com')).thenThrows(401, MESSAGES.unauthorized));
  });

  describe('changing password', () => {
    const spec = deciderSpec(user, changePassword);
    const change = (currentPasswordVerified: boolean) => ({
      type: 'ChangePassword' as const,
      data: { currentPasswordVerified, passwordHash: 'hash-2' },
      metadata: meta(),
    });
    it('records the new hash when the current password matched, and ends every session', () =>
      spec
        .given([registered])
        .when(change(true))
        .then([
          { type: 'PasswordChanged', data: { userId: USER, passwordHash: 'hash-2' } },
          { type: 'SessionsRevoked', data: { userId: USER, generation: 1, reason: 'passwordChanged' } },
        ]));
    it('raises the session generation past every earlier revocation', () =>
      spec
        .given([registered, { type: 'SessionsRevoked', data: { userId: USER, generation: 1, reason: 'logoutAll' } }])
        .when(change(true))
        .then([
          { type: 'PasswordChanged', data: { userId: USER, passwordHash: 'hash-2' } },
          { type: 'SessionsRevoked', data: { userId: USER, generation: 2, reason: 'passwordChanged' } },
        ]));
    it('refuses a wrong current password with a 400 (a 401 would sign the user out)', () =>
      spec.given([registered]).when(change(false)).thenThrows(400, MESSAGES.currentPasswordWrong));
  });

  describe('logging out of all devices', () => {
    const spec = deciderSpec(user, revokeSessions);
    const revoke = { type: 'RevokeSessions' as const, data: {}, metadata: meta() };
    it('ends every session, raising the generation', () =>
      spec
        .given([registered, { type: 'SessionsRevoked', data: { userId: USER, generation: 3, reason: 'emailChanged' } }])
        .when(revoke)
        .then([{ type: 'SessionsRevoked', data: { userId: USER, generation: 4, reason: 'logoutAll' } }]));
    it('refuses a session whose account does not exist', () => spec.given([]).when(revoke).thenThrows(401, MESSAGES.unauthorized));
  });
});
