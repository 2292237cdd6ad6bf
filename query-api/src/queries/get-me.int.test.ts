import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import { user as userSchema } from '@bt/contracts';
import { EventLog } from '@bt/read-models/testing';
import { startHarness, type Harness } from '../testing/harness';

/**
 * Given a user whose events are recorded but not yet projected (no projector running), then
 * GET /api/auth/me still knows them: a reload right after signing up must not sign them out.
 */
describe('GET /api/auth/me before the projector has reached a new user', () => {
  let h: Harness;
  before(async () => {
    h = await startHarness();
  });
  after(() => h.close());

  it('answers the user from their own stream, e-mail changes included', async () => {
    const erin = new EventLog();
    erin.at('2026-11-22T10:00:00.000Z').register('erin@example.com', 'erin');
    erin.at('2026-11-22T10:05:00.000Z').changeEmail('erin@new.example.com', 'erin@example.com');
    await h.record(erin.events);
    const read = await h.db.withSchema('read').selectFrom('users').select('id').where('id', '=', erin.userId).executeTakeFirst();
    expect(read, 'the read model must not have her yet').to.equal(undefined);
    const me = userSchema.parse(await h.json('/api/auth/me', erin.userId));
    expect(me).to.deep.equal({ id: erin.userId, email: 'erin@new.example.com', username: 'erin', createdAt: '2026-11-22T10:00:00.000Z' });
  });

  it('still treats a token for a user who never registered as no session', async () => {
    expect((await h.get('/api/auth/me', randomUUID())).status).to.equal(401);
  });
});
