import { createCipheriv, createDecipheriv } from 'node:crypto';
import { randomBytesPooled } from '@bt/platform';

/**
 * One personal field as stored: `enc:v1:` then base64url of a 12-byte IV, the 16-byte GCM tag and
 * the AES-256-GCM ciphertext of the UTF-8 text. The associated data binds it to its event, field
 * and user, so a ciphertext moved to another event or field does not decrypt. `v1` versions the
 * format; a field without the marker was written before encryption (plain text, read as it is).
 */
const MARKER = 'enc:v1:';

/** What a personal field reads as once its user's key is destroyed (the account was deleted). */
export const SHREDDED = '[deleted]';

export const isEncrypted = (value: unknown): value is string => typeof value === 'string' && value.startsWith(MARKER);

const associated = (eventId: string, field: string, userId: string) => Buffer.from(`${eventId}\u0000${field}\u0000${userId}`, 'utf8');

export function encryptField(key: Buffer, text: string, eventId: string, field: string, userId: string): string {
  const iv = randomBytesPooled(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(associated(eventId, field, userId));
  const body = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]);
  return MARKER + Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
}

/** The field's text; throws when it was not encrypted with this key for this event, field and user. */
export function decryptField(key: Buffer, value: string, eventId: string, field: string, userId: string): string {
  const bytes = Buffer.from(value.slice(MARKER.length), 'base64url');
  const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, 12));
  decipher.setAAD(associated(eventId, field, userId));
  decipher.setAuthTag(bytes.subarray(12, 28));
  return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString('utf8');
}

/** Wraps (or unwraps) a user's data key with a master key: AES-256-GCM, the user id as associated data. */
export function wrapKey(master: Buffer, dataKey: Buffer, userId: string): Buffer {
  const iv = randomBytesPooled(12);
  const cipher = createCipheriv('aes-256-gcm', master, iv);
  cipher.setAAD(Buffer.from(userId, 'utf8'));
  const body = Buffer.concat([cipher.update(dataKey), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]);
}

export function unwrapKey(master: Buffer, wrapped: Buffer, userId: string): Buffer {
  const decipher = createDecipheriv('aes-256-gcm', master, wrapped.subarray(0, 12));
  decipher.setAAD(Buffer.from(userId, 'utf8'));
  decipher.setAuthTag(wrapped.subarray(12, 28));
  return Buffer.concat([decipher.update(wrapped.subarray(28)), decipher.final()]);
}

/** One step of a field's path: a field's name, and whether it holds a list (`a[]`). */
interface Step {
  name: string;
  list: boolean;
}

/** Each path's steps, split once (every event read has its type's paths walked). */
const stepsByPath = new Map<string, readonly Step[]>();
const stepsOf = (path: string): readonly Step[] => {
  let steps = stepsByPath.get(path);
  if (steps === undefined) {
    steps = path.split('.').map((step) => (step.endsWith('[]') ? { name: step.slice(0, -2), list: true } : { name: step, list: false }));
    stepsByPath.set(path, steps);
  }
  return steps;
};

/**
 * Applies `change` to every string at the paths given (`a.b`, `a[]`, `a[].b`) of a copy of `data`;
 * `data` itself is never changed, and is answered when nothing changed. Missing fields, nulls and
 * non-strings are left as they are.
 */
export function mapFields(data: unknown, paths: readonly string[], change: (value: string, path: string) => string): unknown {
  let copy = data;
  for (const path of paths) copy = mapPath(copy, stepsOf(path), 0, (value) => change(value, path));
  return copy;
}

function mapPath(node: unknown, steps: readonly Step[], at: number, change: (value: string) => string): unknown {
  if (at === steps.length) return typeof node === 'string' ? change(node) : node;
  if (node === null || typeof node !== 'object' || Array.isArray(node)) return node;
  const { name, list } = steps[at];
  const record = node as Record<string, unknown>;
  if (!Object.hasOwn(record, name)) return node;
  const value = record[name];
  let next = value;
  if (!list) next = mapPath(value, steps, at + 1, change);
  else if (Array.isArray(value)) {
    const items = value.map((item) => mapPath(item, steps, at + 1, change));
    if (items.some((item, i) => item !== value[i])) next = items;
  }
  return next === value ? node : { ...record, [name]: next };
}

/** Whether `test` holds for a string at one of the paths given (as mapFields visits them), walking `data` without copying it. */
export function someField(data: unknown, paths: readonly string[], test: (value: string) => boolean): boolean {
  for (const path of paths) if (somePath(data, stepsOf(path), 0, test)) return true;
  return false;
}

function somePath(node: unknown, steps: readonly Step[], at: number, test: (value: string) => boolean): boolean {
  if (at === steps.length) return typeof node === 'string' && test(node);
  if (node === null || typeof node !== 'object' || Array.isArray(node)) return false;
  const { name, list } = steps[at];
  const record = node as Record<string, unknown>;
  if (!Object.hasOwn(record, name)) return false;
  const value = record[name];
  if (!list) return somePath(value, steps, at + 1, test);
  if (!Array.isArray(value)) return false;
  for (const item of value) if (somePath(item, steps, at + 1, test)) return true;
  return false;
}
