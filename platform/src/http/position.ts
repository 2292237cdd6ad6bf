import type { Context } from 'koa';
import { isLogPosition, LOG_POSITION_HEADER, MIN_POSITION_HEADER } from '@bt/contracts';

/** Sets `X-Log-Position` on a write's answer. */
export const setLogPosition = (ctx: Context, position: string): void => {
  ctx.set(LOG_POSITION_HEADER, position);
  ctx.append('Access-Control-Expose-Headers', LOG_POSITION_HEADER);
};

/** The `X-Min-Position` a read asks for, when present and well formed. */
export const minPosition = (ctx: Context): string | undefined => {
  const value = ctx.get(MIN_POSITION_HEADER);
  return value && isLogPosition(value) ? value.trim() : undefined;
};
