import { request as httpRequest } from 'node:http';
import { expect } from 'chai';
import { MESSAGES, type BetRow, type MessageResponse } from '@bt/contracts';
import { startTestApi, type TestApi } from './testing/http';

/** node:http, for methods fetch refuses to send (TRACE). */
const rawRequest = (base: string, method: string, path: string, token: string) =>
  new Promise<{ status: number; body: unknown }>((resolve, reject) => {
    const req = httpRequest(`${base}${path}`, { method, headers: { Authorization: `Bearer ${token}` } }, (res) => {
      let text = '';
      res
        .setEncoding('utf8')
        .on('data', (chunk) => (text += chunk))
        .on('end', () => {
          try {
            resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) });
          } catch {
            resolve({ status: res.statusCode ?? 0, body: text });
          }
        });
    });
    req.on('error', reject).end();
  });

describe('command-api robustness', () => {
  let api: TestApi;
  let token: string;
  before(async () => {
    api = await startTestApi();
    ({ token } = await api.signUp('robust'));
  });
  after(() => api?.close());

  it('answers 400 for a body that is not valid JSON', async () => {
    const answer = await api.request<BetRow>('POST', '/api/bets', {
      token,
      body: '{"sport": ',
      headers: { 'Content-Type': 'application/json' },
    });
    expect(answer).to.deep.include({ status: 400, body: { message: MESSAGES.badJson } });
  });

  const BET = { sport: 'basketball', event: 'Lakers @ Celtics', betType: 'spread', stake: 50, odds: -110, outcome: 'win' };
  /** fetch with the body as bytes (a Uint8Array goes without a Content-Type unless one is given). */
  const send = (method: string, path: string, body: string | Uint8Array, headers: Record<string, string> = {}) =>
    fetch(`${api.url}${path}`, { method, headers: { Authorization: `Bearer ${token}`, ...headers }, body });

  it('answers 415 with a message for a JSON write whose body comes as another content type, or none', async () => {
    const json = JSON.stringify(BET);
    const head = await api.store.headPosition();
    const cases: [string, string, string | undefined][] = [
      ['POST', '/api/bets', 'text/plain'],
      ['POST', '/api/bets', 'text/plain;charset=UTF-8'],
      ['POST', '/api/bets', 'application/x-www-form-urlencoded'],
      ['POST', '/api/bets', 'multipart/form-data; boundary=x'],
      ['POST', '/api/bets', 'text/csv'],
      ['POST', '/api/bets', undefined],
      ['PUT', '/api/settings', 'text/plain'],
      ['POST', '/api/auth/login', 'text/plain'],
    ];
    for (const [method, path, type] of cases) {
      const answer = await send(method, path, new TextEncoder().encode(json), type === undefined ? {} : { 'Content-Type': type });
      expect(answer.status, `${method} ${path} ${type}`).to.equal(415);
      expect(await answer.json()).to.deep.equal({ message: MESSAGES.notJson });
    }
    expect(await api.store.headPosition(), 'nothing appended').to.deep.equal(head);
  });

  it('takes JSON as application/json with a charset, and a write with no body whatever its content type', async () => {
    const placed = await send('POST', '/api/bets', JSON.stringify(BET), { 'Content-Type': 'application/json; charset=utf-8' });
    expect(placed.status).to.equal(201);
    const { id } = (await placed.json()) as { id: string };
    expect((await send('DELETE', `/api/bets/${id}`, '')).status).to.equal(200);
    // No body: a restore as a browser sends it with an empty body (text/plain).
    expect((await send('POST', `/api/bets/${id}/restore`, '', { 'Content-Type': 'text/plain;charset=UTF-8' })).status).to.equal(200);
  });

  it('answers 400 with a message for a JSON body that is not valid UTF-8, rather than storing U+FFFD', async () => {
    const bytes = (...parts: (string | number[])[]) =>
      Buffer.concat(parts.map((part) => (typeof part === 'string' ? Buffer.from(part, 'utf8') : Buffer.from(part))));
    // The bet with its event "Caf" followed by `middle`, as bytes.
    const { event: _event, ...rest } = BET;
    const event = (...middle: (string | number[])[]) => bytes(`${JSON.stringify(rest).slice(0, -1)},"event":"Caf`, ...middle, '"}');
    for (const [what, body] of [
      ['Latin-1 é', event([0xe9])],
      ['a cut-off sequence', event([0xc3])],
      ['an encoded surrogate', event([0xed, 0xa0, 0x80])],
      ['an overlong slash', event([0xc0, 0xaf])],
    ] as const) {
      const answer = await send('POST', '/api/bets', body, { 'Content-Type': 'application/json' });
      expect(answer.status, what).to.equal(400);
      expect(await answer.json(), what).to.deep.equal({ message: MESSAGES.notUtf8 });
    }
    // U+FFFD itself, sent as valid UTF-8, is text like any other.
    const replacement = await send('POST', '/api/bets', event('\ufffd'), { 'Content-Type': 'application/json' });
    expect(replacement.status).to.equal(201);
    expect(((await replacement.json()) as { event: string }).event).to.equal('Caf\ufffd');
  });

  it('answers 400 for JSON that is not an object', async () => {
    const answer = await api.request<BetRow>('POST', '/api/bets', { token, body: '42', headers: { 'Content-Type': 'application/json' } });
    expect(answer).to.deep.include({ status: 400, body: { message: MESSAGES.badJson } });
  });

  it('answers 413 for a body over 1 MB', async () => {
    const answer = await api.request<BetRow>('POST', '/api/bets', { token, body: { notes: 'x'.repeat(1_100_000) } });
    expect(answer).to.deep.include({ status: 413, body: { message: MESSAGES.bodyTooLarge } });
  });

  it('answers 400 with a message for a body of the wrong shape', async () => {
    const answer = await api.request<MessageResponse>('POST', '/api/bets', { token, body: [1, 2] });
    expect(answer.status).to.equal(400);
    expect(answer.body.message).to.be.a('string');
  });

  it('answers 404 { message } for an unknown route', async () => {
    expect(await api.request('POST', '/api/nothing-here', { token, body: {} })).to.deep.include({
      status: 404,
      body: { message: MESSAGES.notFound },
    });
    expect(await api.request('POST', '/elsewhere')).to.deep.include({ status: 404, body: { message: MESSAGES.notFound } });
  });

  it('answers 405 { message } for a method a route does not take', async () => {
    const answer = await api.request<MessageResponse>('PATCH', '/api/bets', { token, body: {} });
    expect(answer.status).to.equal(405);
    expect(answer.body.message).to.be.a('string');
  });

  it('answers 405 { message } for methods the router does not know (TRACE, PROPFIND, ...)', async () => {
    for (const method of ['TRACE', 'PROPFIND', 'MKCOL', 'LOCK', 'PURGE']) {
      for (const path of ['/api/bets', '/api/bets/0190a000-0000-7000-8000-00000000ffff', '/api/auth/register']) {
        const answer = await rawRequest(api.url, method, path, token);
        expect({ method, path, ...answer }).to.deep.equal({ method, path, status: 405, body: { message: MESSAGES.methodNotAllowed } });
      }
    }
  });

  it('answers 400 for an If-Match that is not a version', async () => {
    const answer = await api.request('DELETE', '/api/bets/0190a000-0000-7000-8000-00000000ffff', {
      token,
      headers: { 'If-Match': 'yesterday' },
    });
    expect(answer.status).to.equal(400);
  });

  it('sets security headers', async () => {
    const answer = await api.request('POST', '/api/nothing-here');
    expect(answer.headers.get('x-content-type-options')).to.equal('nosniff');
  });
});
