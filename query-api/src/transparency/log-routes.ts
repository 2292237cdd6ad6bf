import type Router from '@koa/router';
import type { Context, Middleware } from 'koa';
import { NotFoundError, ValidationError } from '@bt/platform';
import type { LogReader } from './log-reader';

/** The log's verifier key (C2SP note format) and origin, as GET /api/log/key serves them. */
export interface LogKey {
  origin: string;
  key: string;
}

const wholeNumber = (ctx: Context, name: string): number => {
  const value = ctx.query[name];
  if (typeof value !== 'string' || !/^(0|[1-9][0-9]{0,15})$/.test(value)) throw new ValidationError(`${name} must be a whole number`);
  return Number(value);
};

/**
 * The transparency log's public reads (no sign-in, each taking a turn of `throttle`): its key, its
 * latest signed checkpoint, and proofs of inclusion and consistency between signed tree sizes.
 */
export const logRoutes = (router: Router, reader: LogReader, key: LogKey, throttle: Middleware): void => {
  router.get('/log/key', throttle, (ctx) => {
    ctx.body = key;
  });
  router.get('/log/checkpoint', throttle, async (ctx) => {
    const note = await reader.latestCheckpoint();
    if (note === undefined) throw new NotFoundError('The log has no signed checkpoint yet');
    ctx.type = 'text/plain; charset=utf-8';
    ctx.body = note;
  });
  router.get('/log/proof/inclusion', throttle, async (ctx) => {
    ctx.body = await reader.inclusion(wholeNumber(ctx, 'index'), wholeNumber(ctx, 'size'));
  });
  router.get('/log/proof/consistency', throttle, async (ctx) => {
    ctx.body = await reader.consistency(wholeNumber(ctx, 'from'), wholeNumber(ctx, 'to'));
  });
};
