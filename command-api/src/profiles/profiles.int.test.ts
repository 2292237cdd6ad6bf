import { expect } from 'chai';
import { MESSAGES, streams, type ProfileAnswer } from '@bt/contracts';
import { startTestApi, type TestApi } from '../testing/http';

/* PUT and DELETE /api/profile: the handle's rules, its uniqueness and 30-day hold, the settings kept and changed. */

const DAY = 86_400_000;

describe('public profile settings', () => {
  let api: TestApi;
  let now = Date.parse('2026-11-28T12:00:00.000Z');
  before(async () => {
    api = await startTestApi({ clock: () => new Date(now) });
  });
  after(() => api?.close());

  const put = (token: string, body: Record<string, unknown>) => api.request<ProfileAnswer>('PUT', '/api/profile', { token, body });

  it('is off until set; a first PUT keeps all sports, money and every bet unless told', async () => {
    const ann = await api.signUp('ann');
    const answer = await put(ann.token, { handle: 'Ann_Bets', enabled: true });
    expect(answer.status).to.equal(200);
    expect(answer.body.profile).to.deep.include({ handle: 'ann_bets', enabled: true, sports: 'all', units: false, since: null });
    expect(answer.body.profile?.path).to.equal('/u/ann_bets');
    const [, set] = await api.stream(streams.user(ann.userId));
    expect(set.type).to.equal('PublicProfileSet');
    expect((await api.stream(streams.handle('ann_bets'))).map((e) => e.type)).to.deep.equal(['HandleReserved']);
  });

  it('keeps what a PUT leaves out, and appends nothing when nothing changes', async () => {
    const bo = await api.signUp('bo');
    await put(bo.token, { handle: 'bo-picks', enabled: true, sports: ['football', 'parlay'], units: true, since: '2026-01-01' });
    const off = await put(bo.token, { handle: 'bo-picks', enabled: false });
    expect(off.body.profile).to.deep.include({ enabled: false, sports: ['football', 'parlay'], units: true, since: '2026-01-01' });
    const length = (await api.stream(streams.user(bo.userId))).length;
    const again = await put(bo.token, { handle: 'bo-picks', enabled: false });
    expect(again.status).to.equal(200);
    expect((await api.stream(streams.user(bo.userId))).length).to.equal(length);
  });

  it('refuses a bad handle with what is allowed, a reserved word and bad settings, each with its message', async () => {
    const cy = await api.signUp('cy');
    const cases: [Record<string, unknown>, string][] = [
      [{ enabled: true }, MESSAGES.handleRequired],
      [{ handle: '', enabled: true }, MESSAGES.handleRequired],
      [{ handle: 'ab', enabled: true }, MESSAGES.handleLength],
      [{ handle: 'a'.repeat(31), enabled: true }, MESSAGES.handleLength],
      [{ handle: 'ann bets', enabled: true }, MESSAGES.handleCharacters],
      [{ handle: 'аnn', enabled: true }, MESSAGES.handleCharacters], // Cyrillic а
      [{ handle: 'ａｎｎ', enabled: true }, MESSAGES.handleCharacters], // fullwidth: NFKC would make it "ann"
      [{ handle: '\u212Aim', enabled: true }, MESSAGES.handleCharacters], // the Kelvin sign lowers to "k"
      [{ handle: 'josé', enabled: true }, MESSAGES.handleCharacters],
      [{ handle: 'ann.bets', enabled: true }, MESSAGES.handleCharacters],
      [{ handle: 'Admin', enabled: true }, MESSAGES.handleReserved('admin')],
      [{ handle: 'api', enabled: true }, MESSAGES.handleReserved('api')],
      [{ handle: 'cy-bets', enabled: 'maybe' }, MESSAGES.profileEnabled],
      [{ handle: 'cy-bets', enabled: true, sports: [] }, MESSAGES.profileSports],
      [{ handle: 'cy-bets', enabled: true, sports: ['curling'] }, MESSAGES.profileSports],
      [{ handle: 'cy-bets', enabled: true, sports: 'some' }, MESSAGES.profileSports],
      [{ handle: 'cy-bets', enabled: true, units: 'money' }, MESSAGES.profileUnits],
      [{ handle: 'cy-bets', enabled: true, since: '2026-02-30' }, MESSAGES.dateFormat],
    ];
    for (const [body, message] of cases) {
      const answer = await put(cy.token, body);
      expect(answer.status, JSON.stringify(body)).to.equal(400);
      expect(answer.body, JSON.stringify(body)).to.deep.equal({ message });
    }
    expect(await api.stream(streams.handle('cy-bets'))).to.deep.equal([]);
  });

  it('refuses a handle another user holds, whatever its case', async () => {
    const di = await api.signUp('di');
    const ed = await api.signUp('ed');
    await put(di.token, { handle: 'sharp', enabled: true });
    const taken = await put(ed.token, { handle: 'SHARP', enabled: true });
    expect(taken.status).to.equal(409);
    expect(taken.body).to.deep.equal({ message: MESSAGES.handleTaken });
  });

  it('holds a freed handle 30 days for the user who freed it, then lets another take it', async () => {
    const fay = await api.signUp('fay');
    const gus = await api.signUp('gus');
    await put(fay.token, { handle: 'fay-old', enabled: true });
    expect((await put(fay.token, { handle: 'fay-new', enabled: true })).body.profile?.handle).to.equal('fay-new');
    expect((await put(gus.token, { handle: 'fay-old', enabled: true })).status).to.equal(409);
    now += 29 * DAY;
    expect((await put(gus.token, { handle: 'fay-old', enabled: true })).status).to.equal(409);
    // Its former holder may take it back meanwhile.
    expect((await put(fay.token, { handle: 'fay-old', enabled: true })).status).to.equal(200);
    expect((await put(fay.token, { handle: 'fay-new', enabled: true })).status).to.equal(200);
    now += 30 * DAY + 1;
    const taken = await put(gus.token, { handle: 'fay-old', enabled: true });
    expect(taken.status).to.equal(200);
    expect(taken.body.profile?.handle).to.equal('fay-old');
  });

  it('removes a profile and holds its handle, and answers 404 when there is none', async () => {
    const hal = await api.signUp('hal');
    const ivy = await api.signUp('ivy');
    expect((await api.request('DELETE', '/api/profile', { token: hal.token })).status).to.equal(404);
    await put(hal.token, { handle: 'hal-picks', enabled: true });
    const removed = await api.request('DELETE', '/api/profile', { token: hal.token });
    expect(removed.status).to.equal(200);
    expect(removed.body).to.deep.equal({ message: MESSAGES.profileRemoved });
    expect((await put(ivy.token, { handle: 'hal-picks', enabled: true })).status).to.equal(409);
    expect((await api.stream(streams.handle('hal-picks'))).map((e) => e.type)).to.deep.equal(['HandleReserved', 'HandleReleased']);
  });

  it('needs a sign-in', async () => {
    expect((await api.request('PUT', '/api/profile', { body: { handle: 'nobody', enabled: true } })).status).to.equal(401);
  });
});
