import { expect } from 'chai';
import canonicalize from 'canonicalize';
import fc from 'fast-check';
import { commitmentJson } from './commitment-json';
import type { CommittedFields } from './committed-fields';

/** canonicalize's answer for `{ ...fields, salt }`: its text, or the message it throws. */
const reference = (fields: unknown, salt: string): string => {
  try {
    return `ok ${canonicalize({ ...(fields as object), salt })}`;
  } catch (error) {
    return `error ${(error as Error).message}`;
  }
};
const ours = (fields: unknown, salt: string): string => {
  try {
    return `ok ${commitmentJson(fields as CommittedFields, salt)}`;
  } catch (error) {
    return `error ${(error as Error).message}`;
  }
};

// Every UTF-16 code unit (lone surrogates, controls, quotes, backslashes, astral pairs), mostly as text is typed.
const text = fc.oneof(
  fc.string(),
  fc.string({ unit: 'binary' }),
  fc.string({ unit: fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c)) }),
);
const number = fc.oneof(
  fc.double(),
  fc.integer(),
  fc.constantFrom(
    -0,
    0,
    1e21,
    1e-7,
    123e-20,
    5e-324,
    Number.MAX_VALUE,
    Number.MAX_SAFE_INTEGER + 2,
    0.1 + 0.2,
    1 / 3,
    NaN,
    Infinity,
    -Infinity,
  ),
);
const nullableText = fc.option(text, { nil: null });
const leg = fc.record({
  sport: text,
  league: nullableText,
  event: text,
  selection: text,
  odds: nullableText,
  date: text,
  startsAt: nullableText,
});
const wager = { id: text, date: text, bonusBet: fc.boolean(), units: fc.option(number, { nil: null }), stakeDigest: text };
const bet = fc.record({
  kind: fc.constant('bet'),
  ...wager,
  sport: text,
  league: nullableText,
  event: text,
  betType: text,
  odds: text,
  startsAt: nullableText,
});
const parlay = fc.record({
  kind: fc.constant('parlay'),
  ...wager,
  name: text,
  totalOdds: nullableText,
  legs: fc.array(leg, { maxLength: 4 }),
});

/** The value with one key dropped, added, set to undefined or to an off-shape value, at its top or in a leg. */
const offShape = (fields: Record<string, unknown>) =>
  fc
    .tuple(
      fc.constantFrom('drop', 'add', 'undefined', 'object', 'salt'),
      fc.nat(),
      fc.constantFrom<unknown>(undefined, {}, [1], 'x', 7, () => 1),
    )
    .map(([change, at, value]) => {
      const legs = fields.legs as Record<string, unknown>[] | undefined;
      const target = legs && legs.length > 0 && at % 2 === 0 ? { ...legs[at % legs.length] } : { ...fields };
      const keys = Object.keys(target);
      const key = keys[at % keys.length];
      if (change === 'drop') delete target[key];
      else if (change === 'add') target.extra = value;
      else if (change === 'undefined') target[key] = undefined;
      else if (change === 'object') target[key] = value;
      else target.salt = value;
      if (target === fields || !legs || legs.length === 0 || at % 2 !== 0) return target;
      return { ...fields, legs: legs.map((l, i) => (i === at % legs.length ? target : l)) };
    });

describe('commitmentJson', () => {
  it('writes what canonicalize writes for every shape of committed fields', () => {
    fc.assert(
      fc.property(fc.oneof(bet, parlay), text, (fields, salt) => {
        expect(ours(fields, salt)).to.equal(reference(fields, salt));
      }),
      { numRuns: 3000 },
    );
  });

  it('refuses a lone surrogate or a non-finite number with canonicalize’s message', () => {
    const fields = { kind: 'bet', id: 'b', date: '2026-11-28', bonusBet: false, units: 1, stakeDigest: 'd', sport: 's', league: null };
    const more = { event: 'e', betType: 'moneyline', odds: '+100', startsAt: null };
    expect(ours({ ...fields, ...more, event: 'a\ud800b' }, 's')).to.equal('error Lone surrogate is not allowed');
    expect(ours({ ...fields, ...more }, '\udc00')).to.equal('error Lone surrogate is not allowed');
    expect(ours({ ...fields, ...more, units: NaN }, 's')).to.equal('error NaN is not allowed');
    expect(ours({ ...fields, ...more, units: -Infinity }, 's')).to.equal('error Infinity is not allowed');
    expect(ours({ ...fields, ...more, units: -0, event: '😀"\\\n' }, 's')).to.equal(
      reference({ ...fields, ...more, units: -0, event: '😀"\\\n' }, 's'),
    );
  });

  it('hands anything off that shape to canonicalize and still writes what it writes', () => {
    fc.assert(
      fc.property(
        fc.oneof(bet, parlay).chain((fields) => offShape(fields)),
        text,
        (fields, salt) => {
          expect(ours(fields, salt)).to.equal(reference(fields, salt));
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('writes the keys in RFC 8785 order, legs included', () => {
    const leg = { sport: 'nba', league: null, event: 'e', selection: 'x', odds: '-110', date: '2026-11-28', startsAt: null };
    const parlay = {
      kind: 'parlay',
      id: 'p',
      date: 'd',
      bonusBet: true,
      units: 1e21,
      stakeDigest: 'h',
      name: 'n',
      totalOdds: null,
      legs: [leg],
    };
    expect(commitmentJson(parlay as CommittedFields, 's')).to.equal(
      '{"bonusBet":true,"date":"d","id":"p","kind":"parlay","legs":[{"date":"2026-11-28","event":"e","league":null,"odds":"-110",' +
        '"selection":"x","sport":"nba","startsAt":null}],"name":"n","salt":"s","stakeDigest":"h","totalOdds":null,"units":1e+21}',
    );
  });
});
