import { expect } from 'chai';
import Koa from 'koa';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PassThrough } from 'node:stream';
import { createBrotliDecompress, createGunzip } from 'node:zlib';
import { compressAnswers } from './compression';

/**
 * A streamed answer compressed chunk by chunk: the server writes its second line only after the
 * client has decoded the first, so a compressor that held the first line back would never finish
 * (the test times out).
 */
describe('compressAnswers', () => {
  let server: Server;
  let stream: PassThrough;
  let base: string;

  beforeEach(async () => {
    const app = new Koa();
    app.use(compressAnswers());
    app.use((ctx) => {
      stream = new PassThrough();
      ctx.type = 'application/x-ndjson; charset=utf-8';
      ctx.body = stream;
      stream.write('{"n":1}\n');
    });
    server = createServer(app.callback());
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterEach(() => {
    server.closeAllConnections();
    return new Promise<void>((resolve) => server.close(() => resolve()));
  });

  for (const encoding of ['br', 'gzip'] as const) {
    it(`streams NDJSON as ${encoding}, each line decodable as soon as it is written`, async () => {
      const lines: string[] = [];
      await new Promise<void>((resolve, reject) => {
        request(base, { headers: { 'Accept-Encoding': encoding } }, (response) => {
          expect(response.headers['content-encoding']).to.equal(encoding);
          const decoded = response.pipe(encoding === 'br' ? createBrotliDecompress() : createGunzip());
          decoded.setEncoding('utf8');
          decoded.on('data', (text: string) => {
            lines.push(text);
            if (lines.length === 1) stream.end('{"n":2}\n');
          });
          decoded.on('end', resolve);
          decoded.on('error', reject);
        })
          .on('error', reject)
          .end();
      });
      expect(lines).to.deep.equal(['{"n":1}\n', '{"n":2}\n']);
    });
  }

  it('leaves a small JSON answer and a client that asks for no encoding alone', async () => {
    const app = new Koa();
    app.use(compressAnswers());
    app.use((ctx) => {
      ctx.body = { ok: true };
    });
    const small = createServer(app.callback());
    await new Promise<void>((resolve) => small.listen(0, '127.0.0.1', resolve));
    try {
      const answer = await fetch(`http://127.0.0.1:${(small.address() as AddressInfo).port}/`, { headers: { 'Accept-Encoding': 'br' } });
      expect(answer.headers.get('content-encoding')).to.equal(null);
      expect(await answer.json()).to.deep.equal({ ok: true });
    } finally {
      await new Promise<void>((resolve) => small.close(() => resolve()));
    }
  });
});
