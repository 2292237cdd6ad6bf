import { request as httpRequest } from 'node:http';
import fc from 'fast-check';

// What the fuzz test (fuzz.int.test.ts) sends: node:http requests of any method and bytes, and the
// malformed values, bodies and CSV files it builds them from.

interface Answer {
  status: number;
  text: string;
}

/** node:http, so any method (TRACE too) and any body bytes can be sent. */
export const send = (base: string, method: string, path: string, headers: Record<string, string>, body?: string) =>
  new Promise<Answer>((resolve, reject) => {
    const req = httpRequest(
      `${base}${path}`,
      { method, headers: body === undefined ? headers : { ...headers, 'Content-Length': String(Buffer.byteLength(body)) } },
      (res) => {
        let text = '';
        res
          .setEncoding('utf8')
          .on('data', (chunk) => (text += chunk))
          .on('end', () => resolve({ status: res.statusCode ?? 0, text }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });

// Values an attacker tries in any field.
const loneSurrogate = fc.integer({ min: 0xd800, max: 0xdfff }).map((c) => String.fromCharCode(c));
export const nastyText = fc
  .array(
    fc.oneof(
      fc.constantFrom('\u0000', '\ud800', '\udfff', '=cmd|', '+', '-', '@', '\t', '\r', '\n', '"', "'", '<script>', ' '),
      fc.string({ unit: 'binary', maxLength: 6 }),
      loneSurrogate,
    ),
    { maxLength: 6 },
  )
  .map((parts) => parts.join(''));
const nastyNumber = fc.oneof(
  fc.double(),
  fc.integer(),
  fc.constantFrom(0, -0, 0.001, 0.004, 0.005, 1e-320, 5e-324, 1e21, 1e308, -1e308, Number.MAX_SAFE_INTEGER + 2, 2 ** 63, 1_000_000_001),
);
export const nastyNumericText = fc.constantFrom(
  '0x10',
  '0b11',
  '0o7',
  '1e3',
  '1e400',
  'Infinity',
  '-Infinity',
  'NaN',
  '',
  ' ',
  '1,000',
  '٣',
  '+-1',
  '10.',
  '.',
  '0.001',
);
export const nastyDate = fc.oneof(
  fc.constantFrom(
    '9999-12-31',
    '9999-06-01',
    '+010000-01-01',
    '0000-01-01',
    '1899-12-31',
    '2100-01-01',
    '2025-02-29',
    '2025-13-01',
    '2025-1-1',
    '-000001-01-01',
  ),
  fc.date({ noInvalidDate: true }).map((d) => d.toISOString()),
  fc.date({ noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10)),
);
/** Nesting as deep as the body limit allows: built as text (JSON.parse itself gives up far earlier). */
const deepText = fc
  .tuple(fc.integer({ min: 1, max: 400_000 }), fc.boolean())
  .map(
    ([depth, arrays]) =>
      `{"nested":${arrays ? `${'['.repeat(depth)}${']'.repeat(depth)}` : `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`}}`,
  );
const nastyValue: fc.Arbitrary<unknown> = fc.oneof(
  { arbitrary: nastyText, weight: 4 },
  { arbitrary: nastyNumber, weight: 2 },
  { arbitrary: nastyNumericText, weight: 2 },
  { arbitrary: nastyDate, weight: 2 },
  { arbitrary: fc.constantFrom(null, true, false, [], {}), weight: 1 },
  { arbitrary: fc.array(nastyText, { maxLength: 60 }), weight: 1 },
  { arbitrary: fc.anything({ maxDepth: 4 }), weight: 1 },
);

/** A valid body with some fields replaced or added: reaches past the first checks. */
export const mutated = (valid: Record<string, unknown>, fresh: fc.Arbitrary<Record<string, unknown>> = fc.constant({})) =>
  fc
    .array(
      fc.tuple(
        Object.keys(valid).length
          ? fc.oneof(
              { arbitrary: fc.constantFrom(...Object.keys(valid)), weight: 4 },
              { arbitrary: fc.string({ maxLength: 8 }), weight: 1 },
            )
          : fc.string({ maxLength: 8 }),
        nastyValue,
      ),
      {
        minLength: 1,
        maxLength: 4,
      },
    )
    .chain((changes) => fresh.map((unique) => JSON.stringify({ ...valid, ...unique, ...Object.fromEntries(changes) })));

/** Whole bodies that are wrong from the start: JSON of any shape, deep nesting, not JSON at all. */
export const wrongBody = fc.oneof(
  fc.jsonValue({ maxDepth: 5 }).map((v) => JSON.stringify(v)),
  deepText,
  fc.string({ unit: 'binary', maxLength: 200 }),
  fc.constantFrom('', '{', '{"a":', 'null', '[]', '"\\u0000"', '{"title":"\\ud800"}', '{"__proto__":{"admin":true}}'),
);

export const leg = (n: number) => ({
  sport: 'football',
  event: `Game ${n}`,
  selection: 'Home',
  odds: '-110',
  date: '2025-03-01',
  outcome: 'pending',
});
export const csvText = fc
  .array(
    fc.array(fc.oneof(nastyText, nastyNumericText, nastyDate, fc.constantFrom('bet', 'parlay', 'win', '-110', '[{"sport":1}]')), {
      maxLength: 12,
    }),
    { maxLength: 6 },
  )
  .map((rows) =>
    [
      'date,kind,sport,event,betType,odds,stake,outcome,notes,legs',
      ...rows.map((r) => r.map((c) => `"${c.replace(/"/g, '""')}"`).join(',')),
    ].join('\r\n'),
  );
