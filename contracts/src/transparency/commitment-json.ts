/**
 * RFC 8785 canonical JSON of a leaf's input, `{ ...fields, salt }`, for the shape committed fields
 * take (committed-fields.ts), byte for byte what `canonicalize` writes: a profile's verification
 * serializes tens of thousands of them, and a general canonicalizer sorts every object's keys and
 * walks a stack for each. Anything off that shape (a key more or less, a value that is not a
 * string, finite number, boolean or null) goes to `canonicalize` itself.
 */
import canonicalize from 'canonicalize';
import type { CommittedFields } from './committed-fields';

const BET_KEYS = ['kind', 'id', 'date', 'bonusBet', 'units', 'stakeDigest', 'sport', 'league', 'event', 'betType', 'odds', 'startsAt'];
const PARLAY_KEYS = ['kind', 'id', 'date', 'bonusBet', 'units', 'stakeDigest', 'name', 'totalOdds', 'legs'];
const LEG_KEYS = ['sport', 'league', 'event', 'selection', 'odds', 'date', 'startsAt'];

/** Keys in RFC 8785's order (UTF-16 code units, as `sort()` compares), each with its serialized name. */
const ordered = (keys: string[]) => [...keys].sort().map((key) => ({ key, name: `${JSON.stringify(key)}:` }));
const BET_SET = new Set(BET_KEYS);
const PARLAY_SET = new Set(PARLAY_KEYS);
const LEG_SET = new Set(LEG_KEYS);
// 'salt' is not one of the fields: it is placed among them here, and a fields object with its own goes to canonicalize.
const BET = ordered([...BET_KEYS, 'salt']);
const PARLAY = ordered([...PARLAY_KEYS, 'salt']);
const LEG = ordered(LEG_KEYS);

/** Thrown inside to hand the whole value to canonicalize. */
const OFF_SHAPE = Symbol('off shape');

// ES2024's String.prototype.isWellFormed, as canonicalize calls it (the project's lib predates it; Node 22 and Chromium have it).
const isWellFormed = (text: string): boolean => (text as string & { isWellFormed(): boolean }).isWellFormed();

const primitive = (value: unknown): string => {
  switch (typeof value) {
    case 'string':
      if (!isWellFormed(value)) throw new Error('Lone surrogate is not allowed');
      return JSON.stringify(value);
    case 'number':
      // canonicalize's own messages; JSON.stringify of a finite number is ECMAScript's Number::toString, as RFC 8785 asks.
      if (Number.isNaN(value)) throw new Error('NaN is not allowed');
      if (!Number.isFinite(value)) throw new Error('Infinity is not allowed');
      return JSON.stringify(value);
    case 'boolean':
      return value ? 'true' : 'false';
    default:
      if (value === null) return 'null';
      throw OFF_SHAPE;
  }
};

/** True when the object's own enumerable keys are exactly these and it has no toJSON of its own or inherited. */
const hasExactly = (value: object, keys: ReadonlySet<string>): boolean => {
  const own = Object.keys(value);
  if (own.length !== keys.size || 'toJSON' in value) return false;
  for (const key of own) if (!keys.has(key)) return false;
  return true;
};

const legJson = (leg: unknown): string => {
  if (typeof leg !== 'object' || leg === null || Array.isArray(leg) || !hasExactly(leg, LEG_SET)) throw OFF_SHAPE;
  let text = '{';
  for (const { key, name } of LEG) {
    const value = (leg as Record<string, unknown>)[key];
    if (value === undefined) throw OFF_SHAPE;
    text += (text.length === 1 ? '' : ',') + name + primitive(value);
  }
  return `${text}}`;
};

const shaped = (fields: Record<string, unknown>, salt: string): string => {
  const bet = fields.kind === 'bet';
  if (!bet && fields.kind !== 'parlay') throw OFF_SHAPE;
  if (!hasExactly(fields, bet ? BET_SET : PARLAY_SET)) throw OFF_SHAPE;
  let text = '{';
  for (const { key, name } of bet ? BET : PARLAY) {
    const value = key === 'salt' ? salt : fields[key];
    // An own key holding undefined is left out by canonicalize: rare enough to hand over.
    if (value === undefined) throw OFF_SHAPE;
    text += text.length === 1 ? name : `,${name}`;
    if (key !== 'legs') text += primitive(value);
    else if (!Array.isArray(value) || Object.getPrototypeOf(value) !== Array.prototype || 'toJSON' in value) throw OFF_SHAPE;
    else {
      // Indices rather than map, which would skip an array's holes.
      let legs = '[';
      for (let i = 0; i < value.length; i++) legs += (i === 0 ? '' : ',') + legJson(value[i]);
      text += `${legs}]`;
    }
  }
  return `${text}}`;
};

/** RFC 8785 canonical JSON of `{ ...fields, salt }` (throws, as canonicalize does, on a lone surrogate or a non-finite number). */
export const commitmentJson = (fields: CommittedFields, salt: string): string => {
  try {
    return shaped(fields, salt);
  } catch (error) {
    if (error !== OFF_SHAPE) throw error;
  }
  const text = canonicalize({ ...fields, salt });
  if (text === undefined) throw new Error('the value has no canonical JSON');
  return text;
};
