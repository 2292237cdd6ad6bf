import type Router from '@koa/router';
import { deleteAccountBody, loginBody, MESSAGES, registerBody, updateEmailBody, updatePasswordBody } from '@bt/contracts';
import { signToken } from '@bt/platform';
import { derivedId } from '../shared/ids';
import { parseBody, reply, requestScope, type IdempotencyState } from '../shared/http';
import type { RouteKit } from '../shared/router';
import { currentGeneration, login, logOutEverywhere, register, updateEmail, updatePassword } from './accounts';
import { deleteAccount } from './delete-account';
import { toUserResponse } from './user';

export const userRoutes = (router: Router, { services, signIn, auth, json, idempotent }: RouteKit): void => {
  router.post('/auth/register', json, idempotent, async (ctx) => {
    const body = parseBody(registerBody, ctx);
    const key = (ctx.state.idempotency as IdempotencyState | undefined)?.key;
    const userId = key ? derivedId('register', key) : services.newId();
    const scope = requestScope(ctx, services, userId);
    const { user, position } = await signIn.register(body.email, ctx.ip, () => register(services, scope, body));
    reply(ctx, 201, { token: signToken(user.userId, services.jwtSecret), user: toUserResponse(user) }, position);
  });

  router.post('/auth/login', json, async (ctx) => {
    const body = parseBody(loginBody, ctx);
    const user = await signIn.login(body.email, ctx.ip, () => login(services, body));
    ctx.body = { token: signToken(user.userId, services.jwtSecret, await currentGeneration(services, user)), user: toUserResponse(user) };
  });

  router.put('/auth/update-email', auth, json, async (ctx) => {
    const { newEmail } = parseBody(updateEmailBody, ctx);
    const { user, position } = await updateEmail(services, requestScope(ctx, services), newEmail);
    const token = signToken(user.userId, services.jwtSecret, user.generation);
    reply(ctx, 200, { message: MESSAGES.emailUpdated, user: toUserResponse(user), token }, position);
  });

  router.put('/auth/update-password', auth, json, async (ctx) => {
    const body = parseBody(updatePasswordBody, ctx);
    const scope = requestScope(ctx, services);
    const { user, position } = await signIn.changePassword(scope.userId, ctx.ip, () => updatePassword(services, scope, body));
    reply(ctx, 200, { message: MESSAGES.passwordUpdated, token: signToken(user.userId, services.jwtSecret, user.generation) }, position);
  });

  // Ends every session, the caller's included: the client drops its token and goes to /login.
  router.post('/auth/logout-all', auth, async (ctx) => {
    const { position } = await logOutEverywhere(services, requestScope(ctx, services));
    reply(ctx, 200, { message: MESSAGES.loggedOutEverywhere }, position);
  });

  // Erases the account for good; a wrong password counts as one given to a password change does.
  router.delete('/account', auth, json, async (ctx) => {
    const { password } = parseBody(deleteAccountBody, ctx);
    const scope = requestScope(ctx, services);
    const position = await signIn.changePassword(scope.userId, ctx.ip, () => deleteAccount(services, scope, password));
    reply(ctx, 204, undefined, position);
  });
};
