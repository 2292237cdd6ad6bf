import { expect } from 'chai';
import { MESSAGES, streams, type BetRow, type Parlay } from '@bt/contracts';
import { START } from '@bt/event-store';
import { startTestApi, type TestApi } from '../testing/http';

/* Start times (`startsAt`) on bets and parlay legs: in and out of POST and PUT, kept as typed, refused with a message. */

const body = { sport: 'football', event: 'Bills @ Jets', betType: 'spread', stake: 50, odds: '-110' };
const legs = [
  { sport: 'football', event: 'Bills @ Jets', selection: 'Bills', odds: '-110' },
  { sport: 'football', event: 'Chiefs @ Raiders', selection: 'Over', odds: '+120' },
];
const KICKOFF = '2026-11-28T19:30:00-05:00';

const BAD_START_TIMES: unknown[] = [
  '2026-11-28T19:30:00', // no offset: names no instant
  '2026-11-28',
  '2026-02-30T19:30:00Z', // no such day
  '2026-11-28T24:30:00Z',
  '2026-11-28T19:60:00+01:00',
  '2026-11-28T19:30:00+25:00',
  '2100-01-01T00:00:00Z',
  'tomorrow at 7',
  1764376200000,
  true,
];

describe('start times of bets and parlay legs', () => {
  let api: TestApi;
  let ann: Awaited<ReturnType<TestApi['signUp']>>;
  before(async () => {
    api = await startTestApi({ clock: () => new Date('2026-11-28T12:00:00.000Z') });
    ann = await api.signUp('ann');
  });
  after(() => api?.close());

  const place = (extra: Record<string, unknown> = {}) =>
    api.request<BetRow>('POST', '/api/bets', { token: ann.token, body: { ...body, ...extra } });
  const edit = (id: string, extra: Record<string, unknown> = {}) =>
    api.request<BetRow>('PUT', `/api/bets/${id}`, { token: ann.token, body: { ...body, ...extra } });
  const logLength = async () => (await api.store.readAll({ after: START, maxCount: 1_000_000 })).length;

  it('takes a start time with its offset, keeps it as typed and answers it', async () => {
    const answer = await place({ startsAt: KICKOFF });
    expect(answer.status).to.equal(201);
    expect(answer.body.startsAt).to.equal(KICKOFF);
    const [placed] = await api.stream(streams.bet(answer.body.id));
    expect(placed.data).to.include({ startsAt: KICKOFF });
    expect((await place({ startsAt: '2026-11-29T01:00Z' })).body.startsAt).to.equal('2026-11-29T01:00Z');
  });

  it('answers null without one, and a blank or null as none', async () => {
    expect((await place()).body.startsAt).to.equal(null);
    expect((await place({ startsAt: '' })).body.startsAt).to.equal(null);
    expect((await place({ startsAt: null })).body.startsAt).to.equal(null);
  });

  it('refuses a start time without an offset or that is no real instant, with its message, writing nothing', async () => {
    const before = await logLength();
    for (const startsAt of BAD_START_TIMES) {
      const answer = await place({ startsAt });
      expect(answer.status, String(startsAt)).to.equal(400);
      expect(answer.body, String(startsAt)).to.deep.equal({ message: MESSAGES.startsAtFormat });
    }
    const placed = await place();
    const badEdit = await edit(placed.body.id, { startsAt: '2026-11-28T19:30' });
    expect(badEdit.status).to.equal(400);
    expect(badEdit.body).to.deep.equal({ message: MESSAGES.startsAtFormat });
    expect(await logLength()).to.equal(before + 1);
  });

  it('changes, keeps (left out) and clears (null) a bet’s start time in a PUT', async () => {
    const placed = await place({ startsAt: KICKOFF });
    const kept = await edit(placed.body.id, { stake: 60 });
    expect(kept.body).to.include({ startsAt: KICKOFF, stake: 60 });
    const moved = await edit(placed.body.id, { stake: 60, startsAt: '2026-11-28T20:00:00-05:00' });
    expect(moved.body.startsAt).to.equal('2026-11-28T20:00:00-05:00');
    const events = await api.stream(streams.bet(placed.body.id));
    expect(events.at(-1)?.data).to.deep.include({ changes: { startsAt: '2026-11-28T20:00:00-05:00' } });
    expect((await edit(placed.body.id, { startsAt: null })).body.startsAt).to.equal(null);
  });

  it('takes a start time per parlay leg, answers it, and answers the parlay’s history row with its earliest', async () => {
    const answer = await api.request<Parlay>('POST', '/api/parlays', {
      token: ann.token,
      body: {
        stake: 20,
        legs: [
          { ...legs[0], startsAt: KICKOFF },
          { ...legs[1], startsAt: '2026-11-28T23:15:00Z' },
        ],
      },
    });
    expect(answer.status).to.equal(201);
    expect(answer.body.legs.map((leg) => leg.startsAt)).to.deep.equal([KICKOFF, '2026-11-28T23:15:00Z']);
    const bad = await api.request('POST', '/api/parlays', {
      token: ann.token,
      body: { stake: 20, legs: [{ ...legs[0], startsAt: '2026-11-28 19:30' }, legs[1]] },
    });
    expect(bad.status).to.equal(400);
    expect(bad.body).to.deep.equal({ message: MESSAGES.startsAtFormat });
    const edited = await api.request<Parlay>('PUT', `/api/parlays/${answer.body.id}`, {
      token: ann.token,
      body: { stake: 20, legs: [{ ...legs[0], startsAt: KICKOFF }, legs[1]] },
    });
    expect(edited.body.legs.map((leg) => leg.startsAt)).to.deep.equal([KICKOFF, null]);
  });
});
