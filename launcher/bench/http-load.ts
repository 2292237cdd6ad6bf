import { Agent, request } from 'node:http';

/** Latency summary in milliseconds. */
export interface Latency {
  count: number;
  p50: number;
  p99: number;
  mean: number;
}

const agent = new Agent({ keepAlive: true, maxSockets: 256 });

/**
 * One HTTP request over a keep-alive socket; resolves, once the last byte is in, with the status and
 * the body, decoded as text when read: the load generator shares the product's event loop, and
 * decoding a megabyte of gzip nobody reads (5 to 25 ms) would be counted in the other requests' latencies.
 * With `keepBytes`, only the body's first bytes are kept (`load` reads no more, for its error message):
 * keeping every megabyte answer in the product's heap made the collector's pauses the proofs' p99.
 */
export const send = (url: string, options: { method?: string; headers?: Record<string, string>; body?: string; keepBytes?: number } = {}) =>
  new Promise<{ status: number; readonly body: string; headers: Record<string, string | string[] | undefined> }>((resolve, reject) => {
    const req = request(url, { method: options.method ?? 'GET', headers: options.headers, agent }, (res) => {
      const chunks: Buffer[] = [];
      let kept = 0;
      const keepBytes = options.keepBytes ?? Infinity;
      res.on('data', (c: Buffer) => {
        if (kept >= keepBytes) return;
        chunks.push(kept + c.length > keepBytes ? Buffer.from(c.subarray(0, keepBytes - kept)) : c);
        kept += c.length;
      });
      res.on('end', () => {
        let text: string | undefined;
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers,
          get body() {
            return (text ??= Buffer.concat(chunks).toString());
          },
        });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(options.body);
  });

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

export const summarise = (samples: number[]): Latency => {
  const sorted = [...samples].sort((a, b) => a - b);
  return {
    count: sorted.length,
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    mean: sorted.reduce((a, b) => a + b, 0) / Math.max(1, sorted.length),
  };
};

/**
 * Sends `total` requests from `concurrency` clients, each waiting for its answer before the next;
 * returns latencies and throughput. Every answer must have the expected status.
 */
export const load = async (
  total: number,
  concurrency: number,
  make: (i: number) => { url: string; method?: string; headers?: Record<string, string>; body?: string },
  expectStatus: number,
): Promise<Run> => {
  const samples: number[] = [];
  let next = 0;
  const started = process.hrtime.bigint();
  const client = async () => {
    while (next < total) {
      const i = next++;
      const r = make(i);
      const t0 = process.hrtime.bigint();
      const res = await send(r.url, { ...r, keepBytes: 200 });
      samples.push(Number(process.hrtime.bigint() - t0) / 1e6);
      if (res.status !== expectStatus) throw new Error(`${r.method ?? 'GET'} ${r.url}: ${res.status} ${res.body.slice(0, 200)}`);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, client));
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  return { ...summarise(samples), perSecond: total / seconds, seconds, samples };
};

/** One `load`: its latencies summarised and raw (to merge rounds), its rate and duration. */
export type Run = Latency & { perSecond: number; seconds: number; samples: number[] };

/** Runs of the same requests as one: every latency, and the rate over their time together. */
export const merged = (runs: readonly Run[]): Run => {
  const samples = runs.flatMap((r) => r.samples);
  const seconds = runs.reduce((sum, r) => sum + r.seconds, 0);
  return { ...summarise(samples), perSecond: samples.length / seconds, seconds, samples };
};
