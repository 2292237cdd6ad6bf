import { expect } from 'chai';
import { READ_MODELS_BEHIND_HEADER } from '@bt/contracts';
import { EventLog } from '@bt/read-models/testing';
import { CHECKPOINT_NAME, NOTIFY_CHANNEL } from '@bt/read-models';
import { startHarness, type Harness } from '../testing/query-harness';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('X-Min-Position: reads wait for the read models to catch up', () => {
  describe('with the checkpoint driven by hand', () => {
    let h: Harness;
    const user = '0190a000-0000-7000-8000-0000000000aa';

    /** What the projector does after each batch: checkpoint row in `read`, then NOTIFY read_models. */
    const projectorReaches = async (position: string) => {
      await h.pool.query(
        `INSERT INTO read.checkpoints (name, position, updated_at) VALUES ($1, $2, now())
         ON CONFLICT (name) DO UPDATE SET position = excluded.position, updated_at = now()`,
        [CHECKPOINT_NAME, position],
      );
      await h.pool.query('SELECT pg_notify($1, $2)', [NOTIFY_CHANNEL, position]);
    };

    before(async () => {
      h = await startHarness({ projector: false, maxWaitMs: 1500 });
      await h.record(new EventLog(user).register().events); // a token must name an existing user
      await projectorReaches('1000.20');
    });

    after(() => h?.close());

    // No durations are asserted: an answer that waited out the bound says so (X-Read-Models-Behind).
    it('answers without waiting out the bound when the read models are already there', async () => {
      for (const position of ['1000.19', '999.5000', '1000.20']) {
        const response = await h.get('/api/bets', user, position);
        expect(response.status).to.equal(200);
        expect(response.headers.get(READ_MODELS_BEHIND_HEADER), position).to.equal(null);
      }
    });

    it('blocks until the projector notifies a checkpoint at or past the position', async () => {
      let answeredAt = 0;
      const read = h.get('/api/bets', user, '1001.3').then((r) => ((answeredAt = Date.now()), r));
      await sleep(250);
      await projectorReaches('1001.2'); // a batch, but short of it
      await sleep(150);
      expect(answeredAt, 'still waiting').to.equal(0);
      await projectorReaches('1001.3');
      const response = await read;
      expect(response.status).to.equal(200);
      expect(response.headers.get(READ_MODELS_BEHIND_HEADER), 'woken by the notification, not the bound').to.equal(null);
    });

    it('answers anyway, with what is there and a header that says so, once the bound has passed', async () => {
      const response = await h.get('/api/stats', user, '5000.1');
      expect(response.status).to.equal(200);
      expect(response.headers.get(READ_MODELS_BEHIND_HEADER)).to.equal('true');
    });

    it('ignores a malformed header rather than failing the read', async () => {
      const response = await h.get('/api/bets', user, 'not-a-position');
      expect(response.status).to.equal(200);
    });
  });

  describe('with the live projector', () => {
    let h: Harness;

    before(async () => {
      h = await startHarness();
    });

    after(() => h?.close());

    it('shows a write in the very next read that names its position', async () => {
      const log = new EventLog().register();
      await h.record(log.events);
      for (let i = 0; i < 5; i++) {
        const from = log.events.length;
        const betId = log.placeBet({ date: '2025-03-01', event: `Bet ${i}` }, 'win');
        const position = await h.record(log.events.slice(from));
        const bets = await h.json<{ id: string }[]>('/api/bets', log.userId, position);
        expect(bets.map((b) => b.id)).to.include(betId);
      }
    });
  });
});
