import { DEFAULTS, MESSAGES, streams, type ResetPasswordBody } from '@bt/contracts';
import type { Position } from '@bt/event-store';
import { ValidationError } from '@bt/platform';
import { load } from '../shared/handle';
import type { RequestScope } from '../shared/http';
import type { MailMessage, Mailer } from '../shared/mailer';
import type { Services } from '../shared/services';
import { handleRevoking } from './accounts';
import { emailReservation, emailStream } from './email-reservation';
import { resetPassword as decideReset } from './reset-password';
import type { ResetTokens } from './reset-tokens';
import { user } from './user';

/*
 * "Forgot password": a link by e-mail (reset-tokens.ts keeps its token's digest), then a new
 * password through it, recorded as a change of password that ends every session.
 */

/** The account that uses `email` now, if any (the address's holder, still at that address). */
const accountUsing = async (services: Services, email: string) => {
  const { state: address } = await load(services.store, emailStream(email), emailReservation);
  if (address.status !== 'reserved') return undefined;
  const { state: account } = await load(services.store, streams.user(address.userId), user);
  return account.status === 'registered' && account.email === email ? account : undefined;
};

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The e-mail with the link, in plain text and HTML. */
export const resetMail = (to: string, link: string): MailMessage => {
  const minutes = DEFAULTS.passwordResetMinutes;
  const lines = [
    `Someone, we hope you, asked to set a new password for the BetTracker account of ${to}.`,
    `Open this link within ${minutes} minutes to choose it:`,
    link,
    'The link works once. Setting a new password signs you out on every device.',
    'If you did not ask for this, ignore this e-mail: your password stays as it is.',
  ];
  const html = [
    `<p>Someone, we hope you, asked to set a new password for the BetTracker account of ${escapeHtml(to)}.</p>`,
    `<p><a href="${escapeHtml(link)}">Set a new password</a> (within ${minutes} minutes)</p>`,
    `<p>${escapeHtml(lines[3]!)}<br>${escapeHtml(lines[4]!)}</p>`,
  ];
  return { to, subject: 'Set a new BetTracker password', text: `${lines.join('\n\n')}\n`, html: html.join('\n') };
};

/**
 * Sends a link to `email` when an account uses it, and nothing otherwise. Everything but the
 * hand-over happens after the answer (see Mailer), so the answer is the same, in content and in
 * time, for an address with an account and one without. `origin` is where the web app is served.
 */
export const requestPasswordReset = (services: Services, tokens: ResetTokens, mailer: Mailer, email: string, origin: string): void => {
  mailer.later(async () => {
    const account = await accountUsing(services, email);
    if (!account) return undefined;
    const link = new URL('/reset-password', origin);
    link.searchParams.set('token', await tokens.issue(account.userId, services.clock()));
    return resetMail(account.email, link.href);
  });
};

/**
 * Sets the new password through a link: unused, unexpired, and its account still there, else one
 * 400 (MESSAGES.resetLinkInvalid) whatever the reason. The link is used up before the events are
 * appended, with the user's other links, so two concurrent uses cannot both set a password; should
 * the append fail, this link is given back.
 */
export const resetPassword = async (
  services: Services,
  tokens: ResetTokens,
  body: ResetPasswordBody,
  scopeFor: (userId: string) => RequestScope,
): Promise<Position | undefined> => {
  if (!(await tokens.holder(body.token, services.clock()))) throw new ValidationError(MESSAGES.resetLinkInvalid);
  // The slow step before the link is used up: a link is not lost to a hash queue that is full (503).
  const passwordHash = await services.passwords.hash(body.password);
  const now = services.clock();
  const userId = await tokens.claim(body.token, now);
  if (!userId) throw new ValidationError(MESSAGES.resetLinkInvalid);
  try {
    await tokens.closeOthers(userId, now);
    const scope = scopeFor(userId);
    const reset = await handleRevoking(services, scope, (state) =>
      decideReset({ type: 'ResetPassword', data: { passwordHash }, metadata: scope.command }, state),
    );
    return reset.position;
  } catch (error) {
    await tokens.unclaim(body.token).catch(() => undefined);
    throw error;
  }
};
