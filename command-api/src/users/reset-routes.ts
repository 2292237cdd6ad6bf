import type Router from '@koa/router';
import { forgotPasswordBody, MESSAGES, resetPasswordBody } from '@bt/contracts';
import { HttpError } from '@bt/platform';
import { parseBody, reply, requestScope } from '../shared/http';
import type { Mailer } from '../shared/mailer';
import type { RouteKit } from '../shared/router';
import { requestPasswordReset, resetPassword } from './password-reset';
import type { PasswordResetThrottle } from './reset-limits';
import { resetTokens } from './reset-tokens';

export interface PasswordResetOptions {
  /** Without one, "Forgot password" is not offered: 503 with MESSAGES.resetUnavailable. */
  mailer: Mailer | undefined;
  throttle: PasswordResetThrottle;
  /** The web app's origin for the links; the request's own origin when unset (see readMailConfig). */
  publicUrl: string | undefined;
}

/** POST /api/auth/forgot-password and /api/auth/reset-password: no session, and no Idempotency-Key (as login). */
export const passwordResetRoutes = (router: Router, { services, json }: RouteKit, options: PasswordResetOptions): void => {
  const tokens = resetTokens(services.db);
  const { mailer, throttle } = options;

  router.post('/auth/forgot-password', json, async (ctx) => {
    const { email } = parseBody(forgotPasswordBody, ctx);
    if (!mailer) throw new HttpError(503, MESSAGES.resetUnavailable);
    // Koa's ctx.origin is the request's Origin header, which any client writes: the link would take the token there.
    const origin = options.publicUrl ?? `${ctx.protocol}://${ctx.host}`;
    await throttle.request(email, ctx.ip, async () => requestPasswordReset(services, tokens, mailer, email, origin));
    reply(ctx, 202, { message: MESSAGES.resetLinkSent }, undefined);
  });

  router.post('/auth/reset-password', json, async (ctx) => {
    const body = parseBody(resetPasswordBody, ctx);
    const position = await throttle.reset(ctx.ip, () =>
      resetPassword(services, tokens, body, (userId) => requestScope(ctx, services, userId)),
    );
    reply(ctx, 200, { message: MESSAGES.passwordReset }, position);
  });
};
