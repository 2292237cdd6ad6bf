import { expect } from 'chai';
import { publicProfile, type PublicProfile } from '@bt/contracts';
import { EventLog } from '@bt/read-models/testing';
import { startHarness, type Harness } from '../testing/query-harness';

/**
 * GET /api/public/profiles/:handle over HTTP, no sign-in, on read models the projector built:
 * 404 unless on; only the chosen sports since the chosen day; only the public fields; units-only
 * hides money; timing by when each bet was first recorded; and off means off at once.
 */
describe('public profiles, read by anyone', () => {
  let h: Harness;
  const ann = new EventLog();
  const bo = new EventLog();
  let head: string;

  before(async () => {
    h = await startHarness();
    ann.register('ann@example.com').setUnitSize(10);
    // Recorded now (2026 or later): a 2099 start is ahead of it, a 2020 start long gone.
    ann.placeBet(
      {
        date: '2026-03-01',
        sport: 'football',
        odds: '+150',
        stake: 40,
        startsAt: '2099-01-01T19:30:00-05:00',
        unitSize: 10,
        notes: 'secret',
        book: 'DK',
      },
      'win',
    );
    ann.placeBet(
      { date: '2026-03-02', sport: 'football', odds: '-110', stake: 55, startsAt: '2020-01-01T19:30:00Z', unitSize: 10 },
      'loss',
    );
    ann.placeBet({ date: '2026-03-03', sport: 'basketball', odds: '+100', stake: 20, unitSize: 10 }, 'push');
    ann.placeBet({ date: '2025-12-31', sport: 'football', odds: '+100', stake: 99 }, 'win');
    ann.placeBet({ date: '2026-03-04', sport: 'hockey', odds: '+100', stake: 5 }, 'win');
    ann.createParlay(
      [
        { odds: '+100', outcome: 'win', startsAt: '2099-02-01T20:00:00Z' },
        { odds: '+100', outcome: 'win', startsAt: '2099-02-01T18:00:00Z' },
      ],
      { date: '2026-03-05', stake: 10, unitSize: 10 },
    );
    ann.settleParlay(ann.events.at(-1)!.streamId.slice('parlay-'.length), 'win');
    ann.setPublicProfile('ann', { sports: ['football', 'basketball', 'parlay'], since: '2026-01-01' });
    bo.register('bo@example.com').placeBet({ stake: 10 }, 'win');
    bo.setPublicProfile('bo-units', { units: true });
    head = '';
    for (const log of [ann, bo]) head = await h.record(log.events);
    await h.settle();
  });
  after(() => h?.close());

  const read = async (handle: string) => {
    const answer = await h.get(`/api/public/profiles/${handle}`, null, head);
    return { status: answer.status, body: (await answer.json()) as unknown };
  };

  it('answers the chosen sports since the chosen day, newest first, with only the public fields', async () => {
    const { status, body } = await read('ann');
    expect(status).to.equal(200);
    const profile: PublicProfile = publicProfile.strict().parse(body);
    expect(profile.bets.map((b) => [b.date, b.sport, b.timing])).to.deep.equal([
      ['2026-03-05', 'parlay', 'before-start'],
      ['2026-03-03', 'basketball', 'no-start-time'],
      ['2026-03-02', 'football', 'after-start'],
      ['2026-03-01', 'football', 'before-start'],
    ]);
    const text = JSON.stringify(body);
    for (const hidden of ['secret', 'DK', ann.userId, 'notes', 'book', '"id"', 'userId']) expect(text).to.not.include(hidden);
    expect(profile.bets[3]).to.deep.equal({
      date: '2026-03-01',
      startsAt: '2099-01-01T19:30:00-05:00',
      sport: 'football',
      league: null,
      event: 'Chiefs vs Bills',
      betType: 'moneyline',
      odds: '+150',
      stake: 40,
      units: 4,
      outcome: 'win',
      profit: 60,
      profitUnits: 6,
      timing: 'before-start',
      legs: null,
    });
    expect(profile.bets[0].startsAt).to.equal('2099-02-01T18:00:00Z'); // the earliest leg's
    expect(profile.bets[0].legs?.map((leg) => leg.startsAt)).to.deep.equal(['2099-02-01T20:00:00Z', '2099-02-01T18:00:00Z']);
  });

  it('recomputes the record from the bets shown, the before-start bets apart, and by sport', async () => {
    const profile = publicProfile.parse((await read('ann')).body);
    // +60 (40 at +150), -55, a push of 20, +30 (10 on two +100 legs): 35 on 125 at risk.
    expect(profile.record).to.deep.include({ bets: 4, wins: 2, losses: 1, pushes: 1, winRate: 66.7, profit: 35, unitsWon: 3.5, roi: 28 });
    expect(profile.beforeStart).to.deep.include({ bets: 2, wins: 2, losses: 0, profit: 90, winRate: 100 });
    expect(profile.bySport.map((s) => [s.sport, s.record.bets])).to.deep.equal([
      ['football', 2],
      ['basketball', 1],
      ['parlay', 1],
    ]);
  });

  it('shows units and no money on a units-only page', async () => {
    const profile = publicProfile.parse((await read('bo-units')).body);
    expect(profile.units).to.equal(true);
    expect(profile.bets.map((b) => [b.stake, b.profit])).to.deep.equal([[null, null]]);
    expect(profile.record.profit).to.equal(null);
  });

  it('answers 404 for an unknown or malformed handle, and reads a handle in any case', async () => {
    for (const handle of ['nobody', 'a', '%E2%80%8Bann', 'x'.repeat(31)]) {
      const { status, body } = await read(handle);
      expect(status, handle).to.equal(404);
      expect(body).to.deep.equal({ message: 'Profile not found' });
    }
    expect((await read('ANN')).status).to.equal(200);
  });

  it('answers a repeated visit with the kept answer until the read models move on, then shows the change', async () => {
    const visit = (headers?: Record<string, string>) => h.get('/api/public/profiles/ann', null, head, headers);
    const first = await visit();
    const etag = first.headers.get('etag') as string;
    expect(etag).to.match(/^".+"$/);
    expect((await visit()).headers.get('etag')).to.equal(etag);
    // fetch sends Cache-Control: no-cache with a conditional request unless told otherwise.
    expect((await visit({ 'if-none-match': etag, 'cache-control': 'max-age=0' })).status).to.equal(304);
    const placed = ann.events.length;
    ann.placeBet({ date: '2026-03-06', sport: 'football', odds: '+100', stake: 10, unitSize: 10 }, 'win');
    head = await h.record(ann.events.slice(placed));
    await h.settle();
    const after = await visit();
    expect(after.headers.get('etag')).to.not.equal(etag);
    expect(publicProfile.parse(await after.json()).bets[0].date).to.equal('2026-03-06');
  });

  it('takes the page down at once when turned off, before the projector has seen it', async () => {
    await h.projector?.stop();
    h.projector = undefined;
    const off = new EventLog(bo.userId);
    off.append(`user-${bo.userId}`, 'PublicProfileSet', { handle: 'bo-units', enabled: false, sports: 'all', units: true, since: null });
    // Appended after the user's other events (the revision the store expects).
    off.events[0].revision = BigInt(2);
    await h.record(off.events);
    const { status } = await read('bo-units');
    expect(status).to.equal(404);
  });
});
