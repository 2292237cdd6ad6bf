import { expect } from 'chai';
import { EventLog } from '@bt/read-models/testing';
import { startProjector, type RunningProjector } from '@bt/projector';
import { startHarness, type Harness } from '../testing/query-harness';

/** query-api's /livez and /readyz: ready once its databases answer and the projector is within the bound of the log's head. */
describe('query-api health', () => {
  let h: Harness;
  let projector: RunningProjector | undefined;
  before(async () => {
    h = await startHarness({ projector: false, readyMaxProjectorLag: 2 });
  });
  after(async () => {
    await projector?.stop();
    await h?.close();
  });

  const readyz = async () => {
    const answer = await h.get('/readyz', null);
    expect(answer.headers.get('content-type')).to.match(/^application\/json/);
    return { status: answer.status, body: (await answer.json()) as { status: string; checks: Record<string, unknown> } };
  };

  it('is live at once, JSON', async () => {
    const answer = await h.get('/livez', null);
    expect(answer.status).to.equal(200);
    expect(await answer.json()).to.deep.equal({ status: 'ok' });
  });

  it('is not ready while the projector is further behind the log than the bound, then turns ready once it caught up', async () => {
    expect((await readyz()).status).to.equal(200); // an empty log: nothing to be behind
    const log = new EventLog();
    log.register();
    for (let i = 0; i < 3; i++) log.placeBet({ event: `Bet ${i}` }, 'win');
    await h.record(log.events);

    const behind = await readyz();
    expect(behind.status).to.equal(503);
    expect(behind.body.status).to.equal('unavailable');
    expect(behind.body.checks.database).to.equal('ok');
    expect(behind.body.checks.eventStore).to.equal('ok');
    expect(behind.body.checks.projector).to.equal('the read models are more than 2 events behind the log');

    projector = await startProjector({ store: h.store, databaseUrl: h.database.url, batchTimeMs: 5, log: () => undefined });
    await projector.caughtUp();
    const ready = await readyz();
    expect(ready.status).to.equal(200);
    expect(ready.body.status).to.equal('ready');
    expect(ready.body.checks.projector).to.deep.equal({ lagEvents: 0, lagSeconds: 0 });
  });
});
