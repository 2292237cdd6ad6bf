import { request as httpRequest } from 'node:http';
import { expect } from 'chai';
import { MESSAGES } from '@bt/contracts';
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
    const answer = await api.request('POST', '/api/bets', { token, body: '{"sport": ', headers: { 'Content-Type': 'application/json' } });
    expect(answer).to.deep.include({ status: 400, body: { message: MESSAGES.badJson } });
  });

  it('answers 400 for JSON that is not an object', async () => {
    const answer = await api.request('POST', '/api/bets', { token, body: '42', headers: { 'Content-Type': 'application/json' } });
    expect(answer).to.deep.include({ status: 400, body: { message: MESSAGES.badJson } });
  });

  it('answers 413 for a body over 1 MB', async () => {
    const answer = await api.request('POST', '/api/bets', { token, body: { notes: 'x'.repeat(1_100_000) } });
    expect(answer).to.deep.include({ status: 413, body: { message: MESSAGES.bodyTooLarge } });
  });

  it('answers 400 with a message for a body of the wrong shape', async () => {
    const answer = await api.request('POST', '/api/bets', { token, body: [1, 2] });
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
    const answer = await api.request('PATCH', '/api/bets', { token, body: {} });
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
