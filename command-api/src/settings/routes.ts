import type Router from '@koa/router';
import { settingsBody, streams, type Settings } from '@bt/contracts';
import { ConflictError } from '@bt/platform';
import { handle } from '../shared/handle';
import { parseBody, reply, requestScope } from '../shared/http';
import type { RouteKit } from '../shared/router';
import { applyUnitSizeToEarlierBets } from './apply-unit-size';
import { changeSettings, preferences } from './preferences';

/** How often a settings change decides again after another write to the user's stream got in first. */
const ATTEMPTS = 5;

export const settingsRoutes = (router: Router, { services, auth, json, idempotent }: RouteKit): void => {
  // Appended with the user stream's revision: a concurrent write (another settings change, a
  // password change) makes it decide again on what is there now, so no update is lost.
  router.put('/settings', auth, json, async (ctx) => {
    const body = parseBody(settingsBody, ctx);
    const scope = requestScope(ctx, services);
    for (let attempt = 1; ; attempt++) {
      try {
        const result = await handle(
          services.store,
          streams.user(scope.userId),
          preferences,
          (state) => changeSettings({ type: 'ChangeSettings', data: body, metadata: scope.command }, state),
          { metadata: scope.event },
        );
        if (result.version !== undefined && result.events.some((e) => e.type === 'UnitSizeSet')) {
          await services.unitSizes.changed(scope.userId, result.version, result.state.unitSize);
        }
        const settings: Settings = { oddsFormat: result.state.oddsFormat, unitSize: result.state.unitSize };
        reply(ctx, 200, settings, result.position);
        return;
      } catch (error) {
        if (!(error instanceof ConflictError) || attempt === ATTEMPTS) throw error;
      }
    }
  });

  // "Apply my unit size to earlier bets": an event on each bet's and parlay's own stream, so its
  // change history says so; answered with what it covered.
  router.post('/settings/unit-size/apply', auth, json, idempotent, async (ctx) => {
    const scope = requestScope(ctx, services);
    const { coverage, position } = await applyUnitSizeToEarlierBets(services, scope);
    reply(ctx, 200, coverage, position);
  });
};
